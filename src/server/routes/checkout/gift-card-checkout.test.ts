import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCustomer } from '../../../../tests/factories/customer-factory';
import { type CreatedProduct, createProduct } from '../../../../tests/factories/product-factory';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';
import {
  creditGiftCard,
  giftCardBalance,
  giftCardLedgerSum,
} from '../../db/repositories/gift-card-repository';

const PLACE_ORDER = '/gp/buy/spc/handlers/place-order.html';
// Oregon has no sales tax and a Prime member pays no shipping: an order's total is its items.
const ADDRESS = {
  fullName: 'Sam Carter',
  line1: '1 Main St',
  city: 'Portland',
  state: 'OR',
  postalCode: '97201',
};

describe.each(dialects)('the gift-card balance at checkout on %s', (dialect) => {
  let ctx: TestContext;
  let product: CreatedProduct;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    product = await createProduct(ctx.store.db, { offers: [{ price: 20, stock: 500 }] });
  });
  afterAll(() => ctx?.close());

  const shopperWith = async (balanceMinor: number) => {
    const customer = await createCustomer(ctx.store.db, { prime: true, paymentMethod: 'Visa ending 4242' });
    if (balanceMinor > 0) {
      await creditGiftCard(ctx.store.db, {
        customerId: customer.id,
        amountMinor: balanceMinor,
        currencyCode: 'USD',
        reason: 'tradeInCredit',
        now: ctx.clock.now,
      });
    }
    const s = new Shopper(ctx.app);
    await s.signIn(customer.email, customer.password);
    await s.visit(`/dp/${product.asin}`);
    return Object.assign(s, { customerId: customer.id });
  };
  const buyNow = (s: Shopper, useGiftCard: boolean, quantity = 1) =>
    s.postForm(PLACE_ORDER, {
      source: 'buy-now',
      asin: product.asin,
      offerListingId: `OL-${product.asin}-NEW`,
      quantity: String(quantity),
      ...ADDRESS,
      ...(useGiftCard ? { useGiftCardBalance: 'on' } : {}),
    });

  test('TI-001 checkout offers the balance; it pays part of the order and the confirmation shows the gift card and the rest', async () => {
    const s = await shopperWith(1_500);
    const checkout = await s.visit(
      `/gp/buy/spc/handlers/display.html?asin=${product.asin}&offerListingId=OL-${product.asin}-NEW&quantity=1`,
    );
    expect(checkout.body).toContain('Use your gift card');
    expect(checkout.body).toContain('$15.00');
    const placed = await buyNow(s, true);
    expect(placed.statusCode).toBe(303);
    const confirmation = await s.visit(String(placed.headers.location));
    expect(confirmation.body).toContain('Gift card:');
    expect(confirmation.body).toContain('-$15.00');
    expect(confirmation.body).toContain('$5.00');
    expect(await giftCardBalance(ctx.store.db, s.customerId)).toBe(0);
    expect(await giftCardLedgerSum(ctx.store.db, s.customerId)).toBe(0);
  });

  test('TI-001 the balance covers a whole order and keeps the rest; unchecked, it is not used', async () => {
    const s = await shopperWith(5_000);
    await buyNow(s, false);
    expect(await giftCardBalance(ctx.store.db, s.customerId)).toBe(5_000);
    await buyNow(s, true);
    expect(await giftCardBalance(ctx.store.db, s.customerId)).toBe(3_000);
  });

  test('TI-018 20 parallel checkouts never take the balance below zero, and it stays the sum of its ledger', async () => {
    const s = await shopperWith(7_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => buyNow(s, true)));
    expect(answers.every((a) => a.statusCode === 303)).toBe(true);
    const balance = await giftCardBalance(ctx.store.db, s.customerId);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBe(await giftCardLedgerSum(ctx.store.db, s.customerId));
    const paid = await ctx.store.db
      .selectFrom('gift_card_ledger')
      .select(['amount_minor', 'order_id'])
      .where('customer_id', '=', s.customerId)
      .where('reason', '=', 'orderPayment')
      .execute();
    // 3 whole orders and half of a 4th: $70 of $20 orders.
    expect(paid.reduce((sum, p) => sum - Number(p.amount_minor), 0)).toBe(7_000);
    expect(balance).toBe(0);
    expect(paid.every((p) => -Number(p.amount_minor) <= 2_000)).toBe(true);
  });
});
