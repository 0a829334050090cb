import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDemoCopies } from '../../../../tests/factories/demo-products';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';

const US = 'ATVPDKIKX0DER';

type Line = { id: string; asin: string; quantity: number; associatedItemId?: string };

describe.each(dialects)('decision 0014: protection plans in the cart on %s', (dialect) => {
  let ctx: TestContext;
  // The test's own deal tablet with its protection plan, and a speaker stand, shaped like the demo ones.
  let TABLET = { asin: '', offerListingId: '' };
  let PLAN = { asin: '', offerListingId: '' };
  let STAND = { asin: '', offerListingId: '' };
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    const now = ctx.clock.now;
    const copies = await createDemoCopies(ctx.store.db, ['B0PDPTAB01', 'B0PDPSPK01'], { now });
    TABLET = copies.item('B0PDPTAB01');
    PLAN = copies.item('B0PDPPRT01');
    STAND = copies.item('B0PDPSTD01');
  });
  afterAll(() => ctx?.close());

  const shopper = async () => {
    const s = new Shopper(ctx.app);
    await s.visit(`/dp/${TABLET.asin}`);
    return s;
  };
  const lines = async (s: Shopper) =>
    (await s.request({ method: 'GET', url: `/api/marketplaces/${US}/cart/items?cartTypes=RETAIL` })).json()
      .entity.items as Line[];
  const plans = async (s: Shopper) =>
    (await lines(s)).filter((l) => l.asin === PLAN.asin).reduce((sum, l) => sum + l.quantity, 0);
  const claimTablet = async (s: Shopper, quantity = 1) => {
    const response = await s.request({
      method: 'POST',
      url: `/api/marketplaces/${US}/deals/LD-${TABLET.asin}/claim-and-add-to-cart?ref=dp_ld_claim`,
      headers: { 'content-type': 'application/json', 'x-csrf-token': s.csrfToken },
      payload: JSON.stringify({ asin: TABLET.asin, quantity }),
    });
    expect(response.statusCode).toBe(200);
    return response.json().entity.cartItemId as string;
  };
  /** The deal box's "Add protection plan" from the in-cart view: the deals upsell form call. */
  const upsellPlan = (s: Shopper) =>
    s.postForm('/gp/add-to-cart/json/ref=ldabb', {
      verificationSessionID: s.sessionId,
      clientName: 'devices',
      'ASIN.1': PLAN.asin,
      'offerListingID.1': PLAN.offerListingId,
      'quantity.1': '1',
    });
  const planFor = (deviceLineId: string, quantity = 1) => ({
    ...PLAN,
    quantity,
    additionalParameters: {
      itemAssociation: {
        associatedItemId: deviceLineId,
        renderType: 'renderAll',
        programType: 'AmazonProtect',
        deleteConstraint: { mutuallyInclusive: false },
      },
    },
  });

  test('decision 0014: a plan never outnumbers its device (deal claim, then the deals upsell twice)', async () => {
    const s = await shopper();
    const dealLine = await claimTablet(s);
    expect((await upsellPlan(s)).statusCode).toBe(200);
    const again = await upsellPlan(s);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ error: { code: 'plan_exceeds_device' } });
    expect(await plans(s)).toBe(1);
    expect((await lines(s)).find((l) => l.asin === PLAN.asin)?.associatedItemId).toBe(dealLine);
  });

  test('decision 0014: the plan added with the claim (cart API, tied to the deal line) cannot be added again', async () => {
    const s = await shopper();
    const dealLine = await claimTablet(s);
    expect((await s.addItems([planFor(dealLine)], { query: '?ref=dp_ld_warranty' })).statusCode).toBe(200);
    const again = await s.addItems([planFor(dealLine)], { query: '?ref=dp_ld_warranty' });
    expect(again.statusCode).toBe(422);
    expect((await upsellPlan(s)).statusCode).toBe(422);
    expect(await plans(s)).toBe(1);
  });

  test('decision 0014: on the regular add path a plan goes up to its device quantity, never past it nor alone', async () => {
    const s = await shopper();
    const alone = await s.addItems([{ ...PLAN, quantity: 1 }]);
    expect(alone.statusCode).toBe(422);
    expect(alone.json()).toMatchObject({ error: { code: 'plan_without_device' } });
    // Tied to a line that is not its device: refused too.
    const stand = (await s.addItems([{ ...STAND, quantity: 1 }])).json().entity.items[0].id as string;
    expect((await s.addItems([planFor(stand)])).statusCode).toBe(422);

    const tablet = (await s.addItems([{ ...TABLET, quantity: 2 }])).json().entity.items[0].id as string;
    expect((await s.addItems([planFor(tablet, 3)])).statusCode).toBe(422);
    expect((await s.addItems([planFor(tablet, 1)])).statusCode).toBe(200);
    expect((await s.addItems([planFor(tablet, 1)])).statusCode).toBe(200);
    expect((await s.addItems([planFor(tablet, 1)])).statusCode).toBe(422);
    expect(await plans(s)).toBe(2);
  });

  test('decision 0014: plan adds sent at once never pass the device quantity', async () => {
    const s = await shopper();
    await claimTablet(s);
    const results = await Promise.all(Array.from({ length: 6 }, () => upsellPlan(s)));
    expect(results.every((r) => r.statusCode < 500)).toBe(true);
    expect(await plans(s)).toBe(1);
  });

  test('decision 0014: a plan follows its device down and goes with it', async () => {
    const s = await shopper();
    const tablet = (await s.addItems([{ ...TABLET, quantity: 2 }])).json().entity.items[0].id as string;
    await s.addItems([planFor(tablet, 2)]);
    const plan = (await lines(s)).find((l) => l.asin === PLAN.asin) as Line;
    // The plan's own quantity cannot be set above its device's.
    await s.visit('/gp/cart/view.html');
    await s.postForm('/gp/cart/update.html', { lineId: plan.id, quantity: '3', action: 'update' });
    expect(await plans(s)).toBe(2);
    await s.postForm('/gp/cart/update.html', { lineId: tablet, quantity: '1', action: 'update' });
    expect(await plans(s)).toBe(1);
    await s.postForm('/gp/cart/update.html', { lineId: tablet, action: 'delete' });
    expect(await lines(s)).toEqual([]);
  });
});
