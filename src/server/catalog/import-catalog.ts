import type { Kysely, Selectable } from 'kysely';
import { displayUnitMinor, tierUnitScaled } from '../../domain/pricing/quantity-pricing';
import { marketplaceById } from '../../shared/marketplaces';
import { toMinorUnits } from '../../shared/money/price-format';
import { insertMany } from '../db/insert-many';
import {
  type AddOnCatalogRows,
  addOnCatalogRows,
  insertAddOnCatalogRows,
  sameAddOnCatalogRows,
  writeAddOnWidgetRows,
  writeServiceOfferRows,
} from '../db/repositories/add-on-service-repository';
import {
  findGroceryListing,
  type GroceryListing,
  writeGroceryListing,
} from '../db/repositories/grocery-catalog-repository';
import type {
  Database,
  NewOffer,
  NewProduct,
  ProductBusinessSettingsRow,
  ProductBuyBoxOptionsRow,
  ProductCouponRow,
  ProductTable,
} from '../db/schema';
import { type Catalog, type CatalogDeal, type CatalogProduct, catalogSchema } from './catalog-schema';
import { importSections } from './import-sections';

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
  return db.transaction().execute(async (trx) => {
    const summary = await importProducts(trx, catalog.products, now);
    // Bundles, smart-home badges and ads name products, so they follow them.
    await importSections(trx, catalog, now);
    return summary;
  });
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
  for (let at = 0; at < products.length; at += CHUNK) {
    const chunk = products.slice(at, at + CHUNK);
    const stored = new Set(
      (
        await db
          .selectFrom('products')
          .select('asin')
          .where(
            'asin',
            'in',
            chunk.map((p) => p.asin),
          )
          .execute()
      ).map((r) => r.asin),
    );
    const fresh = chunk.filter((p) => !stored.has(p.asin));
    await insertFreshProducts(db, fresh.map(productRows), now);
    summary.created += fresh.length;
    for (const product of chunk) {
      if (stored.has(product.asin)) summary[await importProduct(db, productRows(product), now)]++;
    }
  }
  return summary;
}

/** Products looked up and written together: new ones a table at a time, known ones one by one. */
const CHUNK = 500;

type ProductRows = {
  product: CatalogProduct;
  row: Omit<NewProduct, 'created_at' | 'updated_at'>;
  areas: AreaRows;
  grocery: GroceryListing | null;
  offers: { offerRow: Omit<NewOffer, 'updated_at'>; tiers: TierRow[] }[];
};

type TierRow = {
  offer_id: string;
  minimum_quantity: number;
  price_minor: number;
  program: string | null;
  hidden: number;
  percent_off_bp: number | null;
  buying_in_bulk: string | null;
};

/**
 * Products the store does not have yet: nothing of theirs to compare or replace (their offers, tiers
 * and area rows all reference them), so each table's rows for the whole chunk go in a few statements.
 */
async function insertFreshProducts(db: Kysely<Database>, products: readonly ProductRows[], now: number) {
  if (products.length === 0) return;
  await insertMany(
    db,
    'products',
    products.map(({ row }) => ({ ...row, created_at: now, updated_at: now })),
  );
  const areas = products.map((p) => p.areas);
  await insertMany(
    db,
    'product_buy_box_options',
    areas.map((a) => a.buyBox),
  );
  await insertMany(
    db,
    'product_coupons',
    areas.flatMap((a) => (a.coupon ? [a.coupon] : [])),
  );
  await insertMany(
    db,
    'product_protection_plans',
    areas.flatMap((a) => (a.protectionPlan ? [a.protectionPlan] : [])),
  );
  await insertAddOnCatalogRows(
    db,
    areas.map((a) => a.addOn),
    'widgets',
  );
  await insertMany(
    db,
    'product_business_settings',
    areas.flatMap((a) => (a.business ? [a.business] : [])),
  );
  for (const { row, grocery } of products) if (grocery) await writeGroceryListing(db, row.asin, grocery);
  const offers = products.flatMap((p) => p.offers);
  // An offer id may move here from another product: the upsert takes it over, and its old tiers go.
  await insertMany(
    db,
    'offers',
    offers.map(({ offerRow }) => ({ ...offerRow, updated_at: now })),
    'id',
  );
  const offerIds = offers.map((o) => o.offerRow.id);
  for (let at = 0; at < offerIds.length; at += 1000) {
    await db
      .deleteFrom('quantity_tiers')
      .where('offer_id', 'in', offerIds.slice(at, at + 1000))
      .execute();
  }
  await insertMany(
    db,
    'quantity_tiers',
    offers.flatMap((o) => o.tiers),
  );
  // A service offer's row points at its offer, so it is written after the offers.
  await insertAddOnCatalogRows(
    db,
    areas.map((a) => a.addOn),
    'service-offers',
  );
  for (const { product } of products) if (product.deal) await insertDeal(db, product, now);
}

/** A catalog product as the rows of the store's tables. */
function productRows(product: CatalogProduct): ProductRows {
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
  const grocery = groceryListing(product);
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
    const priceMinor = toMinorUnits(offer.price, digits);
    const tiers = offer.quantityTiers.map((t) => {
      const percentOffBp = t.percentOff === undefined ? null : Math.round(t.percentOff * 100);
      return {
        offer_id: offer.offerListingId,
        minimum_quantity: t.minimumQuantity,
        // A percent tier keeps its shown (rounded) unit price here too; lines price it exactly.
        price_minor:
          percentOffBp === null
            ? toMinorUnits(t.price ?? 0, digits)
            : displayUnitMinor(
                tierUnitScaled(priceMinor, {
                  minimumQuantity: 0,
                  priceMinor: 0,
                  hidden: false,
                  percentOffBasisPoints: percentOffBp,
                }),
              ),
        program: t.program ?? null,
        hidden: t.hidden ? 1 : 0,
        percent_off_bp: percentOffBp,
        buying_in_bulk: t.buyingInBulk ? JSON.stringify(t.buyingInBulk) : null,
      };
    });
    return { offerRow, tiers };
  });
  if (product.deal) offers.push({ offerRow: dealOfferRow(product), tiers: [] });
  return { product, row, areas, grocery, offers };
}

async function importProduct(
  trx: Kysely<Database>,
  { product, row, areas, grocery, offers }: ProductRows,
  now: number,
): Promise<keyof ImportSummary> {
  const existing = await trx
    .selectFrom('products')
    .selectAll()
    .where('asin', '=', product.asin)
    .executeTakeFirst();
  if (
    existing &&
    (await sameAsStored(trx, existing, row, areas, offers)) &&
    JSON.stringify(await findGroceryListing(trx, product.asin)) === JSON.stringify(grocery)
  ) {
    return 'unchanged';
  }

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
  await writeGroceryListing(trx, product.asin, grocery);
  for (const { offerRow, tiers } of offers) {
    await trx
      .insertInto('offers')
      .values({ ...offerRow, updated_at: now })
      .onConflict((oc) => oc.column('id').doUpdateSet({ ...offerRow, updated_at: now }))
      .execute();
    await trx.deleteFrom('quantity_tiers').where('offer_id', '=', offerRow.id).execute();
    if (tiers.length) await trx.insertInto('quantity_tiers').values(tiers).execute();
  }
  // A service offer's row points at its offer, so it is written after the offers.
  await writeServiceOfferRows(trx, areas.addOn);
  if (product.deal) await insertDeal(trx, product, now);
  return existing ? 'updated' : 'created';
}

/** Whether the stored product, its offers, tiers and area rows are exactly what the catalog says. */
async function sameAsStored(
  trx: Kysely<Database>,
  existing: Selectable<ProductTable>,
  row: Omit<NewProduct, 'created_at' | 'updated_at'>,
  areas: AreaRows,
  offers: ProductRows['offers'],
): Promise<boolean> {
  const existingOffers = await trx
    .selectFrom('offers')
    .selectAll()
    .where('asin', '=', existing.asin)
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
  return (
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
      )
  );
}

type AreaRows = {
  asin: string;
  buyBox: ProductBuyBoxOptionsRow;
  coupon: ProductCouponRow | null;
  protectionPlan: { asin: string; plan_asin: string } | null;
  addOn: AddOnCatalogRows;
  business: ProductBusinessSettingsRow | null;
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
    addOn: addOnCatalogRows(product.asin, features),
    business: features.businessBuying
      ? {
          asin: product.asin,
          picker: features.businessBuying.picker,
          request_discount_url: features.businessBuying.requestDiscountUrl ?? null,
          buying_in_bulk_url: features.businessBuying.buyingInBulkUrl ?? null,
          locked_merchant_discounts: features.businessBuying.lockedMerchantDiscounts ? 1 : 0,
          summary_enabled: features.businessBuying.summaryEnabled ? 1 : 0,
          offers_link_enabled: features.businessBuying.offersLinkEnabled ? 1 : 0,
          devices_link_enabled: features.businessBuying.devicesLinkEnabled ? 1 : 0,
          messages: Object.keys(features.businessBuying.messages).length
            ? JSON.stringify(features.businessBuying.messages)
            : null,
        }
      : null,
  };
}

/** The product's grocery listing (catalog/areas/grocery.ts) as the repository stores and reads it. */
function groceryListing(product: CatalogProduct): GroceryListing | null {
  const grocery = product.features.grocery;
  if (!grocery) return null;
  return {
    brandId: grocery.brandId,
    offerListingDiscriminator: grocery.offerListingDiscriminator,
    unitOfMeasure: grocery.unitOfMeasure,
    repeatDelivery: grocery.repeatDelivery,
    stores: grocery.stores.map((store) => ({
      storeId: store.storeId,
      brandId: grocery.brandId,
      name: store.name,
      deliveryMessage: store.deliveryMessage,
      introduction: store.introduction,
      postalCodePrefixes: [...store.postalCodePrefixes].sort(),
    })),
    boughtTogether: grocery.boughtTogether,
  };
}

async function sameAreaRows(db: Kysely<Database>, wanted: AreaRows): Promise<boolean> {
  const [buyBox, coupon, plan, business] = await Promise.all([
    db.selectFrom('product_buy_box_options').selectAll().where('asin', '=', wanted.asin).executeTakeFirst(),
    db.selectFrom('product_coupons').selectAll().where('asin', '=', wanted.asin).executeTakeFirst(),
    db.selectFrom('product_protection_plans').selectAll().where('asin', '=', wanted.asin).executeTakeFirst(),
    db.selectFrom('product_business_settings').selectAll().where('asin', '=', wanted.asin).executeTakeFirst(),
  ]);
  const same = (stored: object | undefined, row: object | null) =>
    row === null ? stored === undefined : stored !== undefined && sameFields(stored, row);
  return (
    same(buyBox, wanted.buyBox) &&
    same(coupon, wanted.coupon) &&
    same(plan, wanted.protectionPlan) &&
    (await sameAddOnCatalogRows(db, wanted.addOn)) &&
    same(business, wanted.business)
  );
}

async function writeAreaRows(db: Kysely<Database>, rows: AreaRows) {
  await db.deleteFrom('product_buy_box_options').where('asin', '=', rows.asin).execute();
  await db.insertInto('product_buy_box_options').values(rows.buyBox).execute();
  await db.deleteFrom('product_coupons').where('asin', '=', rows.asin).execute();
  if (rows.coupon) await db.insertInto('product_coupons').values(rows.coupon).execute();
  await db.deleteFrom('product_protection_plans').where('asin', '=', rows.asin).execute();
  if (rows.protectionPlan)
    await db.insertInto('product_protection_plans').values(rows.protectionPlan).execute();
  await writeAddOnWidgetRows(db, rows.addOn);
  await db.deleteFrom('product_business_settings').where('asin', '=', rows.asin).execute();
  if (rows.business) await db.insertInto('product_business_settings').values(rows.business).execute();
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
  percent_off_bp?: number | null;
  buying_in_bulk?: string | null;
}) =>
  `${t.offer_id}|${t.minimum_quantity}|${t.price_minor}|${t.program ?? ''}|${t.hidden}|${t.percent_off_bp ?? ''}|${t.buying_in_bulk ?? ''}`;
