import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { RECYCLE_AND_SAVE_PREFIX } from '../../src/domain/pricing/coupon-discounts';
import { recycleAndSaveSavingMinor } from '../../src/domain/trade-in/recycle-and-save';
import type { Database } from '../../src/server/db/schema';
import { buildProduct, type CreatedProduct } from '../factories/product-factory';
import { uniqueAsin } from '../factories/unique';

// The model of once-per-customer promotions (decisions 0014 and 0051), shared by the in-process model
// test and the one over two server processes: a customer clips a product's coupon and claims its
// recycle-and-save promotion from several of their sessions at once, and orders it from several at
// once. Whatever the order, each is stored once per customer, a claim succeeds exactly once, and each
// comes off exactly one order (the first that contains the product).

export const PROMO_GROUP = 'gl_digital_products_3';
const PRICE_MINOR = 4999;
const COUPON_OFF_MINOR = 500;
const PERCENT_OFF = 25;
export const ORDER_ADDRESS = {
  fullName: 'Sam Carter',
  line1: '1 Main St',
  city: 'Portland',
  state: 'OR',
  postalCode: '97201',
};

/** The promotion id of the coupon on a product built by buildPromotedProduct. */
export const couponIdOf = (product: { asin: string }) => `CPN${product.asin}`;

/** A product with both a coupon and a recycle-and-save promotion, fresh ids; import it with importProducts. */
export function buildPromotedProduct(): CreatedProduct {
  const asin = uniqueAsin();
  const couponId = couponIdOf({ asin });
  const product = buildProduct({
    asin,
    productGroup: PROMO_GROUP,
    offers: [{ price: PRICE_MINOR / 100, stock: 100_000 }],
    features: {
      coupon: {
        encryptedPromotionId: couponId,
        amountOff: COUPON_OFF_MINOR / 100,
        description: 'Save $5.00',
      },
      recycleAndSave: { productGroup: PROMO_GROUP, percentOff: PERCENT_OFF, description: 'Recycle and save' },
    },
  });
  return product;
}

/**
 * One of a customer's sessions: the app's routes over a socket, or the services the routes call
 * (in process, where a session is only the customer it names). Each answers as the route does.
 */
export type Session = {
  clip(product: CreatedProduct): Promise<unknown>;
  claim(product: CreatedProduct): Promise<unknown>;
  /** Buys one unit now; answers the order's id. */
  order(product: CreatedProduct): Promise<string>;
};

/** A signed-in browser's requests (cookie and CSRF token kept by whoever sends them). */
export type Browser = {
  csrfToken: string;
  post(
    url: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<{ status: number; location?: string; body: string }>;
};

/** A session that sends the page's own requests from a signed-in browser. */
export function sessionOver(browser: Browser): Session {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const json = async (answer: Promise<{ status: number; body: string }>) => {
    const { status, body } = await answer;
    expect(status, body).toBe(200);
    return JSON.parse(body) as unknown;
  };
  return {
    clip: (product) =>
      json(
        browser.post(
          '/gp/collect-coupon/handler/redeem-coupon-detailpage.html?ref_=apl_redeem_coupon',
          { ...form, 'x-csrf-token': browser.csrfToken },
          `encryptedPromotionId=${couponIdOf(product)}`,
        ),
      ),
    claim: (product) =>
      json(
        browser.post(
          `/tradein/hzw/recycleAndSave/claimPromo?productGroup=${PROMO_GROUP}&requestToken=${encodeURIComponent(browser.csrfToken)}&ref_=dp_rs&currentAsin=${product.asin}`,
          {},
        ),
      ),
    order: async (product) => {
      const answer = await browser.post(
        '/gp/buy/spc/handlers/place-order.html',
        form,
        new URLSearchParams({
          csrfToken: browser.csrfToken,
          source: 'buy-now',
          asin: product.asin,
          offerListingId: product.offers[0]?.offerListingId as string,
          quantity: '1',
          ...ORDER_ADDRESS,
        }).toString(),
      );
      expect(answer.status, answer.body).toBe(303);
      return new URL(answer.location ?? '', 'http://x').searchParams.get('orderId') ?? '';
    },
  };
}

export const onceCommand = (customers: number, sessions: number) =>
  fc.record({
    kind: fc.constantFrom('clip' as const, 'claim' as const, 'order' as const),
    customer: fc.nat(customers - 1),
    /** How many of the customer's sessions send it at the same moment. */
    sessions: fc.integer({ min: 1, max: sessions }),
  });
export type OnceCommand = { kind: 'clip' | 'claim' | 'order'; customer: number; sessions: number };

type CustomerModel = { clipped: boolean; couponUsed: boolean; claimed: boolean; promoUsed: boolean };
export const newOnceModel = (customers: number): CustomerModel[] =>
  Array.from({ length: customers }, () => ({
    clipped: false,
    couponUsed: false,
    claimed: false,
    promoUsed: false,
  }));

/**
 * Sends the command from `sessions` at the same moment, checks every answer against the model, and
 * moves the model.
 */
export async function runOnceCommand(
  kind: OnceCommand['kind'],
  product: CreatedProduct,
  sessions: readonly Session[],
  model: CustomerModel,
): Promise<void> {
  if (kind === 'clip') {
    const answers = await Promise.all(sessions.map((s) => s.clip(product)));
    // Clipping again changes nothing and answers the same.
    expect(answers).toEqual(sessions.map(() => ({ status: 1, redeemed: true })));
    model.clipped = true;
  } else if (kind === 'claim') {
    const answers = await Promise.all(sessions.map((s) => s.claim(product)));
    // Exactly one of any number of parallel claims succeeds, the first time only (RS-005).
    const success = { claimPromoSuccess: true, claimPromoFailureReason: null };
    const already = { claimPromoSuccess: false, claimPromoFailureReason: 'ALREADY_CLAIMED' };
    expect(answers.filter((a) => JSON.stringify(a) === JSON.stringify(success))).toHaveLength(
      model.claimed ? 0 : 1,
    );
    expect(answers.filter((a) => JSON.stringify(a) !== JSON.stringify(success))).toEqual(
      answers.slice(model.claimed ? 0 : 1).map(() => already),
    );
    model.claimed = true;
  } else {
    const orderIds = await Promise.all(sessions.map((s) => s.order(product)));
    expect(orderIds.every(Boolean)).toBe(true);
    // Every order is placed; the first to use each promotion takes it off (expectStoreAgrees).
    model.couponUsed ||= model.clipped;
    model.promoUsed ||= model.claimed;
  }
}

/** The store agrees with the model: one row per customer, each promotion off at most (and exactly) one order. */
export async function expectStoreAgrees(
  db: Kysely<Database>,
  product: CreatedProduct,
  customerId: string,
  model: CustomerModel,
): Promise<void> {
  const redemptions = await db
    .selectFrom('coupon_redemptions')
    .select('order_id')
    .where('customer_id', '=', customerId)
    .where('promotion_id', '=', couponIdOf(product))
    .execute();
  const claims = await db
    .selectFrom('recycle_and_save_claims')
    .select('order_id')
    .where('customer_id', '=', customerId)
    .where('asin', '=', product.asin)
    .execute();
  const discounts = await db
    .selectFrom('order_discounts as d')
    .innerJoin('orders as o', 'o.id', 'd.order_id')
    .select(['d.order_id', 'd.promotion_id', 'd.amount_minor'])
    .where('o.customer_id', '=', customerId)
    .where('d.promotion_id', 'in', [couponIdOf(product), `${RECYCLE_AND_SAVE_PREFIX}${product.asin}`])
    .execute();
  const coupon = discounts.filter((d) => d.promotion_id === couponIdOf(product));
  const promo = discounts.filter((d) => d.promotion_id !== couponIdOf(product));
  expect({
    redemptions: redemptions.length,
    couponUsedBy: redemptions.map((r) => r.order_id !== null),
    claims: claims.length,
    promoUsedBy: claims.map((c) => c.order_id !== null),
    couponOff: coupon.map((d) => Number(d.amount_minor)),
    promoOff: promo.map((d) => Number(d.amount_minor)),
  }).toEqual({
    redemptions: model.clipped ? 1 : 0,
    couponUsedBy: model.clipped ? [model.couponUsed] : [],
    claims: model.claimed ? 1 : 0,
    promoUsedBy: model.claimed ? [model.promoUsed] : [],
    couponOff: model.couponUsed ? [COUPON_OFF_MINOR] : [],
    promoOff: model.promoUsed ? [recycleAndSaveSavingMinor(PRICE_MINOR, PERCENT_OFF)] : [],
  });
  // The order that used each promotion is the one that took it off.
  expect(redemptions.map((r) => r.order_id).filter(Boolean)).toEqual(coupon.map((d) => d.order_id));
  expect(claims.map((c) => c.order_id).filter(Boolean)).toEqual(promo.map((d) => d.order_id));
}
