import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCustomer } from '../../../../tests/factories/customer-factory';
import { createProduct } from '../../../../tests/factories/product-factory';
import { createRegistry } from '../../../../tests/factories/registry-factory';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';

const ADDRESS = {
  fullName: 'Sam Carter',
  line1: '1200 Market St',
  city: 'San Francisco',
  state: 'CA',
  postalCode: '94102',
};
const json = (s: Shopper, method: 'GET' | 'POST', url: string, body?: unknown) =>
  s.request({
    method,
    url,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
  });

describe.each(dialects)('registry calls on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
  });
  afterAll(() => ctx?.close());

  const shopper = async (overrides: Parameters<typeof createCustomer>[1] = {}) => {
    const customer = await createCustomer(ctx.store.db, {
      shippingAddress: ADDRESS,
      paymentMethod: 'Visa ending 4242',
      ...overrides,
    });
    const s = new Shopper(ctx.app);
    await s.signIn(customer.email, customer.password);
    await s.visit('/registries');
    return Object.assign(s, { customerId: customer.id });
  };
  const anonymous = async () => {
    const s = new Shopper(ctx.app);
    await s.visit('/registries');
    return s;
  };
  const product = (title?: string) => createProduct(ctx.store.db, title ? { title } : {});
  const items = (registryId: string) =>
    ctx.store.db
      .selectFrom('registry_items')
      .selectAll()
      .where('registry_id', '=', registryId)
      .orderBy('added_at')
      .execute();

  test('REG-017 REG-008 REG-001 the list call answers the shopper registries with id, type, typeText, name, imageUrl', async () => {
    const owner = await shopper();
    const p = await product();
    const baby = await createRegistry(ctx.store.db, {
      customerId: owner.customerId,
      type: 'baby',
      items: [{ asin: p.asin }],
      now: 1_000,
    });
    const party = await createRegistry(ctx.store.db, {
      customerId: owner.customerId,
      type: 'house-warming',
      now: 2_000,
    });
    const answer = await json(owner, 'GET', `/registries/dpx/desktop/list-registry?asin=${p.asin}`);
    expect(answer.statusCode).toBe(200);
    const { result } = answer.json();
    expect(result).toEqual([
      {
        id: baby.id,
        type: 'baby',
        typeText: 'Baby Registry',
        name: baby.name,
        imageUrl: expect.any(String),
        containsAsin: true,
      },
      {
        id: party.id,
        type: 'house-warming',
        typeText: 'House Warming Gift List',
        name: party.name,
        imageUrl: '/images/demo/registry-gift.svg',
        containsAsin: false,
      },
    ]);
    expect((await json(await anonymous(), 'GET', '/registries/dpx/desktop/list-registry')).statusCode).toBe(
      401,
    );
  });

  test('REG-018 REG-014 addProduct adds by registry id or type, then answers duplicate; a JSON or form body', async () => {
    const owner = await shopper();
    const [a, b] = [await product(), await product()];
    const reg = await createRegistry(ctx.store.db, { customerId: owner.customerId, type: 'birthday' });
    const body = {
      asin: a.asin,
      desiredQuantity: 2,
      registryId: reg.id,
      registryType: 'birthday',
      itemType: 'KIND_ITEM',
      vendorId: 'dp',
      token: owner.csrfToken,
    };
    const first = await json(owner, 'POST', '/registries/registry-products/addProduct', body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      result: 'success',
      registryId: reg.id,
      registryLink: `/registries/birthday/owner-view?registryId=${reg.id}`,
    });
    expect((await json(owner, 'POST', '/registries/registry-products/addProduct', body)).json().result).toBe(
      'duplicate',
    );
    const byType = await owner.request({
      method: 'POST',
      url: '/registries/registry-products/addProduct',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        asin: b.asin,
        desiredQuantity: '3',
        registryType: 'birthday',
        token: owner.csrfToken,
      }).toString(),
    });
    expect(byType.json().result).toBe('success');
    // Both added at the app's one clock time: compared whatever their order.
    expect((await items(reg.id)).map((i) => [i.asin, Number(i.requested_quantity)]).sort()).toEqual(
      [
        [a.asin, 2],
        [b.asin, 3],
      ].sort(),
    );
    // REG-014: neither a registry id nor a type.
    const neither = await json(owner, 'POST', '/registries/registry-products/addProduct', {
      asin: a.asin,
      token: owner.csrfToken,
    });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().error.field).toBe('registryId');
    const noAsin = await json(owner, 'POST', '/registries/registry-products/addProduct', {
      registryId: reg.id,
      token: owner.csrfToken,
    });
    expect(noAsin.statusCode).toBe(400);
    const noToken = await json(owner, 'POST', '/registries/registry-products/addProduct', {
      ...body,
      token: 'wrong',
    });
    expect(noToken.statusCode).toBe(403);
    expect(await items(reg.id)).toHaveLength(2);
  });

  test('REG-019 REG-032 REG-016 wedding addItems adds items; ITEM_ALREADY_EXIST adds none; signed out 401', async () => {
    const owner = await shopper();
    const [a, b] = [await product(), await product()];
    const wedding = await createRegistry(ctx.store.db, {
      customerId: owner.customerId,
      type: 'wedding',
      items: [{ asin: a.asin }],
    });
    const added = await json(owner, 'POST', '/wedding/registry-items/addItems', {
      items: [{ asin: b.asin, requestedQuantity: 4 }],
      token: owner.csrfToken,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      status: 'SUCCESS',
      registryId: wedding.id,
      items: [{ asin: b.asin, requestedQuantity: 4 }],
    });
    const c = await product();
    const exists = await json(owner, 'POST', '/wedding/registry-items/addItems', {
      items: [
        { asin: c.asin, requestedQuantity: 1 },
        { asin: a.asin, requestedQuantity: 1 },
      ],
      token: owner.csrfToken,
    });
    expect(exists.statusCode).toBe(409);
    expect(exists.json().error).toMatchObject({ code: 'ITEM_ALREADY_EXIST', field: 'items.1.asin' });
    expect((await items(wedding.id)).map((i) => i.asin).sort()).toEqual([a.asin, b.asin].sort());
    const out = await anonymous();
    const signedOut = await json(out, 'POST', '/wedding/registry-items/addItems', {
      items: [{ asin: c.asin }],
      token: out.csrfToken,
    });
    expect(signedOut.statusCode).toBe(401);
  });

  test('REG-020 REG-016 the wedding modal data: the registry and whether the item is in it; signed out points to nosignin', async () => {
    const owner = await shopper();
    const a = await product();
    const wedding = await createRegistry(ctx.store.db, {
      customerId: owner.customerId,
      type: 'wedding',
      items: [{ asin: a.asin }],
    });
    const view = await json(owner, 'GET', `/wedding/modal/external-add-to-registry?asin=${a.asin}`);
    expect(view.json()).toMatchObject({
      signedIn: true,
      inRegistry: true,
      registry: { id: wedding.id },
      product: { asin: a.asin },
    });
    const out = await json(
      await anonymous(),
      'GET',
      `/wedding/modal/external-add-to-registry?asin=${a.asin}`,
    );
    expect(out.json()).toMatchObject({ signedIn: false, signInUrl: '/wedding/nosignin', registry: null });
    expect(
      (await json(owner, 'GET', '/wedding/modal/external-add-to-registry?asin=B0TNOTHERE')).statusCode,
    ).toBe(404);
  });

  test('REG-021 REG-022 REG-007 the add modal of one registry; its gift tags for the 800-wide modal', async () => {
    const owner = await shopper();
    const a = await product('Cloud Baby Monitor with night vision');
    const baby = await createRegistry(ctx.store.db, {
      customerId: owner.customerId,
      items: [{ asin: a.asin, requested: 2 }],
    });
    const add = await json(owner, 'GET', `/registries/dpx-add-to-registry/baby/${baby.id}?asin=${a.asin}`);
    expect(add.json()).toMatchObject({
      inRegistry: true,
      requestedQuantity: 2,
      registry: { id: baby.id, typeText: 'Baby Registry' },
    });
    const tags = await json(owner, 'GET', `/registries/baby/${baby.id}/dpx-get-registry-tags`);
    expect(tags.json().modalWidth).toBe(800);
    expect(tags.json().tags).toContainEqual({ id: 'health-safety', label: 'Health & Safety', itemCount: 1 });
    const other = await shopper();
    expect(
      (await json(other, 'GET', `/registries/dpx-add-to-registry/baby/${baby.id}?asin=${a.asin}`)).statusCode,
    ).toBe(404);
  });

  test('REG-023 REG-010 REG-011 REG-009 REG-025 the baby add: success, then duplicate, each with the post-add status', async () => {
    const owner = await shopper();
    const monitor = await product('Cloud Baby Monitor with night vision');
    const bottle = await product('Glass feeding bottle, 3-pack');
    await createRegistry(ctx.store.db, { customerId: owner.customerId, items: [{ asin: bottle.asin }] });
    const body = { asin: monitor.asin, sid: owner.sessionId, vendorId: 'dp', token: owner.csrfToken };
    const first = await json(owner, 'POST', '/baby-reg/button-action/atbr-dpx', body);
    expect(first.statusCode).toBe(200);
    const { result, status } = first.json();
    expect(result).toBe('success');
    expect(Object.keys(status).sort()).toEqual(
      [
        'asin',
        'registryId',
        'newAddedItemImgUrl',
        'checklistPercent',
        'checklistLink',
        'registryLink',
        'hasMustHave',
        'isMustHaveItem',
        'hasGroupGifting',
        'isGroupGiftingItem',
        'helpInfoLinkGroupGifting',
        'hasPrivate',
        'isPrivateItem',
        'itemRequestedCount',
      ].sort(),
    );
    // Feeding and Health & Safety of 8 categories.
    expect(status).toMatchObject({ checklistPercent: 25, isMustHaveItem: false, itemRequestedCount: 1 });
    expect((await json(owner, 'POST', '/baby-reg/button-action/atbr-dpx', body)).json().result).toBe(
      'duplicate',
    );
    const read = await json(owner, 'GET', `/baby-reg/dp-post-atbr-status?asin=${monitor.asin}`);
    expect(read.json()).toEqual(status);
  });

  test('REG-012 a baby add with no baby registry, signed out, or an unknown asin fails toward /baby-reg/', async () => {
    const noBaby = await shopper();
    const a = await product();
    const failed = await json(noBaby, 'POST', '/baby-reg/button-action/atbr-dpx', {
      asin: a.asin,
      token: noBaby.csrfToken,
    });
    expect(failed.json()).toEqual({ result: 'failure', redirectUrl: '/baby-reg/', status: null });
    const out = await anonymous();
    expect(
      (
        await json(out, 'POST', '/baby-reg/button-action/atbr-dpx', { asin: a.asin, token: out.csrfToken })
      ).json().result,
    ).toBe('failure');
    expect((await noBaby.visit('/baby-reg/?error=add')).body).toContain('We could not add that item');
  });

  test('REG-028 REG-029 REG-030 REG-031 the manage calls set each flag and the requested count at once', async () => {
    const owner = await shopper();
    const a = await product();
    const baby = await createRegistry(ctx.store.db, {
      customerId: owner.customerId,
      items: [{ asin: a.asin }],
    });
    const set = (flag: string, value: unknown) =>
      json(owner, 'POST', `/baby-reg/dp-post-atbr-status-manage-${flag}`, {
        asin: a.asin,
        value,
        token: owner.csrfToken,
      });
    expect((await set('must-have', true)).json().isMustHaveItem).toBe(true);
    expect((await set('group-gifting', true)).json().isGroupGiftingItem).toBe(true);
    expect((await set('private', true)).json().isPrivateItem).toBe(true);
    expect((await set('request-quantity', 12)).json().itemRequestedCount).toBe(12);
    const form = await owner.request({
      method: 'POST',
      url: '/baby-reg/dp-post-atbr-status-manage-private',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ asin: a.asin, value: 'false', token: owner.csrfToken }).toString(),
    });
    expect(form.json().isPrivateItem).toBe(false);
    expect((await set('request-quantity', 0)).statusCode).toBe(400);
    expect((await set('must-have', 'maybe')).statusCode).toBe(400);
    const [row] = await items(baby.id);
    expect([row?.must_have, row?.group_gifting, row?.private, row?.requested_quantity].map(Number)).toEqual([
      1, 1, 0, 12,
    ]);
  });

  test('REG-024 REG-015 REG-026 REG-027 similar items say whether they are in the registry; close and help info', async () => {
    const owner = await shopper();
    const group = `gl_test_${Date.now()}`;
    const a = await createProduct(ctx.store.db, { productGroup: group });
    const b = await createProduct(ctx.store.db, { productGroup: group });
    const c = await createProduct(ctx.store.db, { productGroup: group });
    await createRegistry(ctx.store.db, {
      customerId: owner.customerId,
      items: [{ asin: a.asin }, { asin: b.asin }],
    });
    const recs = await json(owner, 'GET', `/baby-reg/dp-post-atbr-recommendation?asin=${a.asin}`);
    expect(
      recs.json().recommendations.map((r: { asin: string; inRegistry: boolean }) => [r.asin, r.inRegistry]),
    ).toEqual(
      [
        [b.asin, true],
        [c.asin, false],
      ].sort(),
    );
    expect((await json(owner, 'GET', `/baby-reg/dp-post-atbr-close?asin=${a.asin}`)).json()).toEqual({
      closed: true,
    });
    expect((await json(owner, 'GET', '/baby-reg/dp-post-atbr-manage-help-info')).json().link).toBe(
      '/baby-reg/#group-gifting',
    );
  });

  test('REG-002 REG-003 REG-004 the pages render; a registry is found by name; private ones 404 to others', async () => {
    const owner = await shopper();
    const a = await product();
    const hidden = await product();
    const reg = await createRegistry(ctx.store.db, {
      customerId: owner.customerId,
      items: [
        { asin: a.asin, requested: 3, purchased: 1 },
        { asin: hidden.asin, private: true },
      ],
    });
    const priv = await createRegistry(ctx.store.db, {
      customerId: owner.customerId,
      type: 'wedding',
      privacy: 'private',
    });
    for (const path of [
      '/registries',
      '/wedding/new-registry',
      '/wedding/nosignin',
      '/baby-reg/signup',
      '/baby-reg/',
    ]) {
      expect((await owner.visit(path)).statusCode, path).toBe(200);
    }
    const ownerPage = await owner.visit(`/registries/baby/owner-view?registryId=${reg.id}`);
    expect(ownerPage.body).toContain('1 of 3 purchased');
    const giver = await shopper();
    const found = await giver.visit(`/registries?q=${encodeURIComponent(reg.name.toUpperCase())}`);
    expect(found.body).toContain(reg.name);
    expect(found.body).not.toContain(priv.name);
    const guest = await giver.visit(`/registries/baby/guest-view?registryId=${reg.id}`);
    expect(guest.statusCode).toBe(200);
    expect(guest.body).toContain('Still needed <!-- -->2'.replace('<!-- -->', ''));
    expect(guest.body).not.toContain(hidden.title);
    expect(guest.body).not.toContain('11 Wall St');
    expect((await giver.visit(`/registries/wedding/guest-view?registryId=${priv.id}`)).statusCode).toBe(404);
    expect((await giver.visit(`/registries/baby/owner-view?registryId=${reg.id}`)).statusCode).toBe(404);
    expect((await owner.visit('/wedding/organize-registry')).headers.location).toBe(
      `/registries/wedding/owner-view?registryId=${priv.id}`,
    );
    expect((await (await anonymous()).visit('/wedding/organize-registry')).headers.location).toBe(
      '/wedding/nosignin',
    );
  });
});
