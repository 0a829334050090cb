import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCustomer } from '../../../../tests/factories/customer-factory';
import { createGroceryAddress, createGroceryProduct } from '../../../../tests/factories/grocery-factory';
import { GroceryShopper } from '../../../../tests/helpers/grocery-shopper';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';
import { deliveryWindows, SLOT_HOLD_MS, slotLabel } from '../../../domain/grocery/delivery-slots';
import {
  insertSlotReservation,
  newSlotToken,
  setStoreSlotSettings,
} from '../../db/repositories/grocery-slot-repository';

const pageData = (html: string) =>
  JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}');

describe.each(dialects)('the fresh checkout on %s (decision 0047)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
  });
  afterAll(() => ctx?.close());
  const now = () => ctx.clock.now;

  /** Bananas by the pound ($0.69/lb) and milk ($3.49 a gallon) from one store of their own. */
  const groceries = async (storeId: string) => {
    const store = { storeId, name: `Fresh ${storeId}` };
    const bananas = await createGroceryProduct(
      ctx.store.db,
      { title: 'Bananas', unitOfMeasure: 'lb', stores: [store], offer: { price: 0.69 } },
      { now: now() },
    );
    const milk = await createGroceryProduct(
      ctx.store.db,
      { title: 'Whole milk', unitOfMeasure: 'gallon', stores: [store], offer: { price: 3.49 } },
      { now: now() },
    );
    return { bananas, milk, storeId };
  };

  /** A signed-in customer with a Seattle address and bananas (2.5 lb) and 2 milk in the fresh cart. */
  const shopperWithCart = async (items: Awaited<ReturnType<typeof groceries>>) => {
    const customer = await createCustomer(ctx.store.db, {}, { now: now() });
    await createGroceryAddress(ctx.store.db, customer.id, {}, { select: true, now: now() });
    const shopper = new GroceryShopper(ctx.app);
    await shopper.signIn(customer.email, customer.password);
    await shopper.visit(`/dp/${items.bananas.asin}`);
    expect((await shopper.addFresh(items.bananas, 1, { amountInUom: 2.5 })).statusCode).toBe(200);
    expect((await shopper.addFresh(items.milk, 2)).statusCode).toBe(200);
    return { shopper, customer };
  };

  const reserve = (shopper: GroceryShopper, storeId: string, slotStart: number) =>
    shopper.postForm('/afx/slotselection/reserve', { storeId, slotStart: String(slotStart) });
  const place = (shopper: GroceryShopper, storeId: string, token: string) =>
    shopper.postForm('/alm/checkout/place-order', { storeId, token });
  const heldToken = async (shopper: GroceryShopper, storeId: string) =>
    pageData((await shopper.visit(`/alm/checkout?storeId=${storeId}`)).body).view.held?.token as string;

  test('GRO-025 GRO-019 the cart page shows the fresh cart priced by weight; a held window becomes a fresh order on the account page that takes more until its cut-off', async () => {
    const items = await groceries('CHK-ONE');
    const { shopper } = await shopperWithCart(items);

    const cart = pageData((await shopper.visit('/gp/cart/view.html')).body);
    expect(cart.fresh.itemCount).toBe(3);
    expect(cart.shopper.cartCount).toBe(cart.itemCount + cart.fresh.itemCount);
    const [store] = cart.fresh.stores;
    expect(
      store.lines.map((l: { amountLabel: string | null; lineTotal: { displayString: string } }) => [
        l.amountLabel,
        l.lineTotal.displayString,
      ]),
    ).toEqual([
      ['2.5 lb', '$1.73'],
      [null, '$6.98'],
    ]);
    expect(store.subtotal.displayString).toBe('$8.71');
    // Below the store's $10.00 minimum: no checkout yet, and the shortfall said.
    expect(store.shortfall.displayString).toBe('$1.29');
    await setStoreSlotSettings(ctx.store.db, items.storeId, { minimumOrderMinor: 500 });

    const checkout = pageData((await shopper.visit(`/alm/checkout?storeId=${items.storeId}`)).body).view;
    expect(checkout.kind).toBe('fresh-checkout');
    expect(checkout.addressLabel).toContain('Seattle 98109');
    const window = checkout.windows[0];
    expect(window.placesLeft).toBe(5);
    const held = await reserve(shopper, items.storeId, window.start);
    expect(held.statusCode).toBe(303);
    expect(held.headers.location).toContain('notice=held');
    const token = await heldToken(shopper, items.storeId);
    expect(token).toMatch(/^SLOT-/);

    const placed = await place(shopper, items.storeId, token);
    expect(placed.statusCode).toBe(303);
    const orderUrl = String(placed.headers.location);
    expect(orderUrl).toMatch(/^\/fom\/orders\/FO-/);
    // Pressed twice: the same order, not a second one.
    expect((await place(shopper, items.storeId, token)).headers.location).toBe(orderUrl);

    const order = pageData((await shopper.visit(orderUrl)).body).view;
    expect(order.deliveryLabel).toBe(window.label);
    expect(order.items.map((i: { amountLabel: string | null }) => i.amountLabel).sort()).toEqual([
      '2.5 lb',
      null,
    ]);
    expect(order.subtotal.displayString).toBe('$8.71');
    const after = pageData((await shopper.visit('/gp/cart/view.html')).body);
    expect(after.fresh).toBeNull();
    expect(after.shopper.cartCount).toBe(0);
    const account = pageData((await shopper.visit('/gp/css/homepage.html')).body);
    expect(account.freshOrders).toEqual([
      expect.objectContaining({
        slotLabel: window.label,
        itemCount: 3,
        open: true,
        href: orderUrl.split('?')[0],
      }),
    ]);

    // GRO-019: the placed order takes more until its cut-off (2 hours before its window): a pound more
    // bananas joins the weighed line, another milk its line.
    await shopper.visit(`/dp/${items.bananas.asin}`);
    const more = await shopper.json(
      'POST',
      '/fom/add-to-fresh-order',
      shopper.payload(items.bananas, 1, { amountInUom: 1 }),
    );
    expect(more.statusCode).toBe(200);
    expect(more.json()).toMatchObject({ shouldRedirectToOgs: true, ogsUrl: orderUrl.split('?')[0] });
    const milkMore = await shopper.json('POST', '/fom/add-to-fresh-order', shopper.payload(items.milk, 1));
    expect(milkMore.statusCode).toBe(200);
    const grown = pageData((await shopper.visit(orderUrl)).body).view;
    const amounts = grown.items.map(
      (i: { amountLabel: string | null; quantity: number }) => i.amountLabel ?? String(i.quantity),
    );
    expect(amounts.sort()).toEqual(['3', '3.5 lb']);
    // 3.5 lb × $0.69 = $2.415 → $2.42; 3 × $3.49 = $10.47.
    expect(grown.subtotal.displayString).toBe('$12.89');
    ctx.clock.now = window.start - 2 * 3_600_000;
    const late = await shopper.json('POST', '/fom/add-to-fresh-order', shopper.payload(items.milk, 1));
    expect(late.statusCode).toBe(400);
    expect(late.json().error.code).toBe('order_cutoff_passed');
  });

  test('GRO-025 20 parallel checkouts for a window with 5 places: 5 orders, 15 refusals naming the window', async () => {
    const items = await groceries('CHK-RACE');
    await setStoreSlotSettings(ctx.store.db, items.storeId, { minimumOrderMinor: 0, slotCapacity: 5 });
    const shoppers = [];
    for (let i = 0; i < 20; i++) shoppers.push((await shopperWithCart(items)).shopper);
    const window = deliveryWindows(now())[3];
    if (!window) throw new Error('no window');
    const outcomes = await Promise.all(
      shoppers.map(async (shopper) => {
        const held = await reserve(shopper, items.storeId, window.start);
        const location = new URL(String(held.headers.location), 'http://x');
        const error = location.searchParams.get('error');
        if (error) return { error };
        const token = await heldToken(shopper, items.storeId);
        const placed = await place(shopper, items.storeId, token);
        return { order: String(placed.headers.location) };
      }),
    );
    const orders = outcomes.filter((o) => 'order' in o);
    const refusals = outcomes.flatMap((o) => ('error' in o ? [o.error] : []));
    expect(orders).toHaveLength(5);
    for (const o of orders) expect(o.order).toMatch(/^\/fom\/orders\/FO-/);
    expect(refusals).toHaveLength(15);
    for (const r of refusals) {
      expect(r).toBe(
        `The delivery window ${slotLabel(window.start, window.end)} is full. Choose another window.`,
      );
    }
    const late = (await shopperWithCart(items)).shopper;
    const view = pageData((await late.visit(`/alm/checkout?storeId=${items.storeId}`)).body).view;
    expect(view.windows.find((w: { start: number }) => w.start === window.start).placesLeft).toBe(0);
  }, 90_000);

  test('GRO-025 20 parallel orders on lapsed holds: the place is re-checked, 5 orders and 15 refusals', async () => {
    const items = await groceries('CHK-LAPSED');
    await setStoreSlotSettings(ctx.store.db, items.storeId, { minimumOrderMinor: 0, slotCapacity: 5 });
    const window = deliveryWindows(now())[4];
    if (!window) throw new Error('no window');
    const runs = [];
    for (let i = 0; i < 20; i++) {
      const { shopper, customer } = await shopperWithCart(items);
      const token = newSlotToken();
      await insertSlotReservation(
        ctx.store.db,
        { type: 'customer', id: customer.id },
        { token, storeId: items.storeId, slotStart: window.start, slotEnd: window.end, expiresAt: now() - 1 },
        now() - SLOT_HOLD_MS,
      );
      runs.push({ shopper, token });
    }
    const answers = await Promise.all(runs.map(({ shopper, token }) => place(shopper, items.storeId, token)));
    const locations = answers.map((a) => new URL(String(a.headers.location), 'http://x'));
    expect(locations.filter((l) => l.pathname.startsWith('/fom/orders/'))).toHaveLength(5);
    const refusals = locations.flatMap((l) => l.searchParams.get('error') ?? []);
    expect(refusals).toHaveLength(15);
    for (const r of refusals) expect(r).toContain(slotLabel(window.start, window.end));
  }, 90_000);

  test('GRO-025 a held window frees its place when it expires, or when cancelled', async () => {
    const items = await groceries('CHK-EXPIRY');
    await setStoreSlotSettings(ctx.store.db, items.storeId, { slotCapacity: 1 });
    const first = (await shopperWithCart(items)).shopper;
    const second = (await shopperWithCart(items)).shopper;
    const window = deliveryWindows(now())[5];
    if (!window) throw new Error('no window');
    expect((await reserve(first, items.storeId, window.start)).headers.location).toContain('notice=held');
    const full = await reserve(second, items.storeId, window.start);
    expect(new URL(String(full.headers.location), 'http://x').searchParams.get('error')).toContain('is full');
    // The hold runs out (the injected clock moves past it): the place is free again.
    ctx.clock.now += SLOT_HOLD_MS;
    expect((await reserve(second, items.storeId, window.start)).headers.location).toContain('notice=held');
    // The first shopper's lapsed hold cannot take the place back at ordering time.
    const stale = pageData((await first.visit(`/alm/checkout?storeId=${items.storeId}`)).body).view;
    expect(stale.held).toBeNull();
    // GRO-025: cancelling frees it at once.
    const token = await heldToken(second, items.storeId);
    const cancelled = await second.json('POST', `/afx/slotselection/cancel?token=${token}`);
    expect(cancelled.json()).toEqual({ isSuccess: true });
    expect((await reserve(first, items.storeId, window.start)).headers.location).toContain('notice=held');
  });

  test('a weight off the quarter steps is refused and changes nothing', async () => {
    const items = await groceries('CHK-WEIGHT');
    const { shopper } = await shopperWithCart(items);
    const refused = await shopper.addFresh(items.bananas, 1, { amountInUom: 2.3 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('invalid_input');
    const cart = pageData((await shopper.visit('/gp/cart/view.html')).body);
    expect(cart.fresh.stores[0].lines[0].amountLabel).toBe('2.5 lb');
  });
});
