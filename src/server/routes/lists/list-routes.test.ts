import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCustomer } from '../../../../tests/factories/customer-factory';
import { createList } from '../../../../tests/factories/list-factory';
import { createProduct } from '../../../../tests/factories/product-factory';
import { createTestApp, pageDataOf, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';

const json = (s: Shopper, url: string, body: Record<string, unknown>, token = s.csrfToken) =>
  s.request({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(token ? { 'x-csrf-token': token } : {}),
    },
    payload: JSON.stringify(body),
  });

describe.each(dialects)('list calls on %s', (dialect) => {
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
    return Object.assign(s, { customerId: customer.id, email: customer.email, password: customer.password });
  };
  const anonymous = async () => {
    const s = new Shopper(ctx.app);
    await s.visit('/gp/help/returns.html');
    return s;
  };
  const itemsOf = async (listId: string) =>
    (
      await ctx.store.db
        .selectFrom('list_items')
        .selectAll()
        .where('list_id', '=', listId)
        .orderBy('asin')
        .execute()
    ).map((i) => ({ asin: i.asin, quantity: Number(i.quantity), comment: i.comment, priority: i.priority }));
  const listsOfCustomer = async (customerId: string) =>
    ctx.store.db.selectFrom('lists').selectAll().where('customer_id', '=', customerId).execute();

  test('LIST-026 the create form answers its data as JSON; LIST-001 the product ingress uses the bottom sheet on phones', async () => {
    const s = await signedIn();
    const response = await s.request({
      method: 'GET',
      url: '/hz/wishlist/create?createIngressName=dp-atwl&isHearts=false&sourceVendorId=dp&relatedRequestID=R1',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      hasError: false,
      authRequired: false,
      createIngressName: 'dp-atwl',
      phoneComponent: 'bottomSheet',
      privacyOptions: ['private', 'public', 'hidden'],
      persistenceOptions: ['persistent', 'non-persistent'],
      listCount: 0,
    });
    const other = await s.request({
      method: 'GET',
      url: '/hz/wishlist/create?createIngressName=baby-registry',
    });
    expect(other.json().phoneComponent).toBe('popover');
  });

  test('LIST-027 LIST-007 LIST-008 LIST-009 LIST-004 a creation with the spec fields answers the new list and its address', async () => {
    const product = await createProduct(ctx.store.db);
    const s = await signedIn();
    const response = await json(s, '/hz/wishlist/create/newlist', {
      listName: 'Birthday',
      asin: product.asin,
      sid: 'S1',
      vendorId: 'V1',
      privacyStatus: 'public',
      listType: 'giftlist',
      persistence: 'non-persistent',
      createIngressName: 'dp-atwl',
      isHearts: false,
      sourceVendorId: 'dp',
      relatedRequestID: 'R1',
      participantFirstName: 'Ada',
      participantLastName: 'Lovelace',
      relationship: 'Friend',
      occasionDay: 10,
      occasionMonth: 12,
      occasionYear: 2026,
      reminderOffset: 7,
      customizationToken: 'tok',
      recipientName: 'Ada',
      isJson: true,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ hasError: false, error: null, listType: 'giftlist', authRequired: false });
    expect(body.listExternalId).toMatch(/^[A-Z0-9]{13}$/);
    expect(body.listId).toBeTruthy();
    expect(body.listUrl).toBe(`/hz/wishlist/ls/${body.listExternalId}`);
    const [list] = await listsOfCustomer(s.customerId);
    expect(list).toMatchObject({
      privacy: 'public',
      persistence: 'non-persistent',
      occasion_date: '2026-12-10',
    });
    expect(await itemsOf(body.listId)).toEqual([
      { asin: product.asin, quantity: 1, comment: '', priority: 'medium' },
    ]);
    const page = await s.visit(body.listUrl);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Birthday');
  });

  test('LIST-017 LIST-018 LIST-019 LIST-020 an empty name, no recipient, no idea list name or an unreal date is a 400 that changes nothing', async () => {
    const s = await signedIn();
    const cases: [string, Record<string, unknown>, string][] = [
      ['/hz/wishlist/create/newlist', { listName: '  ', listType: 'wishlist' }, 'listName'],
      ['/hz/wishlist/create/newlist', { listName: '', listType: 'giftlist' }, 'recipientFirstName'],
      ['/hz/wishlist/ajax/createlist', { listName: '' }, 'listName'],
      [
        '/hz/wishlist/create/newlist',
        {
          listName: 'x',
          listType: 'giftlist',
          participantFirstName: 'A',
          occasionDay: 31,
          occasionMonth: 2,
          occasionYear: 2026,
        },
        'occasionDate',
      ],
    ];
    for (const [url, body, field] of cases) {
      const response = await json(s, url, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ hasError: true, error: { code: 'invalid_list', field } });
    }
    const tooLong = await json(s, '/hz/wishlist/create/newlist', { listName: 'x'.repeat(51) });
    expect(tooLong.statusCode).toBe(400);
    expect(await listsOfCustomer(s.customerId)).toHaveLength(0);
  });

  test('LIST-028 LIST-029 LIST-006 idea lists are created (with an item) and shown at /create/collection', async () => {
    const product = await createProduct(ctx.store.db);
    const s = await signedIn();
    const plain = await json(s, '/hz/wishlist/ajax/createlist', { listName: 'Ideas', description: 'Later' });
    expect(plain.json()).toMatchObject({ hasError: false, listType: 'idealist' });
    expect(plain.json().listUrl).toBe(`/create/collection?id=${plain.json().listExternalId}`);
    const withItem = await json(s, '/hz/wishlist/ajax/createlistandadditem', {
      listName: 'Gadgets',
      asin: product.asin,
    });
    expect(withItem.json().listType).toBe('idealist');
    expect(await itemsOf(withItem.json().listId)).toHaveLength(1);
    const page = await s.visit(withItem.json().listUrl);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(product.title);
  });

  test('LIST-030 the shopper lists answer the default list first with item counts', async () => {
    const product = await createProduct(ctx.store.db);
    const s = await signedIn();
    await createList(ctx.store.db, s.customerId, { name: 'Newer', created_at: 2_000_000_000_000 });
    const def = await createList(ctx.store.db, s.customerId, {
      name: 'Main',
      is_default: 1,
      items: [{ asin: product.asin }],
    });
    const response = await s.request({
      method: 'GET',
      url: '/hz/wishlist/addtolist?sortMethod=default&type=all&useAll=true&sourceVendorId=dp',
    });
    expect(response.statusCode).toBe(200);
    const lists = response.json().lists;
    expect(lists[0]).toMatchObject({
      listExternalId: def.external_id,
      name: 'Main',
      listType: 'wishlist',
      privacy: 'private',
      itemCount: 1,
      isDefault: true,
    });
    expect(lists).toHaveLength(2);
  });

  test('LIST-031 LIST-023 LIST-003 an add goes to the default list (made on the first add), quantity 1, a second add raises it', async () => {
    const product = await createProduct(ctx.store.db);
    const s = await signedIn();
    const first = await json(s, '/hz/wishlist/additemtolist', {
      asin: product.asin,
      vendorId: 'V',
      listType: 'wishlist',
      isAjax: true,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      hasError: false,
      asin: product.asin,
      quantity: 1,
      listName: 'Wish List',
    });
    expect(first.json().listUrl).toBe(`/hz/wishlist/ls/${first.json().listExternalId}`);
    const second = await json(s, '/hz/wishlist/additemtolist', {
      asin: product.asin,
      listExternalId: first.json().listExternalId,
      isAjax: true,
      quantity: 2,
    });
    expect(second.json().quantity).toBe(3);
    expect(await itemsOf(first.json().listId)).toEqual([
      { asin: product.asin, quantity: 3, comment: '', priority: 'medium' },
    ]);
  });

  test('LIST-032 LIST-033 addasin by list id and the idea list add', async () => {
    const product = await createProduct(ctx.store.db);
    const s = await signedIn();
    const list = await createList(ctx.store.db, s.customerId);
    const byId = await json(s, '/hz/wishlist/addasin', {
      listId: list.id,
      listType: 'wishlist',
      asin: product.asin,
      sid: 'S',
      tags: 'a,b',
    });
    expect(byId.json()).toMatchObject({ hasError: false, listId: list.id, quantity: 1 });
    const idea = await createList(ctx.store.db, s.customerId, { list_type: 'idealist' });
    const api = await json(s, '/create/api/addToList', {
      asin: product.asin,
      sid: 'S',
      listExternalId: idea.external_id,
    });
    expect(api.json()).toMatchObject({ hasError: false, listType: 'idealist', quantity: 1 });
    expect(await itemsOf(idea.id)).toHaveLength(1);
  });

  test('LIST-034 LIST-035 the experiment trigger and the birthday offer answer', async () => {
    const s = await anonymous();
    const weblab = await s.request({ method: 'GET', url: '/hz/wishlist/triggerweblab?name=ATWL_1' });
    expect(weblab.json()).toEqual({ name: 'ATWL_1', treatment: 'C', triggered: true });
    const birthday = await s.request({
      method: 'GET',
      url: '/gp/toys/birthday/atwl-dpx.html?asin=B0PDPBAB01',
    });
    expect(birthday.json()).toMatchObject({ showBirthdayList: true, asin: 'B0PDPBAB01' });
  });

  test('LIST-011 LIST-025 signed out, a write answers authRequired with a sign-in URL; after sign-in the add completes once', async () => {
    const product = await createProduct(ctx.store.db);
    const customer = await createCustomer(ctx.store.db);
    const s = await anonymous();
    const response = await json(s, '/hz/wishlist/additemtolist', {
      asin: product.asin,
      isAjax: true,
      returnTo: `/dp/${product.asin}`,
    });
    expect(response.statusCode).toBe(401);
    const state = response.json();
    expect(state).toMatchObject({ hasError: true, authRequired: true, error: { code: 'sign_in_required' } });
    expect(state.authUrl).toMatch(/^\/gp\/sign-in\.html\?path=%2Fhz%2Fwishlist%2Fafter-sign-in/);
    const path = decodeURIComponent(new URL(state.authUrl, 'http://x').searchParams.get('path') as string);
    const signIn = await s.signIn(customer.email, customer.password, path);
    expect(signIn.headers.location).toBe(path);
    const back = await s.request({ method: 'GET', url: path });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/dp/${product.asin}?listNotice=added#list-notice`);
    const [list] = await listsOfCustomer(customer.id);
    expect(await itemsOf(list?.id as string)).toEqual([
      { asin: product.asin, quantity: 1, comment: '', priority: 'medium' },
    ]);
    // A reload (or a second tab) adds nothing more.
    const again = await s.request({ method: 'GET', url: path });
    expect(again.statusCode).toBe(303);
    expect(await itemsOf(list?.id as string)).toHaveLength(1);
    expect((await itemsOf(list?.id as string))[0]?.quantity).toBe(1);
    await s.visit('/hz/wishlist/ls');
    const creation = await json(s, '/hz/wishlist/create/newlist', { listName: 'x' });
    expect(creation.statusCode).toBe(200);
    const outsider = await anonymous();
    const create = await json(outsider, '/hz/wishlist/create/newlist', { listName: 'x' });
    expect(create.statusCode).toBe(401);
    expect(create.json()).toMatchObject({ authRequired: true });
    expect(create.json().authUrl).toMatch(/^\/gp\/sign-in\.html\?path=/);
  });

  test('LIST-025 a waiting add is completed only by the browser that made it', async () => {
    const product = await createProduct(ctx.store.db);
    const s = await anonymous();
    const state = (await json(s, '/hz/wishlist/additemtolist', { asin: product.asin, isAjax: true })).json();
    const path = decodeURIComponent(new URL(state.authUrl, 'http://x').searchParams.get('path') as string);
    const thief = await signedIn();
    const stolen = await thief.request({ method: 'GET', url: path });
    expect(stolen.statusCode).toBe(303);
    expect(await listsOfCustomer(thief.customerId)).toHaveLength(0);
  });

  test('LIST-024 a list post without the CSRF token is a 403 that changes nothing', async () => {
    const product = await createProduct(ctx.store.db);
    const s = await signedIn();
    const response = await json(s, '/hz/wishlist/additemtolist', { asin: product.asin, isAjax: true }, '');
    expect(response.statusCode).toBe(403);
    expect(await listsOfCustomer(s.customerId)).toHaveLength(0);
  });

  test('LIST-024 the token may come as a `token` field of a form or JSON body', async () => {
    const product = await createProduct(ctx.store.db);
    const s = await signedIn();
    const form = await s.postForm(
      '/hz/wishlist/additemtolist',
      { asin: product.asin, isAjax: 'true', token: s.csrfToken },
      { csrf: false },
    );
    expect(form.statusCode).toBe(200);
    const body = await json(
      s,
      '/hz/wishlist/additemtolist',
      { asin: product.asin, isAjax: true, token: s.csrfToken },
      '',
    );
    expect(body.statusCode).toBe(200);
    expect(body.json().quantity).toBe(2);
  });

  test('20 parallel adds of one item give one line with the right quantity', async () => {
    const product = await createProduct(ctx.store.db);
    const s = await signedIn();
    const list = await createList(ctx.store.db, s.customerId, { is_default: 1 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        json(s, '/hz/wishlist/additemtolist', { asin: product.asin, isAjax: true }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(await itemsOf(list.id)).toEqual([
      { asin: product.asin, quantity: 20, comment: '', priority: 'medium' },
    ]);
  });

  test('20 parallel first adds make one default list', async () => {
    const product = await createProduct(ctx.store.db);
    const s = await signedIn();
    await Promise.all(
      Array.from({ length: 20 }, () =>
        json(s, '/hz/wishlist/additemtolist', { asin: product.asin, isAjax: true }),
      ),
    );
    const lists = await listsOfCustomer(s.customerId);
    expect(lists).toHaveLength(1);
    expect((await itemsOf(lists[0]?.id as string))[0]?.quantity).toBe(20);
  });

  test('limits: lists per customer and a foreign or unknown list id is a 4xx that changes nothing', async () => {
    const product = await createProduct(ctx.store.db);
    const s = await signedIn();
    for (let i = 0; i < 20; i++) await createList(ctx.store.db, s.customerId, { name: `L${i}` });
    const over = await json(s, '/hz/wishlist/create/newlist', { listName: 'One more' });
    expect(over.statusCode).toBe(422);
    expect(over.json().error.code).toBe('too_many_lists');
    const unknown = await json(s, '/hz/wishlist/additemtolist', {
      asin: product.asin,
      listExternalId: 'ZZZZZZZZZZZZZ',
      isAjax: true,
    });
    expect(unknown.statusCode).toBe(404);
    const badAsin = await json(s, '/hz/wishlist/additemtolist', { asin: 'B0NOTTHERE', isAjax: true });
    expect(badAsin.statusCode).toBe(404);
    expect(await listsOfCustomer(s.customerId)).toHaveLength(20);
  });

  test('LIST-031 a plain form add without script goes back to the page, or to sign-in when signed out', async () => {
    const product = await createProduct(ctx.store.db);
    const s = await signedIn();
    const added = await s.postForm('/hz/wishlist/additemtolist', {
      asin: product.asin,
      returnTo: `/dp/${product.asin}`,
    });
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe(`/dp/${product.asin}?listNotice=added#list-notice`);
    // The page it comes back to says so, in the store's words; a code it does not know says nothing.
    const back = pageDataOf((await s.visit(`/dp/${product.asin}?listNotice=added`)).body);
    expect(back.listNotice).toEqual({ kind: 'success', message: 'Added to your list.' });
    expect(
      pageDataOf((await s.visit(`/dp/${product.asin}?listNotice=<b>hi</b>`)).body).listNotice,
    ).toBeNull();
    const evil = await s.postForm('/hz/wishlist/additemtolist', {
      asin: product.asin,
      returnTo: '//evil.example/x',
    });
    expect(evil.headers.location).toMatch(new RegExp(`^/dp/${product.asin}\\?`));
    const anon = await anonymous();
    const out = await anon.postForm('/hz/wishlist/additemtolist', {
      asin: product.asin,
      returnTo: `/dp/${product.asin}`,
    });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toMatch(/^\/gp\/sign-in\.html\?path=%2Fhz%2Fwishlist%2Fafter-sign-in/);
  });
});
