import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCustomer } from '../../../../tests/factories/customer-factory';
import { createGroceryProduct } from '../../../../tests/factories/grocery-factory';
import { GroceryShopper } from '../../../../tests/helpers/grocery-shopper';
import { createTestApp, T0, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';

const DAY = 86_400_000;
// T0 is Sunday 22 November 2026, noon UTC: the earliest drop day is Tuesday the 24th.
const TUESDAY = Date.UTC(2026, 10, 24);

describe.each(dialects)('repeat delivery routes on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
  });
  afterAll(() => ctx?.close());

  const member = async (asin: string) => {
    const customer = await createCustomer(ctx.store.db, {}, { now: ctx.clock.now });
    const shopper = new GroceryShopper(ctx.app);
    await shopper.signIn(customer.email, customer.password);
    await shopper.visit(`/dp/${asin}`);
    return shopper;
  };
  const add = (s: GroceryShopper, asins: string[]) =>
    s.json('POST', '/repeatitems/psa/v1/add?reftag_=dp_rd', {
      reftag_: 'dp_rd',
      clientContext: { asin: asins[0], pageType: 'Detail' },
      asins,
    });
  const update = (s: GroceryShopper, asin: string, quantity: number, cadence: number, unit = 'bunch') =>
    s.json('POST', '/repeatitems/psa/v1/update?reftag_=dp_rd', {
      quantity: { quantity, unit },
      cadence,
      clientContext: { asin },
    });

  test('STP-001 STP-011 an add answers addOperationStatus and the next view; a second add is ALREADY_REPEATED', async () => {
    expect(ctx.clock.now).toBe(T0);
    const bananas = await createGroceryProduct(ctx.store.db, {}, { now: ctx.clock.now });
    const s = await member(bananas.asin);
    const first = await add(s, [bananas.asin]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      addOperationStatus: 'SUCCESS',
      item: {
        asin: bananas.asin,
        quantity: 1,
        unit: 'bunch',
        cadenceWeeks: 2,
        nextDropDate: '2026-11-24',
        renderableQuantityCadence: '1 bunch every 2 weeks',
        renderableNextDropDate: 'Tuesday, November 24',
      },
    });
    // The next view is the page's component, rendered by the server.
    expect(first.json().nextViewHtml).toContain('On Repeat Delivery');
    expect(first.json().nextViewHtml).toContain('Next delivery: <!-- -->Tuesday, November 24');
    const again = await add(s, [bananas.asin]);
    expect(again.json().addOperationStatus).toBe('ALREADY_REPEATED');
    // Two adds at once make one item.
    const other = await createGroceryProduct(ctx.store.db, {}, { now: ctx.clock.now });
    const both = await Promise.all([add(s, [other.asin]), add(s, [other.asin])]);
    expect(both.map((r) => r.json().addOperationStatus).sort()).toEqual(['ALREADY_REPEATED', 'SUCCESS']);
  });

  test('STP-002 STP-012 an update sets quantity and cadence; the server computes the next drop date', async () => {
    const bananas = await createGroceryProduct(ctx.store.db, {}, { now: ctx.clock.now });
    const s = await member(bananas.asin);
    await add(s, [bananas.asin]);
    // From every 2 weeks to every 4: one new cadence after the drop before the next one (24th − 2 weeks + 4 weeks).
    const four = await update(s, bananas.asin, 3, 4);
    expect(four.statusCode, four.body).toBe(200);
    expect(four.json()).toEqual({
      renderableQuantityCadence: '3 bunches every 4 weeks',
      renderableNextDropDate: 'Tuesday, December 8',
      item: expect.objectContaining({ quantity: 3, cadenceWeeks: 4, nextDropDate: '2026-12-08' }),
    });
    // To every week: never earlier than the earliest drop day.
    const weekly = await update(s, bananas.asin, 1, 1);
    expect(weekly.json().renderableQuantityCadence).toBe('1 bunch every week');
    expect(weekly.json().item.nextDropDate).toBe('2026-11-24');
    for (const cadence of [1, 2, 3, 4, 6, 8]) {
      expect((await update(s, bananas.asin, 2, cadence)).statusCode, String(cadence)).toBe(200);
    }
    for (const cadence of [0, 5, 7, 9, 12]) {
      expect((await update(s, bananas.asin, 2, cadence)).statusCode, String(cadence)).toBe(400);
    }
    expect((await update(s, bananas.asin, 2, 2, 'gallon')).statusCode).toBe(400);
    const notRepeated = await createGroceryProduct(ctx.store.db, {}, { now: ctx.clock.now });
    expect((await update(s, notRepeated.asin, 2, 2)).statusCode).toBe(404);
  });

  test('skipping the next delivery moves the next drop date by one cadence', async () => {
    const bananas = await createGroceryProduct(ctx.store.db, {}, { now: ctx.clock.now });
    const s = await member(bananas.asin);
    await add(s, [bananas.asin]);
    await update(s, bananas.asin, 1, 3);
    const before = (await update(s, bananas.asin, 1, 3)).json().item.nextDropDate;
    const skip = () =>
      s.json('POST', '/repeatitems/psa/v1/skip?reftag_=dp_rd', { clientContext: { asin: bananas.asin } });
    const skipped = (await skip()).json();
    expect(Date.parse(skipped.item.nextDropDate) - Date.parse(before)).toBe(21 * DAY);
    // Two skips at once move it twice, never once.
    await Promise.all([skip(), skip()]);
    const after = (await update(s, bananas.asin, 1, 3)).json().item.nextDropDate;
    expect(Date.parse(after) - Date.parse(before)).toBe(63 * DAY);
    expect(Date.parse(before)).toBeGreaterThanOrEqual(TUESDAY);
  });

  test('STP-014 refusals carry the modal HTML: signed out 401, a product that is not a staple 400', async () => {
    const bananas = await createGroceryProduct(ctx.store.db, {}, { now: ctx.clock.now });
    const notStaple = await createGroceryProduct(
      ctx.store.db,
      { repeatDelivery: false },
      { now: ctx.clock.now },
    );
    const anonymous = new GroceryShopper(ctx.app);
    await anonymous.visit(`/dp/${bananas.asin}`);
    const signedOut = await add(anonymous, [bananas.asin]);
    expect(signedOut.statusCode).toBe(401);
    const s = await member(bananas.asin);
    const refused = await add(s, [notStaple.asin]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('not_repeatable');
    expect(refused.json().errorModalHtml).toContain('cannot be put on Repeat Delivery');
  });

  test('STP-013 the educational content names the manage link', async () => {
    const s = new GroceryShopper(ctx.app);
    const content = await s.json('GET', '/repeatitems/psa/v1/educontent');
    expect(content.json()).toMatchObject({
      title: 'Repeat Delivery',
      learnMoreManageStaplesLink: '/gp/help/repeat-delivery.html',
    });
    expect(content.json().paragraphs.join(' ')).toContain('every week, or every 2, 3, 4, 6 or 8 weeks');
  });
});
