import type { Kysely } from 'kysely';

// Frozen in time: imports nothing from the app. The catalog's `features` JSON column becomes one
// table per area, so a query can find a product by its coupon or by a buy box option. Existing rows
// are moved over once here (the only place the old column is read), then the column goes.

type OldFeatures = {
  giftWrap?: boolean;
  preregistration?: { maxQuantity: number; defaultValue?: boolean };
  installments?: { programId: string; months: number };
  coupon?: { encryptedPromotionId: string; amountOff: number; description: string };
  highDemand?: boolean;
  inviteButton?: string;
  fresh?: boolean;
  business?: boolean;
  quantityRestriction?: { popoverTitle: string; message: string };
  protectionPlan?: { asin: string };
};

const bit = (value: boolean | undefined) => (value ? 1 : 0);

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_buy_box_options')
    .addColumn('asin', 'text', (c) => c.primaryKey().references('products.asin').onDelete('cascade'))
    .addColumn('gift_wrap', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('preregistration_max_quantity', 'integer')
    .addColumn('preregistration_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('installments_program_id', 'text')
    .addColumn('installments_months', 'integer')
    .addColumn('high_demand', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('invite_button', 'text')
    .addColumn('fresh', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('business', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quantity_restriction_title', 'text')
    .addColumn('quantity_restriction_message', 'text')
    .execute();

  await db.schema
    .createTable('product_coupons')
    .addColumn('asin', 'text', (c) => c.primaryKey().references('products.asin').onDelete('cascade'))
    .addColumn('encrypted_promotion_id', 'text', (c) => c.notNull())
    .addColumn('amount_off_minor', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('product_coupons_promotion_idx')
    .on('product_coupons')
    .column('encrypted_promotion_id')
    .execute();

  await db.schema
    .createTable('product_protection_plans')
    .addColumn('asin', 'text', (c) => c.primaryKey().references('products.asin').onDelete('cascade'))
    .addColumn('plan_asin', 'text', (c) => c.notNull())
    .execute();

  const products: { asin: string; features: string }[] = await db
    .selectFrom('products')
    .select(['asin', 'features'])
    .execute();
  for (const product of products) {
    const features = JSON.parse(product.features) as OldFeatures;
    await db
      .insertInto('product_buy_box_options')
      .values({
        asin: product.asin,
        gift_wrap: bit(features.giftWrap),
        preregistration_max_quantity: features.preregistration?.maxQuantity ?? null,
        preregistration_default: bit(features.preregistration?.defaultValue),
        installments_program_id: features.installments?.programId ?? null,
        installments_months: features.installments?.months ?? null,
        high_demand: bit(features.highDemand),
        invite_button: features.inviteButton ?? null,
        fresh: bit(features.fresh),
        business: bit(features.business),
        quantity_restriction_title: features.quantityRestriction?.popoverTitle ?? null,
        quantity_restriction_message: features.quantityRestriction?.message ?? null,
      })
      .execute();
    if (features.coupon) {
      const offer: { currency_code: string } | undefined = await db
        .selectFrom('offers')
        .select('currency_code')
        .where('asin', '=', product.asin)
        .orderBy('id')
        .executeTakeFirst();
      const digits = offer?.currency_code === 'JPY' ? 0 : 2;
      await db
        .insertInto('product_coupons')
        .values({
          asin: product.asin,
          encrypted_promotion_id: features.coupon.encryptedPromotionId,
          amount_off_minor: Math.round(features.coupon.amountOff * 10 ** digits),
          description: features.coupon.description,
        })
        .execute();
    }
    if (features.protectionPlan) {
      await db
        .insertInto('product_protection_plans')
        .values({ asin: product.asin, plan_asin: features.protectionPlan.asin })
        .execute();
    }
  }
  await db.schema.alterTable('products').dropColumn('features').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('features', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  const options: Record<string, any>[] = await db.selectFrom('product_buy_box_options').selectAll().execute();
  for (const o of options) {
    const coupon: Record<string, any> | undefined = await db
      .selectFrom('product_coupons')
      .selectAll()
      .where('asin', '=', o.asin)
      .executeTakeFirst();
    const plan: { plan_asin: string } | undefined = await db
      .selectFrom('product_protection_plans')
      .select('plan_asin')
      .where('asin', '=', o.asin)
      .executeTakeFirst();
    const features: OldFeatures = {
      ...(o.gift_wrap ? { giftWrap: true } : {}),
      ...(o.preregistration_max_quantity !== null
        ? {
            preregistration: {
              maxQuantity: o.preregistration_max_quantity,
              defaultValue: o.preregistration_default === 1,
            },
          }
        : {}),
      ...(o.installments_program_id !== null
        ? { installments: { programId: o.installments_program_id, months: o.installments_months } }
        : {}),
      ...(coupon
        ? {
            coupon: {
              encryptedPromotionId: coupon.encrypted_promotion_id,
              amountOff: coupon.amount_off_minor / 100,
              description: coupon.description,
            },
          }
        : {}),
      ...(o.high_demand ? { highDemand: true } : {}),
      ...(o.invite_button !== null ? { inviteButton: o.invite_button } : {}),
      ...(o.fresh ? { fresh: true } : {}),
      ...(o.business ? { business: true } : {}),
      ...(o.quantity_restriction_title !== null
        ? {
            quantityRestriction: {
              popoverTitle: o.quantity_restriction_title,
              message: o.quantity_restriction_message,
            },
          }
        : {}),
      ...(plan ? { protectionPlan: { asin: plan.plan_asin } } : {}),
    };
    await db
      .updateTable('products')
      .set({ features: JSON.stringify(features) })
      .where('asin', '=', o.asin)
      .execute();
  }
  await db.schema.dropTable('product_protection_plans').execute();
  await db.schema.dropTable('product_coupons').execute();
  await db.schema.dropTable('product_buy_box_options').execute();
}
