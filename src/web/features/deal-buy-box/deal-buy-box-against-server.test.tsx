// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { createDemoCopies } from '../../../../tests/factories/demo-products';
import { openProductPage, testFetch } from '../../../../tests/helpers/open-product-page';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app';
import type { ProductPageData } from '../../../shared/contracts/pages/product-page';
import { DealBuyBox } from './deal-buy-box';

// The deal buy box in a DOM against the real server (listening, real HTTP, real database, the test
// app's movable clock), for what a browser spec cannot reach: the server's deal ending, and calls
// that fail on the server's side.

let ctx: TestContext;
let origin = '';
// The test's own deals, shaped like the demo tablet (AVAILABLE, with a plan), app-only smart plugs and
// the streaming stick.
let TABLET = '';
let PLUGS = '';
let STICK = '';

beforeAll(async () => {
  ctx = await createTestApp('sqlite', { seed: false });
  const copies = await createDemoCopies(ctx.store.db, ['B0PDPTAB01', 'B0PDPPLG01', 'B0PDPSTK01'], {
    now: ctx.clock.now,
  });
  TABLET = copies.asin('B0PDPTAB01');
  PLUGS = copies.asin('B0PDPPLG01');
  STICK = copies.asin('B0PDPSTK01');
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await ctx?.close();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const plan = {
  asin: 'B0NOPLAN01',
  offerListingId: 'OL-B0NOPLAN01',
  title: '2-Year Protection Plan',
  price: { amount: 12.99, currencyCode: 'USD', displayString: '$12.99' },
};

describe('deal buy box against the server', () => {
  test('DEAL-019 DEAL-045 DEAL-047 DEAL-048 a failed plan add with the claim only logs and records a metric; added alone, its failure shows', async () => {
    const data = await openProductPage(origin, TABLET);
    expect(data.deal).not.toBeNull();
    const fetchSpy = vi.spyOn(window, 'fetch');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const counts: number[] = [];
    render(
      <DealBuyBox
        setup={data.deal as NonNullable<ProductPageData['deal']>}
        warranty={plan}
        sessionId={data.shopper.sessionId}
        onCartCount={(count) => counts.push(count)}
      />,
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Add 2-Year Protection Plan for $12.99' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Added to cart. This deal is in your cart.')).toBeTruthy();
    // DEAL-019: the header count follows the claim.
    await waitFor(() => expect(counts).toEqual([1]));
    // The plan is not sold here, so the deals flow's cart add fails: a metric and a log, nothing shown.
    const cartAdd = fetchSpy.mock.calls.find(([url]) =>
      String(url).includes('/cart/carts/retail/items?ref='),
    );
    expect(cartAdd).toBeDefined();
    expect(
      JSON.parse(String(cartAdd?.[1]?.body)).items[0].additionalParameters.itemAssociation,
    ).toMatchObject({
      programType: 'AmazonProtect',
      renderType: 'renderAll',
    });
    await waitFor(() =>
      expect(
        fetchSpy.mock.calls.some(
          ([url, init]) =>
            String(url).endsWith('/api/metrics/events') &&
            String(init?.body).includes('pdp.deal.cart-add-failure/v1'),
        ),
      ).toBe(true),
    );
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('deal warranty cart add failed'));
    expect(screen.queryByRole('alert')).toBeNull();
    // Added alone from the in-cart view, through the deals upsell call, the failure shows its message.
    fireEvent.click(screen.getByRole('button', { name: 'Add 2-Year Protection Plan for $12.99' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      "We couldn't add 2-Year Protection Plan to your cart. You can add it from the cart page.",
    );
    const upsell = fetchSpy.mock.calls.find(([url]) => String(url) === '/gp/add-to-cart/json/ref=ldabb');
    expect(new URLSearchParams(String(upsell?.[1]?.body)).get('clientName')).toBe('devices');
    expect(counts).toEqual([1]);
    expect(screen.getByText('Added to cart. This deal is in your cart.')).toBeTruthy();
  });

  test('DEAL-046 a cart count that fails after the claim is ignored', async () => {
    // This session holds the tablet deal already; the app-only plug deal, claimed as the app, is free.
    const data = await openProductPage(origin, PLUGS);
    const setup = {
      ...(data.deal as NonNullable<ProductPageData['deal']>),
      app: true,
      // The page was rendered for a browser; the first poll as the app brings the call to action.
      pollingIntervalMs: 200,
      cartCountAapiEndpoint: `/api/marketplaces/NOWHERE/cart/count`,
    };
    const counts: number[] = [];
    render(
      <DealBuyBox setup={setup} sessionId={data.shopper.sessionId} onCartCount={(c) => counts.push(c)} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Added to cart. This deal is in your cart.')).toBeTruthy();
    const countCall = await testFetch(`${origin}${setup.cartCountAapiEndpoint}`);
    expect(countCall.status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(counts).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('DEAL-017 DEAL-038 once the server no longer offers the deal, the box says so and polling stops', async () => {
    const data = await openProductPage(origin, STICK);
    const setup = { ...(data.deal as NonNullable<ProductPageData['deal']>), pollingIntervalMs: 150 };
    const dealFetches = () =>
      fetchSpy.mock.calls.filter(([url]) => String(url).includes('buyingOptionTypes=LIGHTNING_DEAL')).length;
    const fetchSpy = vi.spyOn(window, 'fetch');
    render(<DealBuyBox setup={setup} sessionId={data.shopper.sessionId} onCartCount={() => {}} />);
    await waitFor(() => expect(dealFetches()).toBeGreaterThanOrEqual(2), { timeout: 3000 });
    expect(screen.queryByText('This deal is no longer available.')).toBeNull();
    // The deal ends on the server.
    ctx.clock.now = setup.initialBuyingOption.dealDetails.endTime + 1;
    expect(await screen.findByText('This deal is no longer available.', {}, { timeout: 3000 })).toBeTruthy();
    const after = dealFetches();
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(dealFetches()).toBe(after);
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
  });
});
