import type { Kysely } from 'kysely';
import type { Database, OfferRow, ProductRow, QuantityTierRow } from '../schema';

type Db = Kysely<Database>;

export function findProduct(db: Db, asin: string): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('asin', '=', asin).executeTakeFirst();
}

export function findOffersForProduct(db: Db, asin: string, marketplaceId: string): Promise<OfferRow[]> {
  return db
    .selectFrom('offers')
    .selectAll()
    .where('asin', '=', asin)
    .where('marketplace_id', '=', marketplaceId)
    .orderBy('price_minor')
    .orderBy('id')
    .execute();
}

export function findOffer(db: Db, offerId: string): Promise<OfferRow | undefined> {
  return db.selectFrom('offers').selectAll().where('id', '=', offerId).executeTakeFirst();
}

export function findOffersByIds(db: Db, offerIds: readonly string[]): Promise<OfferRow[]> {
  if (offerIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('offers').selectAll().where('id', 'in', offerIds).execute();
}

export function findTiers(db: Db, offerIds: readonly string[]): Promise<QuantityTierRow[]> {
  if (offerIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('quantity_tiers')
    .selectAll()
    .where('offer_id', 'in', offerIds)
    .orderBy('offer_id')
    .orderBy('minimum_quantity')
    .execute();
}

/** The other products of a variation family, for the family stripe. */
export function findFamily(
  db: Db,
  familyId: string,
): Promise<Pick<ProductRow, 'asin' | 'title' | 'variation_label' | 'images'>[]> {
  return db
    .selectFrom('products')
    .select(['asin', 'title', 'variation_label', 'images'])
    .where('family_id', '=', familyId)
    .orderBy('asin')
    .execute();
}
