import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createBusinessProduct } from '../../../../tests/factories/business-factory';
import { createCart } from '../../../../tests/factories/cart-factory';
import { createCustomer } from '../../../../tests/factories/customer-factory';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';
import { type Marketplace, marketplaceById } from '../../../shared/marketplaces';
import { businessSlice } from '../../services/business/page-slice';
import { readProduct } from '../../services/products/product-view';

const US = 'ATVPDKIKX0DER';
const QUANTITIES = Array.from({ length: 999 }, (_, i) => i + 1);
const ADDRESS = {
  fullName: 'Sam Carter',
  line1: '410 Terry Ave N',
  city: 'Seattle',
  state: 'WA',
  postalCode: '98109',
};

const pageData = (html: string) => {
  const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error('no page data in the page');
  return JSON.parse(json);
};

// The acceptance property of business tier pricing (decision 0022): for every quantity from 1 to 999 and every offer, the price the
// page shows, the product call's price for itemQuantity, the cart line and the placed order's line
// agree to the cent. Exhaustive, not sampled: 2,997 quantities per database.
describe.each(dialects)('tier prices agree everywhere on %s', (dialect) => {
  let ctx: TestContext;
  let product: Awaited<ReturnType<typeof createBusinessProduct>>;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    // Enough stock for one order holding every quantity from 1 to 999 (499,500 units) per offer.
    product = await createBusinessProduct(ctx.store.db, {}, 500_000);
  });
  afterAll(() => ctx?.close());

  const offers = () => [
    { id: product.ids.regular, merchant: 'ATVPDKIKX0DER', box: 0 },
    { id: product.ids.b2b, merchant: 'M-B2B-SUPPLY', box: 0 },
    { id: product.ids.custom, merchant: 'M-CUSTOM-DIRECT', box: 1 },
  ];

  test.each([0, 1, 2])(
    'BIZ-047 offer %i: page, product call, cart line and placed order agree for every quantity 1-999',
    async (which) => {
      const offer = offers()[which] as ReturnType<typeof offers>[number];
      const buyer = await createCustomer(ctx.store.db, { business: true });
      const s = new Shopper(ctx.app);
      await s.signIn(buyer.email, buyer.password);
      await s.visit(`/dp/${product.asin}`);
      const marketplace = marketplaceById(US) as Marketplace;
      const lookup = await readProduct(ctx.store.db, US, product.asin, {});
      if (!lookup.found) throw new Error('product not found');
      const customer = {
        id: buyer.id,
        email: buyer.email,
        name: buyer.name,
        isPrime: false,
        isBusiness: true,
        postalCode: null,
        hasSavedAddress: false,
      };

      const page = new Map<number, string>();
      const call = new Map<number, string>();
      const check = async (quantity: number) => {
        // The page: its business slice for ?qty=N&smid=seller, as /dp renders it.
        const slice = await businessSlice(
          ctx.store.db,
          { marketplace, product: lookup.product, customer },
          new URLSearchParams({ qty: String(quantity), smid: offer.merchant }),
        );
        const option = slice?.boxes[offer.box]?.option;
        expect(option?.offerListingId).toBe(offer.id);
        page.set(quantity, option?.quantityPrice.total.displayString ?? 'missing');
        // The explanation adds up to the same line.
        expect(option?.explanation.lineTotal.displayString).toBe(page.get(quantity));
        // The product call for itemQuantity.
        const answer = await s.request({
          method: 'GET',
          url: `/api/marketplaces/${US}/products/${product.asin}?itemQuantity=${quantity}&offerListingId=${offer.id}&expand=price`,
        });
        call.set(quantity, answer.json().entity.buyingOptions[0].quantityPrice.total.displayString);
      };
      // A few at a time: the database answers in parallel, the test still checks every quantity.
      for (let start = 0; start < QUANTITIES.length; start += 20) {
        await Promise.all(QUANTITIES.slice(start, start + 20).map(check));
      }

      // The page itself, rendered, around every tier boundary: its HTML shows the slice's total.
      for (const quantity of [
        1, 2, 3, 9, 10, 11, 12, 13, 23, 24, 25, 29, 30, 31, 39, 40, 41, 99, 100, 101, 249, 250, 251, 998, 999,
      ]) {
        const html = (
          await s.visit(`/dp/${product.asin}?qty=${quantity}&smid=${offer.merchant}`)
        ).body.replaceAll('<!-- -->', '');
        const boxes = [...html.matchAll(/data-testid="business-total"[^>]*>Total for (\d+): ([^<]+)</g)];
        expect(boxes[offer.box]?.slice(1)).toEqual([String(quantity), page.get(quantity)]);
      }

      // The cart: one line per quantity, as the cart page prices and shows them.
      await createCart(
        ctx.store.db,
        { type: 'customer', id: buyer.id },
        QUANTITIES.map((quantity) => ({ asin: product.asin, offerListingId: offer.id, quantity })),
        { now: ctx.clock.now },
      );
      const cart = pageData((await s.visit('/gp/cart/view.html')).body);
      const cartLines = new Map<number, string>(
        cart.lines.map((l: { quantity: number; lineTotal: { displayString: string } }) => [
          l.quantity,
          l.lineTotal.displayString,
        ]),
      );

      // The placed order: every line as charged.
      const placed = await s.postForm('/gp/buy/spc/handlers/place-order.html', {
        source: 'cart',
        ...ADDRESS,
      });
      expect(placed.statusCode).toBe(303);
      const thanks = pageData((await s.visit(placed.headers.location as string)).body);
      const ordered = new Map<number, string>(
        thanks.lines.map((l: { quantity: number; lineTotal: { displayString: string } }) => [
          l.quantity,
          l.lineTotal.displayString,
        ]),
      );

      const disagreements = QUANTITIES.filter(
        (q) => new Set([page.get(q), call.get(q), cartLines.get(q), ordered.get(q)]).size !== 1,
      ).map((q) => ({
        q,
        page: page.get(q),
        call: call.get(q),
        cart: cartLines.get(q),
        order: ordered.get(q),
      }));
      expect(disagreements).toEqual([]);
      expect(ordered.size).toBe(999);
    },
    600_000,
  );
});
