import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { StoredBundleSaving } from '../../../domain/bundles/bundles';
import type { Database } from '../schema';

type Db = Kysely<Database>;

/** A bundle's component with its offer as it stands now. */
export type BundleComponent = {
  position: number;
  asin: string;
  offerId: string;
  quantity: number;
  priceMinor: number;
  marketplaceId: string;
  conditionType: string;
};

export type BundleRecord = {
  id: string;
  marketplaceId: string;
  title: string;
  image: string;
  priceMinor: number;
  currencyCode: string;
  components: BundleComponent[];
  upsells: string[];
};

export type BundleWrite = {
  id: string;
  marketplaceId: string;
  title: string;
  image: string;
  priceMinor: number;
  currencyCode: string;
  components: { asin: string; offerId: string; quantity: number }[];
  landingAsins: string[];
  upsells: string[];
};

/** Writes a bundle as the catalog gives it: the row, its components, landing pages and upsells replaced. */
export async function writeBundle(db: Db, bundle: BundleWrite, now: number): Promise<void> {
  const row = {
    id: bundle.id,
    marketplace_id: bundle.marketplaceId,
    title: bundle.title,
    image: bundle.image,
    price_minor: bundle.priceMinor,
    currency_code: bundle.currencyCode,
    updated_at: now,
  };
  await db
    .insertInto('bundles')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
  await db.deleteFrom('bundle_components').where('bundle_id', '=', bundle.id).execute();
  await db
    .insertInto('bundle_components')
    .values(
      bundle.components.map((c, position) => ({
        bundle_id: bundle.id,
        position,
        asin: c.asin,
        offer_id: c.offerId,
        quantity: c.quantity,
      })),
    )
    .execute();
  await db.deleteFrom('bundle_landings').where('bundle_id', '=', bundle.id).execute();
  await db
    .insertInto('bundle_landings')
    .values(bundle.landingAsins.map((asin, position) => ({ asin, bundle_id: bundle.id, position })))
    .execute();
  await db.deleteFrom('bundle_upsells').where('bundle_id', '=', bundle.id).execute();
  if (bundle.upsells.length) {
    await db
      .insertInto('bundle_upsells')
      .values(bundle.upsells.map((asin, position) => ({ bundle_id: bundle.id, position, asin })))
      .execute();
  }
}

async function componentsOf(db: Db, bundleIds: readonly string[]) {
  if (bundleIds.length === 0) return [];
  return db
    .selectFrom('bundle_components')
    .innerJoin('offers', 'offers.id', 'bundle_components.offer_id')
    .select([
      'bundle_components.bundle_id',
      'bundle_components.position',
      'bundle_components.asin',
      'bundle_components.offer_id',
      'bundle_components.quantity',
      'offers.price_minor',
      'offers.marketplace_id',
      'offers.condition_type',
    ])
    .where('bundle_components.bundle_id', 'in', [...bundleIds])
    .orderBy('bundle_components.bundle_id')
    .orderBy('bundle_components.position')
    .execute();
}

async function upsellsOf(db: Db, bundleIds: readonly string[]) {
  if (bundleIds.length === 0) return [];
  return db
    .selectFrom('bundle_upsells')
    .select(['bundle_id', 'asin'])
    .where('bundle_id', 'in', [...bundleIds])
    .orderBy('bundle_id')
    .orderBy('position')
    .execute();
}

async function recordsOf(
  db: Db,
  rows: {
    id: string;
    marketplace_id: string;
    title: string;
    image: string;
    price_minor: number;
    currency_code: string;
  }[],
): Promise<BundleRecord[]> {
  const ids = rows.map((row) => row.id);
  const [components, upsells] = await Promise.all([componentsOf(db, ids), upsellsOf(db, ids)]);
  return rows.map((row) => ({
    id: row.id,
    marketplaceId: row.marketplace_id,
    title: row.title,
    image: row.image,
    priceMinor: row.price_minor,
    currencyCode: row.currency_code,
    components: components
      .filter((c) => c.bundle_id === row.id)
      .map((c) => ({
        position: c.position,
        asin: c.asin,
        offerId: c.offer_id,
        quantity: c.quantity,
        priceMinor: c.price_minor,
        marketplaceId: c.marketplace_id,
        conditionType: c.condition_type,
      })),
    upsells: upsells.filter((u) => u.bundle_id === row.id).map((u) => u.asin),
  }));
}

/** The bundles offered on a product's page in a marketplace, in the catalog's order. */
export async function findBundlesForLanding(
  db: Db,
  asin: string,
  marketplaceId: string,
): Promise<BundleRecord[]> {
  const rows = await db
    .selectFrom('bundle_landings')
    .innerJoin('bundles', 'bundles.id', 'bundle_landings.bundle_id')
    .select([
      'bundles.id',
      'bundles.marketplace_id',
      'bundles.title',
      'bundles.image',
      'bundles.price_minor',
      'bundles.currency_code',
    ])
    .where('bundle_landings.asin', '=', asin)
    .where('bundles.marketplace_id', '=', marketplaceId)
    .orderBy('bundle_landings.position')
    .orderBy('bundles.id')
    .execute();
  return recordsOf(db, rows);
}

/** One bundle with its components, or undefined. */
export async function findBundle(db: Db, bundleId: string): Promise<BundleRecord | undefined> {
  const rows = await db
    .selectFrom('bundles')
    .select(['id', 'marketplace_id', 'title', 'image', 'price_minor', 'currency_code'])
    .where('id', '=', bundleId)
    .execute();
  const [record] = await recordsOf(db, rows);
  return record;
}

export const newBundleSavingId = () => `S${randomBytes(10).toString('hex').toUpperCase()}`;

/** Records a bundle in a cart: its saving and the component lines it was added with. */
export async function insertBundleSaving(
  db: Db,
  saving: { id: string; cartId: string; bundleId: string; addedAt: number },
  links: readonly { lineId: string; quantity: number }[],
): Promise<void> {
  await db
    .insertInto('cart_bundle_savings')
    .values({
      id: saving.id,
      cart_id: saving.cartId,
      bundle_id: saving.bundleId,
      component_count: links.length,
      added_at: saving.addedAt,
    })
    .execute();
  await db
    .insertInto('cart_bundle_saving_lines')
    .values(
      links.map((link) => ({ saving_id: saving.id, cart_item_id: link.lineId, quantity: link.quantity })),
    )
    .execute();
}

export type CartBundleSaving = StoredBundleSaving & { cartId: string };

/** The bundle savings recorded in these carts, each with the links its lines still have. */
export async function findCartBundleSavings(db: Db, cartIds: readonly string[]): Promise<CartBundleSaving[]> {
  if (cartIds.length === 0) return [];
  const rows = await db
    .selectFrom('cart_bundle_savings')
    .leftJoin('cart_bundle_saving_lines', 'cart_bundle_saving_lines.saving_id', 'cart_bundle_savings.id')
    .select([
      'cart_bundle_savings.id',
      'cart_bundle_savings.cart_id',
      'cart_bundle_savings.bundle_id',
      'cart_bundle_savings.component_count',
      'cart_bundle_savings.added_at',
      'cart_bundle_saving_lines.cart_item_id',
      'cart_bundle_saving_lines.quantity',
    ])
    .where('cart_bundle_savings.cart_id', 'in', [...cartIds])
    .orderBy('cart_bundle_savings.added_at')
    .orderBy('cart_bundle_savings.id')
    .execute();
  const savings = new Map<string, CartBundleSaving & { links: { lineId: string; quantity: number }[] }>();
  for (const row of rows) {
    let saving = savings.get(row.id);
    if (!saving) {
      saving = {
        id: row.id,
        cartId: row.cart_id,
        bundleId: row.bundle_id,
        componentCount: row.component_count,
        addedAt: Number(row.added_at),
        links: [],
      };
      savings.set(row.id, saving);
    }
    if (row.cart_item_id !== null && row.quantity !== null) {
      saving.links.push({ lineId: row.cart_item_id, quantity: row.quantity });
    }
  }
  return [...savings.values()];
}

/** The carts holding these lines (a line's saving lives in the line's cart). */
export async function findCartIdsOfLines(db: Db, lineIds: readonly string[]): Promise<string[]> {
  if (lineIds.length === 0) return [];
  const rows = await db
    .selectFrom('cart_items')
    .select('cart_id')
    .distinct()
    .where('id', 'in', [...lineIds])
    .execute();
  return rows.map((row) => row.cart_id);
}

/** Removes savings that no longer apply (a component line went or holds fewer units). */
export async function deleteBundleSavings(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('cart_bundle_savings')
    .where('id', 'in', [...ids])
    .execute();
}

/** Bundle titles and prices for the savings a cart shows. */
export async function findBundleSummaries(
  db: Db,
  bundleIds: readonly string[],
): Promise<Map<string, { title: string; priceMinor: number }>> {
  if (bundleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('bundles')
    .select(['id', 'title', 'price_minor'])
    .where('id', 'in', [...new Set(bundleIds)])
    .execute();
  return new Map(rows.map((row) => [row.id, { title: row.title, priceMinor: row.price_minor }]));
}

/** Components with their offers' prices now, for the savings a cart shows. */
export async function findBundleComponentPrices(
  db: Db,
  bundleIds: readonly string[],
): Promise<Map<string, { unitPriceMinor: number; quantity: number }[]>> {
  const rows = await componentsOf(db, [...new Set(bundleIds)]);
  const byBundle = new Map<string, { unitPriceMinor: number; quantity: number }[]>();
  for (const row of rows) {
    const list = byBundle.get(row.bundle_id) ?? [];
    list.push({ unitPriceMinor: row.price_minor, quantity: row.quantity });
    byBundle.set(row.bundle_id, list);
  }
  return byBundle;
}

/** A cart line merged into another (sign-in): the bundles it belonged to now count that line. */
export async function relinkBundleLine(db: Db, fromLineId: string, toLineId: string): Promise<void> {
  await db
    .updateTable('cart_bundle_saving_lines')
    .set({ cart_item_id: toLineId })
    .where('cart_item_id', '=', fromLineId)
    .execute();
}

/**
 * A cart merged into another (sign-in): its bundle savings move with its lines, except a bundle the
 * other cart holds already (one saving per bundle and cart).
 */
export async function moveBundleSavings(db: Db, fromCartId: string, toCartId: string): Promise<void> {
  await db
    .deleteFrom('cart_bundle_savings')
    .where('cart_id', '=', fromCartId)
    .where(
      'bundle_id',
      'in',
      db.selectFrom('cart_bundle_savings').select('bundle_id').where('cart_id', '=', toCartId),
    )
    .execute();
  await db
    .updateTable('cart_bundle_savings')
    .set({ cart_id: toCartId })
    .where('cart_id', '=', fromCartId)
    .execute();
}
