import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCustomer, demoAccountShape } from '../../../tests/factories/customer-factory';
import { createDeal } from '../../../tests/factories/deal-factory';
import { createDemoCopies } from '../../../tests/factories/demo-products';
import { createProduct } from '../../../tests/factories/product-factory';
import { createRegistry } from '../../../tests/factories/registry-factory';
import { createTestApp, Shopper, type TestContext } from '../../../tests/helpers/test-app';
import { dialects } from '../../../tests/helpers/test-store';
import { LIST_PATHS } from '../../shared/list-constants';
import { ADD_PRODUCT_PATH, BABY_ADD_PATH, WEDDING_ADD_ITEMS_PATH } from '../../shared/registry-constants';
import { SERVER_AREAS } from '../areas/areas';
import type { AreaRoutes, ServerArea } from '../areas/server-area';

// A write the test holds open, to send a second try while the first is still running.
let releaseHeld: () => void = () => undefined;
const heldRoutes: AreaRoutes = async (app) => {
  app.post('/test/held-write', { schema: { hide: true } }, async () => {
    await new Promise<void>((resolve) => {
      releaseHeld = resolve;
    });
    return { done: true };
  });
};
const AREAS: readonly ServerArea[] = [...SERVER_AREAS, { name: 'held-write', routes: [heldRoutes] }];

describe.each(dialects)('Idempotency-Key on %s', (dialect) => {
  let ctx: TestContext;
  let speaker = { asin: '', offerListingId: '' };
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false, areas: AREAS });
    const copies = await createDemoCopies(ctx.store.db, ['B0PDPSPK01'], { now: ctx.clock.now });
    speaker = copies.item('B0PDPSPK01');
  });
  afterAll(() => ctx?.close());

  const shopper = async () => {
    const s = new Shopper(ctx.app);
    await s.visit(`/dp/${speaker.asin}`);
    return s;
  };
  const keyed = (key: string) => ({ headers: { 'idempotency-key': `"${key}"` } });
  /** A JSON write by the shopper with an idempotency key, ready to send again. */
  const postJson = (s: Shopper, url: string, body: unknown, key: string) => () =>
    s.request({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': s.csrfToken,
        'idempotency-key': `"${key}"`,
      },
      payload: JSON.stringify(body),
    });
  /** The quantities of an asin on the customer's lists. */
  const listedQuantities = async (customerId: string, asin: string) =>
    (
      await ctx.store.db
        .selectFrom('list_items')
        .innerJoin('lists', 'lists.id', 'list_items.list_id')
        .select('list_items.quantity')
        .where('lists.customer_id', '=', customerId)
        .where('list_items.asin', '=', asin)
        .execute()
    ).map((row) => Number(row.quantity));

  test('a cart add sent five times with one key adds once; the retries get the first answer', async () => {
    const s = await shopper();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await s.addItems([{ ...speaker, quantity: 1 }], keyed('add-1')));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]?.headers['idempotent-replayed']).toBeUndefined();
    expect(answers[4]?.headers['idempotent-replayed']).toBe('true');
    expect(await s.cartCount()).toBe(1);
    // Another key is another add.
    await s.addItems([{ ...speaker, quantity: 1 }], keyed('add-2'));
    expect(await s.cartCount()).toBe(2);
  });

  test('the same key with another body is 422 and changes nothing', async () => {
    const s = await shopper();
    await s.addItems([{ ...speaker, quantity: 1 }], keyed('k'));
    const other = await s.addItems([{ ...speaker, quantity: 3 }], keyed('k'));
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toMatchObject({ code: 'idempotency_key_reused', field: 'Idempotency-Key' });
    expect(await s.cartCount()).toBe(1);
  });

  test('a try while the first is still running is 409; after it answers, the answer is replayed', async () => {
    const s = await shopper();
    const write = () =>
      s.request({
        method: 'POST',
        url: '/test/held-write',
        headers: {
          'x-csrf-token': s.csrfToken,
          'content-type': 'application/json',
          'idempotency-key': 'held',
        },
        payload: '{}',
      });
    const first = write();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = await write();
    expect(second.statusCode).toBe(409);
    expect(second.headers['retry-after']).toBe('1');
    expect(second.json().error.code).toBe('idempotency_key_in_use');
    releaseHeld();
    expect((await first).json()).toEqual({ done: true });
    const third = await write();
    expect(third.statusCode).toBe(200);
    expect(third.headers['idempotent-replayed']).toBe('true');
  });

  test('keys belong to a session, need its CSRF token, and last 24 hours', async () => {
    const a = await shopper();
    const b = await shopper();
    await a.addItems([{ ...speaker, quantity: 1 }], keyed('shared'));
    await b.addItems([{ ...speaker, quantity: 1 }], keyed('shared'));
    expect(await a.cartCount()).toBe(1);
    expect(await b.cartCount()).toBe(1);
    // A replay is a write like the first: without the token it is refused before the key is looked at.
    const forged = await a.addItems([{ ...speaker, quantity: 1 }], {
      headers: { 'x-csrf-token': 'x', ...keyed('shared').headers },
    });
    expect(forged.statusCode).toBe(403);
    ctx.clock.now += 24 * 60 * 60 * 1000;
    await a.addItems([{ ...speaker, quantity: 1 }], keyed('shared'));
    expect(await a.cartCount()).toBe(2);
  });

  test('a key that is not one is 400 naming the header', async () => {
    const s = await shopper();
    const bad = await s.addItems([{ ...speaker, quantity: 1 }], keyed('x'.repeat(300)));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'invalid_idempotency_key', field: 'Idempotency-Key' });
    expect(await s.cartCount()).toBe(0);
  });

  test('a failure a retry may get past is not kept: the retry is processed', async () => {
    const s = await shopper();
    // 409 asks the client to try again (here: more than the offer allows is refused 4xx and kept).
    const refused = await s.addItems([{ ...speaker, quantity: 999 }], keyed('too-many'));
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const again = await s.addItems([{ ...speaker, quantity: 999 }], keyed('too-many'));
    expect(again.statusCode).toBe(refused.statusCode);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  test('an order, a deal claim, a list add and a registry add, each sent five times with one key, have one effect and five equal answers', async () => {
    const account = await createCustomer(ctx.store.db, demoAccountShape('shopper'), { now: ctx.clock.now });
    const s = await shopper();
    await s.signIn(account.email, account.password);
    await s.visit(`/dp/${speaker.asin}`);
    const fiveTimes = async (send: () => ReturnType<Shopper['request']>) => {
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await send());
      expect(answers.map((a) => a.statusCode)).toEqual(Array(5).fill(answers[0]?.statusCode));
      expect(new Set(answers.map((a) => `${a.headers.location ?? ''} ${a.body}`)).size).toBe(1);
      expect(answers[4]?.headers['idempotent-replayed']).toBe('true');
      return answers[0];
    };
    const json = (url: string, body: unknown, key: string) => postJson(s, url, body, key);

    const deal = await createDeal(ctx.store.db, {}, { now: ctx.clock.now });
    const claimed = await fiveTimes(
      json(
        `/api/marketplaces/ATVPDKIKX0DER/deals/${deal.deal.dealId}/claim-and-add-to-cart?ref=dp_ld_claim`,
        { asin: deal.asin, quantity: 1 },
        'claim-1',
      ),
    );
    expect(claimed?.statusCode, claimed?.body).toBe(200);
    expect(await s.cartCount()).toBe(1);

    const form = new URLSearchParams({
      csrfToken: s.csrfToken,
      source: 'cart',
      fullName: 'Pat Doe',
      line1: '410 Terry Ave N',
      city: 'Seattle',
      state: 'WA',
      postalCode: '98109',
    }).toString();
    const placed = await fiveTimes(() =>
      s.request({
        method: 'POST',
        url: '/gp/buy/spc/handlers/place-order.html',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': '"order-1"' },
        payload: form,
      }),
    );
    expect(placed?.statusCode).toBe(303);
    const orders = await ctx.store.db
      .selectFrom('orders')
      .select('id')
      .where('customer_id', '=', account.id)
      .execute();
    expect(orders).toHaveLength(1);

    const wished = await createProduct(ctx.store.db, {}, { now: ctx.clock.now });
    await fiveTimes(json(LIST_PATHS.addItemToList, { asin: wished.asin, isAjax: '1' }, 'list-1'));
    expect(await listedQuantities(account.id, wished.asin)).toEqual([1]);

    const registry = await createRegistry(ctx.store.db, { customerId: account.id });
    const added = await fiveTimes(json(BABY_ADD_PATH, { asin: wished.asin }, 'registry-1'));
    expect(added?.json()).toMatchObject({ result: 'success' });
    const registered = await ctx.store.db
      .selectFrom('registry_items')
      .select('requested_quantity')
      .where('registry_id', '=', registry.id)
      .where('asin', '=', wished.asin)
      .execute();
    expect(registered).toHaveLength(1);
  });

  test('a buy-now order whose kept answer was lost (the process died after the commit) is found again, not placed twice', async () => {
    const account = await createCustomer(ctx.store.db, demoAccountShape('shopper'), { now: ctx.clock.now });
    const s = await shopper();
    await s.signIn(account.email, account.password);
    await s.visit(`/dp/${speaker.asin}`);
    const order = () =>
      s.request({
        method: 'POST',
        url: '/gp/buy/spc/handlers/place-order.html',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': '"buy-now-1"' },
        payload: new URLSearchParams({
          csrfToken: s.csrfToken,
          source: 'buy-now',
          asin: speaker.asin,
          offerListingId: speaker.offerListingId,
          quantity: '1',
          fullName: 'Pat Doe',
          line1: '410 Terry Ave N',
          city: 'Seattle',
          state: 'WA',
          postalCode: '98109',
        }).toString(),
      });
    const first = await order();
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toMatch(/orderId=/);
    // The kept answer is gone, as after a kill between the order's commit and the answer's keeping.
    await ctx.store.db.deleteFrom('idempotency_keys').execute();
    const retry = await order();
    expect(retry.statusCode).toBe(303);
    expect(retry.headers.location).toBe(first.headers.location);
    const orders = await ctx.store.db
      .selectFrom('orders')
      .select('id')
      .where('customer_id', '=', account.id)
      .execute();
    expect(orders).toHaveLength(1);
  });

  test('a cart add and a list add whose answer was lost (the process died after the commit) are resumed: the recorded result, nothing added again', async () => {
    const account = await createCustomer(ctx.store.db, demoAccountShape('shopper'), { now: ctx.clock.now });
    const s = await shopper();
    await s.signIn(account.email, account.password);
    await s.visit(`/dp/${speaker.asin}`);
    const wished = await createProduct(ctx.store.db, {}, { now: ctx.clock.now });
    const listAdd = postJson(s, LIST_PATHS.addItemToList, { asin: wished.asin, isAjax: '1' }, 'list-lost');
    const cartAdd = () => s.addItems([{ ...speaker, quantity: 2 }], keyed('cart-lost'));
    const firsts = [await cartAdd(), await listAdd()];
    expect(firsts.map((a) => a.statusCode)).toEqual([200, 200]);
    // The kept answers are gone, as after a kill between the writes' commits and the answers' keeping.
    const loseAnswers = () =>
      ctx.store.db
        .updateTable('idempotency_keys')
        .set({ status: null, content_type: null, location: null, body: null })
        .execute();
    await loseAnswers();
    // While the first might still be running, a retry waits (409); a minute on, its process has died.
    expect((await cartAdd()).statusCode).toBe(409);
    ctx.clock.now += 60_000;
    const retries = [await cartAdd(), await listAdd()];
    expect(retries.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(retries.map((a) => a.json())).toEqual(firsts.map((a) => a.json()));
    expect(await s.cartCount()).toBe(2);
    expect(await listedQuantities(account.id, wished.asin)).toEqual([1]);
    // The resumed answers are kept like any other: the next retry replays them.
    const replayed = await cartAdd();
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual(firsts[0]?.json());
  });

  test('registry adds whose answer was lost (the process died after the commit) are resumed: success again, not duplicate or ITEM_ALREADY_EXIST', async () => {
    const account = await createCustomer(ctx.store.db, demoAccountShape('shopper'), { now: ctx.clock.now });
    const s = await shopper();
    await s.signIn(account.email, account.password);
    await s.visit(`/dp/${speaker.asin}`);
    const [forBaby, forProduct, forWedding] = await Promise.all(
      [0, 1, 2].map(() => createProduct(ctx.store.db, {}, { now: ctx.clock.now })),
    );
    const baby = await createRegistry(ctx.store.db, { customerId: account.id, type: 'baby' });
    const wedding = await createRegistry(ctx.store.db, { customerId: account.id, type: 'wedding' });
    const adds = [
      postJson(s, BABY_ADD_PATH, { asin: forBaby?.asin }, 'baby-lost'),
      postJson(
        s,
        ADD_PRODUCT_PATH,
        { asin: forProduct?.asin, registryId: baby.id, desiredQuantity: 2, token: s.csrfToken },
        'product-lost',
      ),
      postJson(
        s,
        WEDDING_ADD_ITEMS_PATH,
        {
          items: [{ asin: forWedding?.asin, requestedQuantity: 3 }],
          registryId: wedding.id,
          token: s.csrfToken,
        },
        'wedding-lost',
      ),
    ];
    const firsts = [];
    for (const add of adds) firsts.push(await add());
    expect(firsts.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(firsts[0]?.json()).toMatchObject({ result: 'success' });
    expect(firsts[1]?.json()).toMatchObject({ result: 'success' });
    expect(firsts[2]?.json()).toMatchObject({ status: 'SUCCESS' });
    // The kept answers are gone, as after a kill between the writes' commits and the answers' keeping;
    // a minute on, the first tries' process has died.
    await ctx.store.db
      .updateTable('idempotency_keys')
      .set({ status: null, content_type: null, location: null, body: null })
      .execute();
    ctx.clock.now += 60_000;
    const retries = [];
    for (const add of adds) retries.push(await add());
    expect(retries.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(retries.map((a) => a.json())).toEqual(firsts.map((a) => a.json()));
    const items = await ctx.store.db
      .selectFrom('registry_items')
      .select(['asin', 'requested_quantity'])
      .where('registry_id', 'in', [baby.id, wedding.id])
      .where(
        'asin',
        'in',
        [forBaby, forProduct, forWedding].map((p) => p?.asin ?? ''),
      )
      .orderBy('requested_quantity')
      .execute();
    expect(items).toEqual([
      { asin: forBaby?.asin, requested_quantity: 1 },
      { asin: forProduct?.asin, requested_quantity: 2 },
      { asin: forWedding?.asin, requested_quantity: 3 },
    ]);
  });

  test('the checkout form carries a one-time key: submitting it twice places one order', async () => {
    const account = await createCustomer(ctx.store.db, demoAccountShape('shopper'), { now: ctx.clock.now });
    const s = await shopper();
    await s.signIn(account.email, account.password);
    await s.visit(`/dp/${speaker.asin}`);
    await s.addItems([{ ...speaker, quantity: 1 }]);
    const page = await s.visit('/gp/buy/spc/handlers/display.html');
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    const form = {
      source: 'cart',
      idempotencyKey: key,
      fullName: 'Pat Doe',
      line1: '410 Terry Ave N',
      city: 'Seattle',
      state: 'WA',
      postalCode: '98109',
    };
    const first = await s.postForm('/gp/buy/spc/handlers/place-order.html', form);
    const second = await s.postForm('/gp/buy/spc/handlers/place-order.html', form);
    expect(first.statusCode).toBe(303);
    expect(second.statusCode).toBe(303);
    expect(second.headers.location).toBe(first.headers.location);
    const orderId = new URL(String(first.headers.location), 'http://x').searchParams.get('orderId') ?? '';
    expect(orderId).not.toBe('');
    const orders = await ctx.store.db
      .selectFrom('orders')
      .select('id')
      .where('customer_id', '=', account.id)
      .execute();
    expect(orders.map((order) => order.id)).toEqual([orderId]);
    // The next rendering of the form has a new key.
    await s.addItems([{ ...speaker, quantity: 1 }]);
    const next = await s.visit('/gp/buy/spc/handlers/display.html');
    const nextKey = /name="idempotencyKey" value="([^"]+)"/.exec(next.body)?.[1];
    expect(nextKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(nextKey).not.toBe(key);
  });
});
