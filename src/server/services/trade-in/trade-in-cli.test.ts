import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCustomer } from '../../../../tests/factories/customer-factory';
import { createProduct } from '../../../../tests/factories/product-factory';
import { ANSWERS, createTradeInDevice } from '../../../../tests/factories/trade-in-factory';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects, type TestStore } from '../../../../tests/helpers/test-store';
import { TRADE_IN_PATHS } from '../../../shared/trade-in-constants';
import {
  debitGiftCard,
  giftCardBalance,
  giftCardLedgerSum,
} from '../../db/repositories/gift-card-repository';
import { findTradeIn, findTradeInItems } from '../../db/repositories/trade-in-repository';

// npm run tradein -- receive|expire, run as a child process against the test's own store: its SQLite
// file, or its PostgreSQL schema (named in the address's startup options).
const addressOf = (store: TestStore) =>
  store.schema ? `${store.url}?options=${encodeURIComponent(`-c search_path=${store.schema}`)}` : store.url;
const cli = (args: string[], store: TestStore) =>
  spawnSync('node', ['--import', 'tsx', 'src/server/services/trade-in/trade-in-cli.ts', ...args], {
    env: { ...process.env, DATABASE_URL: addressOf(store), NODE_ENV: 'test' },
    encoding: 'utf8',
  });

describe.each(dialects)('npm run tradein on %s', (dialect) => {
  let ctx: TestContext;
  let page = '';
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    page = `/dp/${(await createProduct(ctx.store.db)).asin}`;
  });
  afterAll(() => ctx?.close());

  /** A shopper who submitted one device answered LikeNew; answers the trade-in id. */
  const submitted = async (
    payableNow: boolean,
    devices = 1,
    existing?: { id: string; email: string; password: string },
  ) => {
    const made = [];
    for (let i = 0; i < devices; i++) {
      made.push(
        await createTradeInDevice(ctx.store.db, {
          productGroup: 'gl_video_games',
          newValue: 100,
          payableNow,
        }),
      );
    }
    const customer = existing ?? (await createCustomer(ctx.store.db));
    const s = new Shopper(ctx.app);
    await s.signIn(customer.email, customer.password);
    await s.visit(page);
    const headers = { 'content-type': 'application/json', 'x-csrf-token': s.csrfToken };
    for (const device of made) {
      await s.request({
        method: 'POST',
        url: TRADE_IN_PATHS.cartAdd,
        headers,
        payload: JSON.stringify({ asin: device.asin, answers: ANSWERS.LikeNew }),
      });
    }
    const success = await s.request({ method: 'POST', url: TRADE_IN_PATHS.submit, headers, payload: '{}' });
    return { tradeInId: success.json().tradeInId as string, customerId: customer.id, customer };
  };

  test('TI-001 TI-018 receive with the quoted condition credits a PAID_LATER trade-in; a second receive is refused', async () => {
    const { tradeInId, customerId } = await submitted(false);
    expect(await giftCardBalance(ctx.store.db, customerId)).toBe(0);
    const run = cli(['receive', tradeInId, '--condition', 'LikeNew'], ctx.store);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`trade-in ${tradeInId} credited`);
    expect((await findTradeIn(ctx.store.db, tradeInId))?.state).toBe('credited');
    expect(await giftCardBalance(ctx.store.db, customerId)).toBe(9_000);
    const again = cli(['receive', tradeInId, '--condition', 'LikeNew'], ctx.store);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('is credited, not submitted');
    expect(await giftCardBalance(ctx.store.db, customerId)).toBe(9_000);
  });

  test('TI-028 an invalid condition key is logged and refused; nothing changes', async () => {
    const { tradeInId } = await submitted(false);
    const run = cli(['receive', tradeInId, '--condition', 'Excellent'], ctx.store);
    expect(run.status).toBe(1);
    const line = run.stderr.split('\n').find((l) => l.startsWith('{'));
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      level: 40,
      msg: 'Invalid condition key',
      condition: 'Excellent',
      tradeInId,
    });
    expect((await findTradeIn(ctx.store.db, tradeInId))?.state).toBe('submitted');
  });

  test('TI-018 expire takes back the paid-now credit; what the balance no longer holds becomes the trade-in debt', async () => {
    const { tradeInId, customerId } = await submitted(true);
    expect(await giftCardBalance(ctx.store.db, customerId)).toBe(9_000);
    // The shopper spent $60 of the credit before the device failed to arrive.
    await debitGiftCard(ctx.store.db, {
      customerId,
      amountMinor: 6_000,
      currencyCode: 'USD',
      reason: 'orderPayment',
      orderId: 'ORDER-X',
      now: ctx.clock.now,
    });
    const run = cli(['expire', tradeInId], ctx.store);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('returned');
    const tradeIn = await findTradeIn(ctx.store.db, tradeInId);
    expect(tradeIn).toMatchObject({ state: 'returned', debtMinor: 6_000 });
    expect(await giftCardBalance(ctx.store.db, customerId)).toBe(0);
    expect(await giftCardLedgerSum(ctx.store.db, customerId)).toBe(0);
    expect(cli(['expire', tradeInId], ctx.store).status).toBe(1);
  });

  test("TI-018 a later credit pays back the debt first; the rest is the shopper's", async () => {
    const owing = await submitted(true);
    await debitGiftCard(ctx.store.db, {
      customerId: owing.customerId,
      amountMinor: 6_000,
      currencyCode: 'USD',
      reason: 'orderPayment',
      orderId: 'ORDER-Y',
      now: ctx.clock.now,
    });
    expect(cli(['expire', owing.tradeInId], ctx.store).status).toBe(0);
    expect((await findTradeIn(ctx.store.db, owing.tradeInId))?.debtMinor).toBe(6_000);
    // The same shopper's next trade-in is received and credited $90: $60 of it repays the debt.
    const { tradeInId: next } = await submitted(false, 1, owing.customer);
    expect(cli(['receive', next, '--condition', 'LikeNew'], ctx.store).status).toBe(0);
    expect((await findTradeIn(ctx.store.db, owing.tradeInId))?.debtMinor).toBe(0);
    expect(await giftCardBalance(ctx.store.db, owing.customerId)).toBe(3_000);
    expect(await giftCardLedgerSum(ctx.store.db, owing.customerId)).toBe(3_000);
  });

  test('TI-018 each device in its own condition: --item names one, --condition the rest', async () => {
    const { tradeInId, customerId } = await submitted(false, 2);
    const [kept, worse] = await findTradeInItems(ctx.store.db, tradeInId);
    const stranger = cli(
      ['receive', tradeInId, '--condition', 'LikeNew', '--item', 'TII-nope=Good'],
      ctx.store,
    );
    expect([stranger.status, stranger.stderr.trim()]).toEqual([
      1,
      `trade-in ${tradeInId} holds no item TII-nope`,
    ]);
    const run = cli(
      ['receive', tradeInId, '--condition', 'LikeNew', '--item', `${worse?.id}=Damaged`],
      ctx.store,
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('appraised: 1 item(s) found worse');
    const items = await findTradeInItems(ctx.store.db, tradeInId);
    expect(items.map((item) => [item.id, item.conditionFound])).toEqual([
      [kept?.id, 'LikeNew'],
      [worse?.id, 'Damaged'],
    ]);
    // The device found as quoted is credited now; the worse one waits for the shopper's choice.
    expect(await giftCardBalance(ctx.store.db, customerId)).toBe(9_000);
  });

  // Usage is read before the store is opened: one database says it.
  test.runIf(dialect === 'sqlite')('usage: a command without its arguments exits 2', () => {
    expect(cli(['receive', 'TI-1'], ctx.store).status).toBe(2);
    expect(cli(['explode'], ctx.store).status).toBe(2);
    expect(cli(['receive', 'TI-1', '--condition', 'Good', '--item', 'no-equals'], ctx.store).status).toBe(2);
  });
});
