import type { Kysely } from 'kysely';
import { marketplaceById } from '../../shared/marketplaces';
import { toMinorUnits } from '../../shared/money/price-format';
import type { Database, NewOffer, NewProduct, ProductBuyBoxOptionsRow, ProductCouponRow } from '../db/schema';
import { type Catalog, type CatalogDeal, type CatalogProduct, catalogSchema } from './catalog-schema';

export type CatalogProblem = { path: string; message: string };
export type CatalogValidation = { ok: true; catalog: Catalog } | { ok: false; problems: CatalogProblem[] };
export type ImportSummary = { created: number; updated: number; unchanged: number };

/** `$.products[3].offers[0].price` from zod's path array. */
export const jsonPath = (path: readonly PropertyKey[]) =>
  path.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : `${out}.${String(key)}`),
    '$',
  );

/** Validates a whole catalog and reports every problem with its JSON path; prices must fit their currency. */
export function validateCatalog(input: unknown): CatalogValidation {
  const parsed = catalogSchema.safeParse(input);
  const problems: CatalogProblem[] = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ path: jsonPath(i.path), message: i.message }));
  // Offer checks run on the raw input too, so one pass reports schema and money problems together.
  const products = (input as { products?: unknown } | null)?.products;
  if (Array.isArray(products)) {
    products.forEach((product, p) => {
      const offers = (product as { offers?: unknown } | null)?.offers;
      if (!Array.isArray(offers)) return;
      offers.forEach((offer, o) => {
        problems.push(...offerProblems(offer, `$.products[${p}].offers[${o}]`));
      });
    });
  }
  return problems.length || !parsed.success ? { ok: false, problems } : { ok: true, catalog: parsed.data };
}

type RawOffer = { marketplaceId?: unknown; price?: unknown; listPrice?: unknown; quantityTiers?: unknown };

function offerProblems(raw: unknown, path: string): CatalogProblem[] {
  if (!raw || typeof raw !== 'object') return [];
  const offer = raw as RawOffer;
  const marketplace =
    typeof offer.marketplaceId === 'string' ? marketplaceById(offer.marketplaceId) : undefined;
  const digits = marketplace?.priceFormat.fractionDigits ?? 2;
  const tiers = Array.isArray(offer.quantityTiers)
    ? (offer.quantityTiers as { price?: unknown; minimumQuantity?: unknown }[])
    : [];
  const amounts: [string, unknown][] = [
    ['price', offer.price],
    ['listPrice', offer.listPrice],
    ...tiers.map((t, i): [string, unknown] => [`quantityTiers[${i}].price`, t?.price]),
  ];
  const problems: CatalogProblem[] = [];
  for (const [field, amount] of amounts) {
    if (typeof amount === 'number' && amount >= 0 && !fitsDigits(amount, digits)) {
      problems.push({
        path: `${path}.${field}`,
        message: `has more than ${digits} decimal places for this marketplace's currency`,
      });
    }
  }
  if (
    typeof offer.listPrice === 'number' &&
    typeof offer.price === 'number' &&
    offer.listPrice < offer.price
  ) {
    problems.push({ path: `${path}.listPrice`, message: 'must not be below price' });
  }
  const minimums = tiers.map((t) => t?.minimumQuantity);
  if (new Set(minimums).size !== minimums.length) {
    problems.push({ path: `${path}.quantityTiers`, message: 'minimumQuantity values must be unique' });
  }
  return problems;
}

const fitsDigits = (amount: number, digits: number) => {
  const scaled = amount * 10 ** digits;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

/**
 * Writes a validated catalog in one transaction: new products are created, changed ones updated, and
 * identical ones left alone, so importing the same file twice changes nothing.
 */
export async function importCatalog(
  db: Kysely<Database>,
  catalog: Catalog,
  now: number,
): Promise<ImportSummary> {
  return db.transaction().execute((trx) => importProducts(trx, catalog.products, now));
}

/**
 * Writes validated catalog products (creates, updates or leaves each alone) on `db` as given: the
 * caller chooses the transaction. Test factories insert their products through this too.
 */
export async function importProducts(
  db: Kysely<Database>,
  products: readonly CatalogProduct[],
  now: number,
): Promise<ImportSummary> {
  const summary: ImportSummary = { created: 0, updated: 0, unchanged: 0 };
  for (const product of products) summary[await importProduct(db, product, now)]++;
  return summary;
}

async function importProduct(
  trx: Kysely<Database>,
  product: CatalogProduct,
  now: number,
): Promise<keyof ImportSummary> {
  const row: Omit<NewProduct, 'created_at' | 'updated_at'> = {
    asin: product.asin,
    title: product.title,
    brand: product.brand,
    product_group: product.productGroup,
    family_id: product.family?.id ?? null,
    variation_label: product.family?.label ?? null,
    description: product.description,
    bullets: JSON.stringify(product.bullets),
    images: JSON.stringify(product.images),
    reviews: JSON.stringify(product.reviews),
    accessories: product.accessories ? JSON.stringify(product.accessories) : null,
  };
  const areas = areaRows(product);
  const offers = product.offers.map((offer) => {
    const digits = marketplaceById(offer.marketplaceId)?.priceFormat.fractionDigits ?? 2;
    const currency = marketplaceById(offer.marketplaceId)?.currencyCode ?? 'USD';
    const offerRow: Omit<NewOffer, 'updated_at'> = {
      id: offer.offerListingId,
      asin: product.asin,
      marketplace_id: offer.marketplaceId,
      merchant_id: offer.merchant.id,
      merchant_name: offer.merchant.name,
      condition_type: offer.condition,
      price_minor: toMinorUnits(offer.price, digits),
      list_price_minor: offer.listPrice === undefined ? null : toMinorUnits(offer.listPrice, digits),
      currency_code: currency,
      stock: offer.stock,
      min_order_quantity: offer.minOrderQuantity,
      max_order_quantity: offer.maxOrderQuantity ?? null,
      buyable: offer.buyable ? 1 : 0,
    };
    const tiers = offer.quantityTiers.map((t) => ({
      offer_id: offer.offerListingId,
      minimum_quantity: t.minimumQuantity,
      price_minor: toMinorUnits(t.price, digits),
      program: t.program ?? null,
      hidden: t.hidden ? 1 : 0,
    }));
    return { offerRow, tiers };
  });
  if (product.deal) offers.push({ offerRow: dealOfferRow(product), tiers: [] });

  const existing = await trx
    .selectFrom('products')
    .selectAll()
    .where('asin', '=', product.asin)
    .executeTakeFirst();
  const existingOffers = await trx
    .selectFrom('offers')
    .selectAll()
    .where('asin', '=', product.asin)
    .orderBy('id')
    .execute();
  const existingTiers = existingOffers.length
    ? await trx
        .selectFrom('quantity_tiers')
        .selectAll()
        .where(
          'offer_id',
          'in',
          existingOffers.map((o) => o.id),
        )
        .orderBy('offer_id')
        .orderBy('minimum_quantity')
        .execute()
    : [];
  const same =
    existing !== undefined &&
    sameFields(existing, row) &&
    (await sameAreaRows(trx, areas)) &&
    existingOffers.length === offers.length &&
    offers.every(({ offerRow }) => {
      const stored = existingOffers.find((o) => o.id === offerRow.id);
      return stored !== undefined && sameFields(stored, offerRow);
    }) &&
    JSON.stringify(existingTiers.map(tierKey).sort()) ===
      JSON.stringify(
        offers
          .flatMap((o) => o.tiers)
          .map(tierKey)
          .sort(),
      );
  if (same) return 'unchanged';

  if (existing) {
    await trx
      .updateTable('products')
      .set({ ...row, updated_at: now })
      .where('asin', '=', product.asin)
      .execute();
  } else {
    await trx
      .insertInto('products')
      .values({ ...row, created_at: now, updated_at: now })
      .execute();
  }
  await writeAreaRows(trx, areas);
  for (const { offerRow, tiers } of offers) {
    await trx
      .insertInto('offers')
      .values({ ...offerRow, updated_at: now })
      .onConflict((oc) => oc.column('id').doUpdateSet({ ...offerRow, updated_at: now }))
      .execute();
    await trx.deleteFrom('quantity_tiers').where('offer_id', '=', offerRow.id).execute();
    if (tiers.length) await trx.insertInto('quantity_tiers').values(tiers).execute();
  }
  if (product.deal) await insertDeal(trx, product, now);
  return existing ? 'updated' : 'created';
}

type AreaRows = {
  asin: string;
  buyBox: ProductBuyBoxOptionsRow;
  coupon: ProductCouponRow | null;
  protectionPlan: { asin: string; plan_asin: string } | null;
};

/** The product's `features`, split into each area's table rows (catalog/areas/<area>.ts). */
function areaRows(product: CatalogProduct): AreaRows {
  const { features } = product;
  const base = product.offers[0] as CatalogProduct['offers'][number];
  const digits = marketplaceById(base.marketplaceId)?.priceFormat.fractionDigits ?? 2;
  return {
    asin: product.asin,
    buyBox: {
      asin: product.asin,
      gift_wrap: features.giftWrap ? 1 : 0,
      preregistration_max_quantity: features.preregistration?.maxQuantity ?? null,
      preregistration_default: features.preregistration?.defaultValue ? 1 : 0,
      installments_program_id: features.installments?.programId ?? null,
      installments_months: features.installments?.months ?? null,
      high_demand: features.highDemand ? 1 : 0,
      invite_button: features.inviteButton ?? null,
      fresh: features.fresh ? 1 : 0,
      business: features.business ? 1 : 0,
      quantity_restriction_title: features.quantityRestriction?.popoverTitle ?? null,
      quantity_restriction_message: features.quantityRestriction?.message ?? null,
    },
    coupon: features.coupon
      ? {
          asin: product.asin,
          encrypted_promotion_id: features.coupon.encryptedPromotionId,
          amount_off_minor: toMinorUnits(features.coupon.amountOff, digits),
          description: features.coupon.description,
        }
      : null,
    protectionPlan: features.protectionPlan
      ? { asin: product.asin, plan_asin: features.protectionPlan.asin }
      : null,
  };
}

async function sameAreaRows(db: Kysely<Database>, wanted: AreaRows): Promise<boolean> {
  const [buyBox, coupon, plan] = await Promise.all([
    db.selectFrom('product_buy_box_options').selectAll().where('asin', '=', wanted.asin).executeTakeFirst(),
    db.selectFrom('product_coupons').selectAll().where('asin', '=', wanted.asin).executeTakeFirst(),
    db.selectFrom('product_protection_plans').selectAll().where('asin', '=', wanted.asin).executeTakeFirst(),
  ]);
  const same = (stored: object | undefined, row: object | null) =>
    row === null ? stored === undefined : stored !== undefined && sameFields(stored, row);
  return same(buyBox, wanted.buyBox) && same(coupon, wanted.coupon) && same(plan, wanted.protectionPlan);
}

async function writeAreaRows(db: Kysely<Database>, rows: AreaRows) {
  await db.deleteFrom('product_buy_box_options').where('asin', '=', rows.asin).execute();
  await db.insertInto('product_buy_box_options').values(rows.buyBox).execute();
  await db.deleteFrom('product_coupons').where('asin', '=', rows.asin).execute();
  if (rows.coupon) await db.insertInto('product_coupons').values(rows.coupon).execute();
  await db.deleteFrom('product_protection_plans').where('asin', '=', rows.asin).execute();
  if (rows.protectionPlan)
    await db.insertInto('product_protection_plans').values(rows.protectionPlan).execute();
}

/** The deal's own offer: the first offer's merchant and marketplace, at the deal price (decision 0009). */
function dealOfferRow(product: CatalogProduct): Omit<NewOffer, 'updated_at'> {
  const deal = product.deal as CatalogDeal;
  const base = product.offers[0] as CatalogProduct['offers'][number];
  const marketplace = marketplaceById(base.marketplaceId);
  const digits = marketplace?.priceFormat.fractionDigits ?? 2;
  return {
    id: deal.offerListingId,
    asin: product.asin,
    marketplace_id: base.marketplaceId,
    merchant_id: base.merchant.id,
    merchant_name: base.merchant.name,
    condition_type: 'LIGHTNING_DEAL',
    price_minor: toMinorUnits(deal.price, digits),
    list_price_minor: toMinorUnits(base.price, digits),
    currency_code: marketplace?.currencyCode ?? 'USD',
    stock: deal.totalUnits,
    min_order_quantity: 1,
    max_order_quantity: deal.maxPerCustomer,
    buyable: 1,
  };
}

/** The first import of a deal fixes its times relative to that import; later imports leave a running deal alone. */
async function insertDeal(db: Kysely<Database>, product: CatalogProduct, now: number) {
  const deal = product.deal as CatalogDeal;
  const minute = 60_000;
  await db
    .insertInto('deals')
    .values({
      id: deal.dealId,
      asin: product.asin,
      offer_id: deal.offerListingId,
      marketplace_id: (product.offers[0] as CatalogProduct['offers'][number]).marketplaceId,
      deal_type: deal.type,
      start_time: now + deal.startsMinutesAfterImport * minute,
      end_time: now + deal.endsMinutesAfterImport * minute,
      total_units: deal.totalUnits,
      claimed_units: deal.claimedUnits,
      max_per_customer: deal.maxPerCustomer,
      access_behavior: deal.accessBehavior ?? null,
      early_access_ms: deal.earlyAccessMinutes * minute,
      waitlist_tickets: 0,
      waitlist_served: 0,
      created_at: now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

const sameFields = (stored: object, wanted: object) =>
  Object.entries(wanted).every(([key, value]) => (stored as Record<string, unknown>)[key] === value);

const tierKey = (t: {
  offer_id: string;
  minimum_quantity: number;
  price_minor: number;
  program: string | null;
  hidden: number;
}) => `${t.offer_id}|${t.minimum_quantity}|${t.price_minor}|${t.program ?? ''}|${t.hidden}`;
