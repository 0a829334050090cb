import type { Kysely } from 'kysely';
import type { Tier } from '../../../domain/pricing/quantity-pricing';
import { insertMany } from '../insert-many';
import { replaceProductAreaRow, sameProductAreaRow } from '../product-area-rows';
import type { Database, ProductBusinessSettingsRow, QuantityTierRow } from '../schema';
import { decodeStored } from './stored-json';

type Db = Kysely<Database>;

export type PickerMessages = Partial<{
  loadMore: string;
  fetchingBestPrices: string;
  quantityTableError: string;
  requestForQuantityDiscount: string;
  unavailable: string;
  unavailableLink: string;
}>;

/** How the business quantity picker shows a product (BIZ-009), stored JSON decoded. */
export type BusinessSettings = {
  picker: 'dropdown' | 'text-with-table';
  requestDiscountUrl: string | null;
  buyingInBulkUrl: string | null;
  lockedMerchantDiscounts: boolean;
  summaryEnabled: boolean;
  offersLinkEnabled: boolean;
  devicesLinkEnabled: boolean;
  messages: PickerMessages;
};

/** A stored tier as the business area reads it: its pricing and its bulk-buying row. */
export type BusinessTier = Tier & {
  offerId: string;
  program: string | null;
  buyingInBulk: { fragments: { text: string; url?: string }[] } | null;
};

/** The product's business picker settings, or undefined when the catalog gives none. */
export async function findBusinessSettings(db: Db, asin: string): Promise<BusinessSettings | undefined> {
  const row = await db
    .selectFrom('product_business_settings')
    .selectAll()
    .where('asin', '=', asin)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    picker: row.picker,
    requestDiscountUrl: row.request_discount_url,
    buyingInBulkUrl: row.buying_in_bulk_url,
    lockedMerchantDiscounts: row.locked_merchant_discounts === 1,
    summaryEnabled: row.summary_enabled === 1,
    offersLinkEnabled: row.offers_link_enabled === 1,
    devicesLinkEnabled: row.devices_link_enabled === 1,
    messages: decodeStored<PickerMessages>(row.messages) ?? {},
  };
}

/** Stored tier rows with their bulk-buying JSON decoded. */
export function businessTiersOf(rows: readonly QuantityTierRow[]): BusinessTier[] {
  return rows.map((t) => ({
    offerId: t.offer_id,
    minimumQuantity: t.minimum_quantity,
    priceMinor: t.price_minor,
    hidden: t.hidden === 1,
    percentOffBasisPoints: t.percent_off_bp ?? null,
    program: t.program,
    buyingInBulk: decodeStored<BusinessTier['buyingInBulk']>(t.buying_in_bulk ?? null),
  }));
}

// ---------------------------------------------------------------------------------------------------
// Catalog import: a product's business picker settings (catalog/areas/business.ts).

export type BusinessCatalogRows = { asin: string; settings: ProductBusinessSettingsRow | null };

/** The rows of products new to the store, in as few statements as the database allows. */
export async function insertBusinessCatalogRows(db: Db, rows: readonly BusinessCatalogRows[]): Promise<void> {
  await insertMany(
    db,
    'product_business_settings',
    rows.flatMap((r) => (r.settings ? [r.settings] : [])),
  );
}

export const sameBusinessCatalogRows = (db: Db, rows: BusinessCatalogRows): Promise<boolean> =>
  sameProductAreaRow(db, 'product_business_settings', rows.asin, rows.settings);

export const replaceBusinessCatalogRows = (db: Db, rows: BusinessCatalogRows): Promise<void> =>
  replaceProductAreaRow(db, 'product_business_settings', rows.asin, rows.settings);
