import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { ServerArea } from '../../src/server/areas/server-area';
import { importCatalogFile, seedAccounts } from '../../src/server/catalog/catalog-files';
import { readEnv } from '../../src/server/env';
import { compiledFor, strictAnswerCheck } from './openapi-answers';
import { createTestStore, type TestStore } from './test-store';

export const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);

export type TestContext = {
  app: FastifyInstance;
  store: TestStore;
  clock: { now: number };
  close(): Promise<void>;
};

/**
 * An app on a fresh database of `dialect`, with the demo catalog and accounts loaded and a movable
 * clock; the store's areas unless `areas` names others. Every JSON answer of a documented route is
 * checked against the live OpenAPI document by a strict validator; one off its schema answers 500 and
 * fails the test.
 */
export async function createTestApp(
  dialect: 'sqlite' | 'postgres',
  options: { seed?: boolean; areas?: readonly ServerArea[] } = {},
): Promise<TestContext> {
  const store = await createTestStore(dialect);
  const clock = { now: T0 };
  const env = readEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: (process.env.TEST_LOG_LEVEL as 'silent' | undefined) ?? 'silent',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-42',
  });
  if (options.seed !== false) {
    const result = await importCatalogFile(store.db, env.CATALOG_FILE, clock.now);
    if (!result.ok) throw new Error(`demo catalog invalid: ${JSON.stringify(result.problems.slice(0, 3))}`);
    await seedAccounts(store.db, env.ACCOUNTS_FILE, clock.now);
  }
  const app = await buildApp({
    env,
    store,
    clock: () => clock.now,
    checkAnswer: strictAnswerCheck(),
    ...(options.areas ? { areas: options.areas } : {}),
  });
  await app.ready();
  compiledFor(app.swagger());
  return {
    app,
    store,
    clock,
    close: async () => {
      await app.close();
      await store.drop();
    },
  };
}

/** A shopper's browser: keeps the session cookie and the page's tokens between requests. */
/** The page data a server-rendered page carries for its script (`#page-data`), or undefined. */
// biome-ignore lint/suspicious/noExplicitAny: a test reads whichever page's fields it checks.
export function pageDataOf(html: string): any {
  const data = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];
  return data ? JSON.parse(data) : undefined;
}

export class Shopper {
  /** Every cookie the server set, as a browser keeps them. */
  private readonly jar = new Map<string, string>();
  csrfToken = '';

  /** The Cookie header this browser sends; setting it replaces the jar (a stale or foreign cookie). */
  get cookie(): string {
    return [...this.jar.values()].join('; ');
  }

  set cookie(header: string) {
    this.jar.clear();
    for (const pair of header
      .split(';')
      .map((p) => p.trim())
      .filter(Boolean)) {
      this.jar.set(pair.slice(0, pair.indexOf('=')), pair);
    }
  }
  slateToken = '';
  sessionId = '';

  constructor(private readonly app: FastifyInstance) {}

  /** Loads a page and takes the tokens from its meta tags, as the page script does. */
  async visit(url = '/dp/B0PDPSPK01'): Promise<LightMyRequestResponse> {
    const response = await this.request({ method: 'GET', url, headers: { accept: 'text/html' } });
    const meta = (name: string) =>
      new RegExp(`<meta name="${name}" content="([^"]*)"`)
        .exec(response.body)?.[1]
        ?.replaceAll('&amp;', '&') ?? '';
    this.csrfToken = meta('csrf-token');
    this.slateToken = meta('encrypted-slate-token');
    const data = pageDataOf(response.body) as { shopper?: { sessionId: string } } | undefined;
    if (data?.shopper) this.sessionId = data.shopper.sessionId;
    return response;
  }

  async request(
    options: InjectOptions & { headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse> {
    const response = await this.app.inject({
      ...options,
      headers: { ...(this.jar.size ? { cookie: this.cookie } : {}), ...(options.headers ?? {}) },
    });
    const setCookie = response.headers['set-cookie'];
    const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
    for (const cookie of cookies) {
      const pair = cookie.split(';')[0] ?? '';
      const name = pair.slice(0, pair.indexOf('='));
      if (name) this.jar.set(name, pair);
    }
    return response;
  }

  /** POST to the cart API as the page does: versioned media types, CSRF and slate tokens. */
  addItems(
    items: unknown,
    options: { marketplaceId?: string; query?: string; headers?: Record<string, string> } = {},
  ) {
    return this.request({
      method: 'POST',
      url: `/api/marketplaces/${options.marketplaceId ?? 'ATVPDKIKX0DER'}/cart/carts/retail/items${options.query ?? ''}`,
      headers: {
        'content-type': 'application/vnd.com.amazon.api+json; type="cart.add-items.request/v1"',
        accept: 'application/vnd.com.amazon.api+json; type="cart.add-items/v1"',
        'accept-language': 'en-US',
        'x-csrf-token': this.csrfToken,
        'x-encrypted-slate-token': this.slateToken,
        ...(options.headers ?? {}),
      },
      payload: JSON.stringify({ items }),
    });
  }

  /** POST a urlencoded form with the CSRF token as a field, as a plain HTML form does. */
  postForm(url: string, fields: Record<string, string>, options: { csrf?: boolean } = {}) {
    const body = new URLSearchParams({
      ...(options.csrf === false ? {} : { csrfToken: this.csrfToken }),
      ...fields,
    });
    return this.request({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body.toString(),
    });
  }

  /** Signs in through the sign-in form, as a shopper does, and keeps the signed-in session. */
  async signIn(email: string, password: string, path = '/') {
    await this.visit('/gp/sign-in.html');
    return this.postForm('/gp/sign-in.html', { action: 'sign-in', email, password, path });
  }

  async cartCount(): Promise<number> {
    const response = await this.request({ method: 'GET', url: '/api/marketplaces/ATVPDKIKX0DER/cart/count' });
    return (response.json() as { entity: { items: number } }).entity.items;
  }
}
