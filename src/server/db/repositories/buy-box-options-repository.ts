import type { Kysely } from 'kysely';
import { insertMany } from '../insert-many';
import { preparedQuery } from '../prepared-query';
import { replaceProductAreaRow, sameProductAreaRow } from '../product-area-rows';
import type { Database, ProductBuyBoxOptionsRow, ProductCouponRow } from '../schema';

type Db = Kysely<Database>;

/** The buy box options a product turns on, with this customer's coupon and invitation state. */
export type BuyBoxOptions = {
  giftWrap: boolean;
  preregistration: { maxQuantity: number; defaultValue: boolean } | null;
  installments: { programId: string; months: number } | null;
  coupon: {
    encryptedPromotionId: string;
    description: string;
    amountOffMinor: number;
    redeemed: boolean;
  } | null;
  highDemand: { requested: boolean; button: 'request-invitation' | 'notify-details' } | null;
  quantityRestriction: { popoverTitle: string; message: string } | null;
};

// Prepared: the product page runs it on every view (a customer id of '' matches no row).
const buyBoxOptionsQuery = preparedQuery((db: Db, p: { asin: string; customerId: string }) =>
  db
    .selectFrom('product_buy_box_options as o')
    .leftJoin('product_coupons as c', 'c.asin', 'o.asin')
    .leftJoin('coupon_redemptions as r', (join) =>
      join.onRef('r.promotion_id', '=', 'c.encrypted_promotion_id').on('r.customer_id', '=', p.customerId),
    )
    .leftJoin('invitation_requests as i', (join) =>
      join.onRef('i.asin', '=', 'o.asin').on('i.customer_id', '=', p.customerId),
    )
    .selectAll('o')
    .select([
      'c.encrypted_promotion_id',
      'c.description as coupon_description',
      'c.amount_off_minor',
      'r.customer_id as redeemed_by',
      'i.customer_id as requested_by',
    ])
    .where('o.asin', '=', p.asin),
);

/** Everything the buy box slice needs, in one query (a customer of null has redeemed and requested nothing). */
export async function findBuyBoxOptions(
  db: Db,
  asin: string,
  customerId: string | null,
): Promise<BuyBoxOptions | null> {
  const { rows } = await buyBoxOptionsQuery(db, { asin, customerId: customerId ?? '' });
  const row = rows[0];
  if (!row) return null;
  return {
    giftWrap: row.gift_wrap === 1,
    preregistration:
      row.preregistration_max_quantity === null
        ? null
        : { maxQuantity: row.preregistration_max_quantity, defaultValue: row.preregistration_default === 1 },
    installments:
      row.installments_program_id === null || row.installments_months === null
        ? null
        : { programId: row.installments_program_id, months: row.installments_months },
    coupon:
      row.encrypted_promotion_id === null
        ? null
        : {
            encryptedPromotionId: row.encrypted_promotion_id,
            description: row.coupon_description ?? '',
            amountOffMinor: row.amount_off_minor ?? 0,
            redeemed: customerId !== null && row.redeemed_by !== null,
          },
    highDemand:
      row.high_demand === 1
        ? {
            requested: customerId !== null && row.requested_by !== null,
            button: row.invite_button ?? 'request-invitation',
          }
        : null,
    quantityRestriction:
      row.quantity_restriction_title === null || row.quantity_restriction_message === null
        ? null
        : { popoverTitle: row.quantity_restriction_title, message: row.quantity_restriction_message },
  };
}

/** The product whose coupon carries this promotion id (the first by ASIN when several share it). */
export async function findProductByCoupon(
  db: Db,
  promotionId: string,
): Promise<{ asin: string } | undefined> {
  return db
    .selectFrom('product_coupons')
    .select('asin')
    .where('encrypted_promotion_id', '=', promotionId)
    .orderBy('asin')
    .executeTakeFirst();
}

/** Whether a product exists and is sold by invitation only (BB-033); undefined for an unknown product. */
export async function findInvitationOnly(
  db: Db,
  asin: string,
): Promise<{ asin: string; invitationOnly: boolean } | undefined> {
  const row = await db
    .selectFrom('products')
    .leftJoin('product_buy_box_options as o', 'o.asin', 'products.asin')
    .select(['products.asin', 'o.high_demand'])
    .where('products.asin', '=', asin)
    .executeTakeFirst();
  return row ? { asin: row.asin, invitationOnly: row.high_demand === 1 } : undefined;
}

// ---------------------------------------------------------------------------------------------------
// Catalog import: a product's buy box options and coupon (catalog/areas/buy-box.ts).

export type BuyBoxCatalogRows = {
  asin: string;
  options: ProductBuyBoxOptionsRow;
  coupon: ProductCouponRow | null;
};

/** The rows of products new to the store, a table at a time. */
export async function insertBuyBoxCatalogRows(db: Db, rows: readonly BuyBoxCatalogRows[]): Promise<void> {
  await insertMany(
    db,
    'product_buy_box_options',
    rows.map((r) => r.options),
  );
  await insertMany(
    db,
    'product_coupons',
    rows.flatMap((r) => (r.coupon ? [r.coupon] : [])),
  );
}

export async function sameBuyBoxCatalogRows(db: Db, rows: BuyBoxCatalogRows): Promise<boolean> {
  const [options, coupon] = await Promise.all([
    sameProductAreaRow(db, 'product_buy_box_options', rows.asin, rows.options),
    sameProductAreaRow(db, 'product_coupons', rows.asin, rows.coupon),
  ]);
  return options && coupon;
}

export async function replaceBuyBoxCatalogRows(db: Db, rows: BuyBoxCatalogRows): Promise<void> {
  await replaceProductAreaRow(db, 'product_buy_box_options', rows.asin, rows.options);
  await replaceProductAreaRow(db, 'product_coupons', rows.asin, rows.coupon);
}
