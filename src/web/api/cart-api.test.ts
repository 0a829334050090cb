// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { addItemsToCart, cartApiState } from './cart-api';
import { failureMessage } from './request';

// fetch is the network, outside the system: the test stands in for the server.
const respond = (status: number, body: unknown) =>
  vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status }));

describe('cart API client', () => {
  beforeEach(() => {
    document.head.innerHTML =
      '<meta name="csrf-token" content="csrf-abc"><meta name="encrypted-slate-token" content="slate-xyz">';
  });
  afterEach(() => vi.unstubAllGlobals());

  test('CART-027 the cart API state holds csrfToken, marketplaceId and aapiAjaxEndpoint', () => {
    expect(cartApiState('ATVPDKIKX0DER')).toEqual({
      csrfToken: 'csrf-abc',
      marketplaceId: 'ATVPDKIKX0DER',
      aapiAjaxEndpoint: '',
    });
  });

  test('CART-037 SEC-002 SEC-006 the request sends credentials, versioned media types, en-US, CSRF and slate tokens', async () => {
    const fetchMock = respond(200, {
      type: 'cart.add-items/v1',
      entity: { items: [], count: { type: 'cart.count/v1', entity: { items: 1 } } },
    });
    vi.stubGlobal('fetch', fetchMock);
    await addItemsToCart(
      cartApiState('ATVPDKIKX0DER'),
      [{ asin: 'B0TESTSPK1', offerListingId: 'OL-1', quantity: 1 }],
      {
        refTag: 'dp_atc',
      },
    );
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/marketplaces/ATVPDKIKX0DER/cart/carts/retail/items?ref_=dp_atc');
    expect(init?.credentials).toBe('include');
    expect(init?.headers).toEqual({
      'content-type': 'application/vnd.com.amazon.api+json; type="cart.add-items.request/v1"',
      accept: 'application/vnd.com.amazon.api+json; type="cart.add-items/v1"',
      'accept-language': 'en-US',
      'x-csrf-token': 'csrf-abc',
      'x-encrypted-slate-token': 'slate-xyz',
      // Decision 0042: a write carries an idempotency key, so a retry is done once.
      'idempotency-key': expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(JSON.parse(String(init?.body))).toEqual({
      items: [{ asin: 'B0TESTSPK1', offerListingId: 'OL-1', quantity: 1 }],
    });
  });

  test('CART-039 a failed request takes the error path with the server message', async () => {
    vi.stubGlobal(
      'fetch',
      respond(422, { error: { code: 'above_max_order_quantity', message: 'limited to 10 per order' } }),
    );
    const result = await addItemsToCart(cartApiState('ATVPDKIKX0DER'), [
      { asin: 'B0TESTSPK1', offerListingId: 'OL-1', quantity: 11 },
    ]);
    expect(result).toMatchObject({ ok: false, status: 422 });
    expect(result.ok ? null : failureMessage(result)).toBe('limited to 10 per order');
  });

  test.each([401, 403])('SEC-007 a %i answer reloads the page as a session problem', async (status) => {
    vi.stubGlobal(
      'fetch',
      respond(status, { error: { code: 'csrf_token_invalid', message: 'missing or invalid CSRF token' } }),
    );
    const reload = vi.fn();
    await addItemsToCart(
      cartApiState('ATVPDKIKX0DER'),
      [{ asin: 'B0TESTSPK1', offerListingId: 'OL-1', quantity: 1 }],
      {
        onSessionProblem: reload,
      },
    );
    expect(reload).toHaveBeenCalledOnce();
  });

  test('SEC-005 every cart call carries the CSRF token and the encrypted token from the page meta tags', async () => {
    document.head.innerHTML =
      '<meta name="csrf-token" content="other-csrf"><meta name="encrypted-slate-token" content="other-slate">';
    const fetchMock = respond(200, {
      type: 'cart.add-items/v1',
      entity: { items: [], count: { type: 'cart.count/v1', entity: { items: 0 } } },
    });
    vi.stubGlobal('fetch', fetchMock);
    await addItemsToCart(cartApiState('ATVPDKIKX0DER'), [
      { asin: 'B0TESTSPK1', offerListingId: 'OL-1', quantity: 1 },
    ]);
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers['x-csrf-token']).toBe('other-csrf');
    expect(headers['x-encrypted-slate-token']).toBe('other-slate');
  });

  test('CART-022 an answer without the add-items type, an item id or a cart count takes the error path', async () => {
    const valid = {
      type: 'cart.add-items/v1',
      entity: {
        items: [{ id: 'C1', asin: 'B0TESTSPK1', offerListingId: 'OL-1', quantity: 1 }],
        count: { type: 'cart.count/v1', entity: { items: 1 } },
      },
    };
    const item = [{ asin: 'B0TESTSPK1', offerListingId: 'OL-1', quantity: 1 }];
    vi.stubGlobal('fetch', respond(200, valid));
    expect((await addItemsToCart(cartApiState('ATVPDKIKX0DER'), item)).ok).toBe(true);
    for (const broken of [
      { ...valid, type: 'cart.items/v1' },
      { ...valid, entity: { ...valid.entity, items: [] } },
      { ...valid, entity: { items: valid.entity.items } },
    ]) {
      vi.stubGlobal('fetch', respond(200, broken));
      expect(await addItemsToCart(cartApiState('ATVPDKIKX0DER'), item)).toMatchObject({ ok: false });
    }
  });

  test('a network failure is reported, not thrown', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    const result = await addItemsToCart(cartApiState('ATVPDKIKX0DER'), [
      { asin: 'B0TESTSPK1', offerListingId: 'OL-1', quantity: 1 },
    ]);
    expect(result).toMatchObject({ ok: false, status: 0 });
  });
});
