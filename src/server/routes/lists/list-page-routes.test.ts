import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCustomer } from '../../../../tests/factories/customer-factory';
import { createList } from '../../../../tests/factories/list-factory';
import { createProduct } from '../../../../tests/factories/product-factory';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';

type OpenApi = { paths: Record<string, Record<string, { tags?: string[]; requestBody?: unknown }>> };

describe.each(dialects)('list pages on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
  });
  afterAll(() => ctx?.close());

  const signedIn = async () => {
    const customer = await createCustomer(ctx.store.db);
    const s = new Shopper(ctx.app);
    await s.signIn(customer.email, customer.password);
    await s.visit('/hz/wishlist/ls');
    return Object.assign(s, { customerId: customer.id });
  };
  const anonymous = async () => {
    const s = new Shopper(ctx.app);
    await s.visit('/gp/help/returns.html');
    return s;
  };
  /** Everything stored about a list: its row and its lines. */
  const snapshot = async (listId: string) => ({
    list: await ctx.store.db.selectFrom('lists').selectAll().where('id', '=', listId).executeTakeFirst(),
    items: await ctx.store.db
      .selectFrom('list_items')
      .selectAll()
      .where('list_id', '=', listId)
      .orderBy('asin')
      .execute(),
  });
  const world = async (privacy = 'private') => {
    const product = await createProduct(ctx.store.db, { offers: [{ price: 44 }] });
    const owner = await signedIn();
    const list = await createList(ctx.store.db, owner.customerId, {
      name: 'Kitchen',
      privacy,
      items: [{ asin: product.asin, quantity: 2, priceWhenAddedMinor: 5000 }],
    });
    return { product, owner, list };
  };

  test('LIST-004 the owner sees the list with the price change since added and the stock', async () => {
    const { owner, list } = await world();
    const page = await owner.visit(`/hz/wishlist/ls/${list.external_id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Price dropped 12% since added');
    expect(page.body).toContain('In stock');
    expect(page.body).toContain('Delete this list');
  });

  test('LIST-005 the registry addresses show wish lists and gift lists', async () => {
    const { owner, list } = await world();
    const gift = await createList(ctx.store.db, owner.customerId, { list_type: 'giftlist', name: 'For Sam' });
    expect((await owner.visit(`/gp/registry/wishlist/${list.external_id}`)).statusCode).toBe(200);
    const page = await owner.visit(`/gp/registry/giftlist/${gift.external_id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('For Sam');
  });

  test('names with markup are shown as text', async () => {
    const s = await signedIn();
    const name = '<img src=x onerror=alert(1)>';
    const list = await createList(ctx.store.db, s.customerId, { name });
    const page = await s.visit(`/hz/wishlist/ls/${list.external_id}`);
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  test('a private list is 404 to another shopper and to an anonymous visitor on every list page; a public one reads', async () => {
    const { list } = await world();
    const other = await signedIn();
    const anon = await anonymous();
    const pages = [
      `/hz/wishlist/ls/${list.external_id}`,
      `/gp/registry/wishlist/${list.external_id}`,
      `/gp/registry/giftlist/${list.external_id}`,
      `/create/collection?id=${list.external_id}`,
    ];
    for (const url of pages) {
      expect((await other.visit(url)).statusCode).toBe(404);
      expect((await anon.visit(url)).statusCode).toBe(404);
    }
    const shared = await world('public');
    const read = await anon.visit(`/hz/wishlist/ls/${shared.list.external_id}`);
    expect(read.statusCode).toBe(200);
    expect(read.body).toContain('Kitchen');
    expect(read.body).not.toContain('Delete this list');
  });

  test('another shopper and an anonymous visitor cannot write any list of another shopper (every list route)', async () => {
    const doc = ctx.app.swagger() as unknown as OpenApi;
    const writes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method, op]) => method === 'post' && op.tags?.includes('lists'))
        .map(([, op]) => ({ path, op })),
    );
    // Every write that names a list (the creations make the caller's own list).
    const aimed = writes.filter(
      ({ path, op }) =>
        path.includes('{listExternalId}') || /listId|listExternalId/.test(JSON.stringify(op.requestBody)),
    );
    expect(aimed.length).toBeGreaterThanOrEqual(11);
    for (const privacy of ['private', 'public']) {
      const { product, list } = await world(privacy);
      const before = await snapshot(list.id);
      const other = await signedIn();
      const anon = await anonymous();
      for (const { path } of aimed) {
        const url = path.replace('{listExternalId}', list.external_id).replace('{asin}', product.asin);
        const body = {
          asin: product.asin,
          listExternalId: list.external_id,
          listId: list.id,
          listName: 'Hijacked',
          privacy: 'public',
          quantity: 9,
          comment: 'mine now',
          priority: 'highest',
          keep: false,
          isAjax: true,
        };
        for (const who of [other, anon]) {
          const response = await who.request({
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json', 'x-csrf-token': who.csrfToken },
            payload: JSON.stringify(body),
          });
          const allowed = url.endsWith('/to-cart') && privacy === 'public' ? [200] : [401, 403, 404];
          expect(
            allowed,
            `${who === anon ? 'anonymous' : 'other'} ${privacy} ${url}: ${response.statusCode}`,
          ).toContain(response.statusCode);
        }
      }
      expect(await snapshot(list.id)).toEqual(before);
    }
  });

  test('the owner renames, changes privacy, edits quantity, comment and priority, and removes, by plain forms', async () => {
    const { owner, list, product } = await world();
    const base = `/hz/wishlist/ls/${list.external_id}`;
    const renamed = await owner.postForm(`${base}/rename`, { listName: 'Home' });
    expect(renamed.statusCode).toBe(303);
    expect(renamed.headers.location).toBe(`${base}?notice=renamed`);
    expect((await owner.visit(renamed.headers.location as string)).body).toContain('List renamed.');
    const empty = await owner.postForm(`${base}/rename`, { listName: '  ' });
    expect(empty.headers.location).toBe(`${base}?problem=invalid_list`);
    await owner.postForm(`${base}/privacy`, { privacy: 'public' });
    await owner.postForm(`${base}/items/${product.asin}/update`, {
      quantity: '4',
      comment: 'Blue one',
      priority: 'high',
    });
    const after = await snapshot(list.id);
    expect(after.list).toMatchObject({ name: 'Home', privacy: 'public' });
    expect(after.items[0]).toMatchObject({ comment: 'Blue one', priority: 'high' });
    expect(Number(after.items[0]?.quantity)).toBe(4);
    const removed = await owner.postForm(`${base}/items/${product.asin}/remove`, {});
    expect(removed.headers.location).toBe(`${base}?notice=item-removed`);
    expect((await snapshot(list.id)).items).toHaveLength(0);
    const page = await owner.visit(base);
    expect(page.body).toContain('This list is empty');
    const deleted = await owner.postForm(`${base}/delete`, {});
    expect(deleted.headers.location).toBe('/hz/wishlist/ls?notice=deleted');
    expect((await snapshot(list.id)).list).toBeUndefined();
  });

  test('the owner moves an item to the cart (kept or moved off); a reader of a public list adds to their own cart', async () => {
    const { owner, list, product } = await world();
    const base = `/hz/wishlist/ls/${list.external_id}`;
    const kept = await owner.postForm(`${base}/items/${product.asin}/to-cart`, { keep: 'true' });
    expect(kept.headers.location).toBe(`${base}?notice=added-to-cart`);
    expect(await owner.cartCount()).toBe(2);
    expect((await snapshot(list.id)).items).toHaveLength(1);
    const moved = await owner.postForm(`${base}/items/${product.asin}/to-cart`, { keep: 'false' });
    expect(moved.headers.location).toBe(`${base}?notice=moved`);
    expect(await owner.cartCount()).toBe(4);
    expect((await snapshot(list.id)).items).toHaveLength(0);

    const shared = await world('public');
    const reader = await anonymous();
    const url = `/hz/wishlist/ls/${shared.list.external_id}/items/${shared.product.asin}/to-cart`;
    const added = await reader.postForm(url, { keep: 'false' });
    expect(added.statusCode).toBe(303);
    expect(await reader.cartCount()).toBe(2);
    expect((await snapshot(shared.list.id)).items).toHaveLength(1);
  });

  test('a share link opens a private list to anyone holding it; a new link invalidates the old; revoking closes it', async () => {
    const { owner, list } = await world();
    const base = `/hz/wishlist/ls/${list.external_id}`;
    const share = await owner.request({
      method: 'POST',
      url: `${base}/share`,
      headers: { 'content-type': 'application/json', 'x-csrf-token': owner.csrfToken },
      payload: '{}',
    });
    expect(share.statusCode).toBe(200);
    const first = share.json().shareUrl as string;
    expect(first).toMatch(new RegExp(`^${base}\\?token=`));
    const friend = await anonymous();
    expect((await friend.visit(first)).statusCode).toBe(200);
    expect((await friend.visit(`${base}?token=wrong`)).statusCode).toBe(404);
    await owner.postForm(`${base}/share`, {});
    expect((await friend.visit(first)).statusCode).toBe(404);
    const second = (await snapshot(list.id)).list?.share_token as string;
    expect((await friend.visit(`${base}?token=${second}`)).statusCode).toBe(200);
    const revoked = await owner.postForm(`${base}/share/revoke`, {});
    expect(revoked.headers.location).toBe(`${base}?notice=revoked`);
    expect((await friend.visit(`${base}?token=${second}`)).statusCode).toBe(404);
  });

  test('LIST-010 the lists page has the legacy create form; a plain form creation goes to the new list', async () => {
    const s = await signedIn();
    const page = await s.visit('/hz/wishlist/ls');
    expect(page.body).toContain('Create a list');
    expect(page.body).toContain('name="privacyStatus"');
    const created = await s.postForm('/hz/wishlist/create/newlist', {
      listName: 'Camping',
      listType: 'wishlist',
      privacyStatus: 'hidden',
      searchable: 'true',
    });
    expect(created.statusCode).toBe(303);
    expect(created.headers.location).toMatch(/^\/hz\/wishlist\/ls\/[A-Z0-9]{13}$/);
    const refused = await s.postForm('/hz/wishlist/create/newlist', { listName: '', listType: 'wishlist' });
    expect(refused.headers.location).toBe('/hz/wishlist/ls?problem=invalid_list');
  });
});
