import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { firstStoredImage } from './stored-json';

type Db = Kysely<Database>;

/** Replaces the devices a product's smart-home badge offers (SH-001). */
export async function writeSmartHomeDevices(db: Db, asin: string, devices: readonly string[]): Promise<void> {
  await db.deleteFrom('smart_home_devices').where('asin', '=', asin).execute();
  if (devices.length === 0) return;
  await db
    .insertInto('smart_home_devices')
    .values(devices.map((device_asin, position) => ({ asin, position, device_asin })))
    .execute();
}

/** A compatible device with its regular offer (SH-002: asin, offer listing id, price). */
export type SmartHomeDevice = {
  asin: string;
  title: string;
  image: { src: string; alt: string } | null;
  offerId: string;
  priceMinor: number;
  currencyCode: string;
  stock: number;
  buyable: boolean;
};

/**
 * The devices a product's badge offers in a marketplace, in the catalog's order, each at its regular
 * (NEW) offer, the first by id when a device has several.
 */
export async function findSmartHomeDevices(
  db: Db,
  asin: string,
  marketplaceId: string,
): Promise<SmartHomeDevice[]> {
  const rows = await db
    .selectFrom('smart_home_devices')
    .innerJoin('products', 'products.asin', 'smart_home_devices.device_asin')
    .innerJoin('offers', 'offers.asin', 'smart_home_devices.device_asin')
    .select([
      'smart_home_devices.position',
      'products.asin',
      'products.title',
      'products.images',
      'offers.id as offer_id',
      'offers.price_minor',
      'offers.currency_code',
      'offers.stock',
      'offers.buyable',
    ])
    .where('smart_home_devices.asin', '=', asin)
    .where('offers.marketplace_id', '=', marketplaceId)
    .where('offers.condition_type', '=', 'NEW')
    .orderBy('smart_home_devices.position')
    .orderBy('offers.id')
    .execute();
  const seen = new Set<string>();
  const devices: SmartHomeDevice[] = [];
  for (const row of rows) {
    if (seen.has(row.asin)) continue;
    seen.add(row.asin);
    devices.push({
      asin: row.asin,
      title: row.title,
      image: firstStoredImage(row.images),
      offerId: row.offer_id,
      priceMinor: row.price_minor,
      currencyCode: row.currency_code,
      stock: row.stock,
      buyable: row.buyable === 1,
    });
  }
  return devices;
}
