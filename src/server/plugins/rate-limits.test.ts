import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCustomer, demoAccountShape } from '../../../tests/factories/customer-factory';
import { createDemoCopies } from '../../../tests/factories/demo-products';
import { createTestApp, Shopper, T0, type TestContext } from '../../../tests/helpers/test-app';
import { dialects } from '../../../tests/helpers/test-store';
import { TRADE_IN_PATHS } from '../../shared/trade-in-constants';
import { buildApp } from '../app';
import { openStore } from '../db/database';
import { readEnv } from '../env';
import { RATE_LIMITS } from './rate-limits';

const INVITE_TYPE = 'application/vnd.com.amazon.api+json; type="invite.request/v1"';
const env = (extra: Record<string, string> = {}) =>
  readEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-42',
    ...extra,
  });

const redisUrl = await (async () => {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 });
  try {
    await probe.connect();
    await probe.quit();
    return url;
  } catch {
    probe.disconnect();
    return null;
  }
})();

describe.each(dialects)('rate limits on %s', (dialect) => {
  let ctx: TestContext;
  let product = '';
  let speaker = '';
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    const copies = await createDemoCopies(ctx.store.db, ['B0PDPCNS01', 'B0PDPSPK01'], { now: ctx.clock.now });
    product = copies.asin('B0PDPCNS01');
    speaker = copies.asin('B0PDPSPK01');
  });
  afterAll(() => ctx?.close());

  type Account = { email: string; password: string };
  const signedIn = async (app = ctx.app, known?: Account) => {
    const account = known ?? (await createCustomer(ctx.store.db, demoAccountShape('prime'), { now: T0 }));
    const s = new Shopper(app);
    await s.visit('/gp/sign-in.html');
    await s.postForm('/gp/sign-in.html', {
      action: 'sign-in',
      email: account.email,
      password: account.password,
      path: '/',
    });
    await s.visit(`/dp/${speaker}`);
    return { s, account };
  };
  const requestInvitation = (s: Shopper) =>
    s.request({
      method: 'POST',
      url: `/api/marketplaces/ATVPDKIKX0DER/products/${product}/invitation`,
      headers: { 'content-type': INVITE_TYPE, 'x-csrf-token': s.csrfToken },
      payload: '{}',
    });

  test('a customer past a limit gets 429 with Retry-After in the house shape, until the window ends', async () => {
    const { s } = await signedIn();
    const { max } = RATE_LIMITS.invitation;
    for (let i = 0; i < max; i++) expect((await requestInvitation(s)).statusCode).toBe(200);
    const limited = await requestInvitation(s);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error.code).toBe('rate_limited');
    // Another customer is counted on its own.
    expect((await requestInvitation((await signedIn()).s)).statusCode).toBe(200);
    ctx.clock.now += RATE_LIMITS.invitation.timeWindow;
    expect((await requestInvitation(s)).statusCode).toBe(200);
  });

  test('sign-in attempts for one email from one address are limited; another email is not held up', async () => {
    const s = new Shopper(ctx.app);
    await s.visit('/gp/sign-in.html');
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.signIn.max; i++) {
      const attempt = await s.postForm('/gp/sign-in.html', {
        action: 'sign-in',
        // No password: the form is refused without hashing anything; the attempt still counts.
        email: 'Nobody@example.com ',
        path: '/',
      });
      statuses.push(attempt.statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status !== 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const other = await s.postForm('/gp/sign-in.html', {
      action: 'sign-in',
      email: 'somebody@example.com',
      path: '/',
    });
    expect(other.statusCode).not.toBe(429);
    const again = await s.postForm('/gp/sign-in.html', {
      action: 'sign-in',
      email: 'nobody@example.com',
      path: '/',
    });
    expect(again.statusCode).toBe(429);
    ctx.clock.now += RATE_LIMITS.signIn.timeWindow;
  });

  test('the trade-in submit is limited by its path: refused submits count too', async () => {
    const { s } = await signedIn();
    const submit = () =>
      s.request({
        method: 'POST',
        url: TRADE_IN_PATHS.submit,
        headers: { 'content-type': 'application/json', 'x-csrf-token': s.csrfToken },
        payload: '{}',
      });
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.tradeInSubmit.max; i++) statuses.push((await submit()).statusCode);
    expect(statuses.slice(0, -1).every((status) => status !== 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    ctx.clock.now += RATE_LIMITS.tradeInSubmit.timeWindow;
  });

  test('two processes on one database count the same hits', async () => {
    const second = await buildApp({
      env: env(),
      store: dialect === 'postgres' ? openStore(ctx.store.url, { schema: ctx.store.schema }) : ctx.store,
      clock: () => ctx.clock.now,
    });
    try {
      const { s, account } = await signedIn();
      const { s: elsewhere } = await signedIn(second, account);
      const half = Math.ceil(RATE_LIMITS.invitation.max / 2);
      for (let i = 0; i < half; i++) expect((await requestInvitation(s)).statusCode).toBe(200);
      for (let i = half; i < RATE_LIMITS.invitation.max; i++) {
        expect((await requestInvitation(elsewhere)).statusCode).toBe(200);
      }
      expect((await requestInvitation(elsewhere)).statusCode).toBe(429);
      expect((await requestInvitation(s)).statusCode).toBe(429);
    } finally {
      await second.close();
      if (dialect === 'postgres') await second.store.close();
    }
  });

  test.skipIf(!redisUrl)(
    'with REDIS_URL the hits are counted in Redis, shared by every process',
    async () => {
      const apps = await Promise.all(
        [0, 1].map(() =>
          buildApp({ env: env({ REDIS_URL: redisUrl ?? '' }), store: ctx.store, clock: () => ctx.clock.now }),
        ),
      );
      try {
        const [a, b] = apps as [typeof ctx.app, typeof ctx.app];
        const { s, account } = await signedIn(a);
        const { s: elsewhere } = await signedIn(b, account);
        for (let i = 0; i < RATE_LIMITS.invitation.max; i++) {
          expect((await requestInvitation(i % 2 ? s : elsewhere)).statusCode).toBe(200);
        }
        expect((await requestInvitation(s)).statusCode).toBe(429);
        expect((await requestInvitation(elsewhere)).statusCode).toBe(429);
        // Nothing was counted in the database.
        const customer = await ctx.store.db
          .selectFrom('customers')
          .select('id')
          .where('email', '=', account.email)
          .executeTakeFirstOrThrow();
        const counted = await ctx.store.db.selectFrom('rate_limit_counters').select('key').execute();
        expect(counted.filter((row) => row.key.includes(customer.id))).toEqual([]);
      } finally {
        for (const app of apps) await app.close();
      }
    },
  );
});
