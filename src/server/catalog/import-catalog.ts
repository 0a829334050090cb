import type { Kysely } from 'kysely';
import { marketplaceById } from '../../shared/marketplaces';
import { toMinorUnits } from '../../shared/money/price-format';
import type { Database, NewOffer, NewProduct } from '../db/schema';
import { type Catalog, catalogSchema } from './catalog-schema';

export type CatalogProblem = { path: string; message: string };
export type CatalogValidation = { ok: true; catalog: Catalog } | { ok: false; problems: CatalogProblem[] };
export type ImportSummary = { created: number; updated: number; unchanged: number };

/** `$.products[3].offers[0].price` from zod's path array. */
export const jsonPath = (path: readonly PropertyKey[]) =>
  path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : `${out}.${String(key)}`), '$');

/** Validates a whole catalog and reports every problem with its JSON path; prices must fit their currency. */
export function validateCatalog(input: unknown): CatalogValidation {
  const parsed = catalogSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((i) => ({ path: jsonPath(i.path), message: i.message })) };
  }
  const problems: CatalogProblem[] = [];
  parsed.data.products.forEach((product, p) => {
    product.offers.forEach((offer, o) => {
      const digits = marketplaceById(offer.marketplaceId)?.priceFormat.fractionDigits ?? 2;
      const amounts: [string, number | undefined][] = [
        ['price', offer.price],
        ['listPrice', offer.listPrice],
        ...offer.quantityTiers.map((t, i): [string, number] => [`quantityTiers[${i}].price`, t.price]),
      ];
      for (const [field, amount] of amounts) {
        if (amount !== undefined && !fitsDigits(amount, digits)) {
          problems.push({
            path: `$.products[${p}].offers[${o}].${field}`,
            message: `has more than ${digits} decimal places for this marketplace's currency`,
          });
        }
      }
      if (offer.listPrice !== undefined && offer.listPrice < offer.price) {
        problems.push({ path: `$.products[${p}].offers[${o}].listPrice`, message: 'must not be below price' });
      }
      const minimums = offer.quantityTiers.map((t) => t.minimumQuantity);
      if (new Set(minimums).size !== minimums.length) {
        problems.push({ path: `$.products[${p}].offers[${o}].quantityTiers`, message: 'minimumQuantity values must be unique' });
      }
    });
  });
  return problems.length ? { ok: false, problems } : { ok: true, catalog: parsed.data };
}

const fitsDigits = (amount: number, digits: number) => {
  const scaled = amount * 10 ** digits;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

/**
 * Writes a validated catalog in one transaction: new products are created, changed ones updated, and
 * identical ones left alone, so importing the same file twice changes nothing.
 */
export async function importCatalog(db: Kysely<Database>, catalog: Catalog, now: number): Promise<ImportSummary> {
  const summary: ImportSummary = { created: 0, updated: 0, unchanged: 0 };
  await db.transaction().execute(async (trx) => {
    for (const product of catalog.products) {
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
        features: JSON.stringify(product.features),
      };
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

      const existing = await trx.selectFrom('products').selectAll().where('asin', '=', product.asin).executeTakeFirst();
      const existingOffers = await trx.selectFrom('offers').selectAll().where('asin', '=', product.asin).orderBy('id').execute();
      const existingTiers = existingOffers.length
        ? await trx
            .selectFrom('quantity_tiers')
            .selectAll()
            .where('offer_id', 'in', existingOffers.map((o) => o.id))
            .orderBy('offer_id')
            .orderBy('minimum_quantity')
            .execute()
        : [];
      const same =
        existing !== undefined &&
        sameFields(existing, row) &&
        existingOffers.length === offers.length &&
        offers.every(({ offerRow }) => {
          const stored = existingOffers.find((o) => o.id === offerRow.id);
          return stored !== undefined && sameFields(stored, offerRow);
        }) &&
        JSON.stringify(existingTiers.map(tierKey).sort()) ===
          JSON.stringify(offers.flatMap((o) => o.tiers).map(tierKey).sort());
      if (same) {
        summary.unchanged++;
        continue;
      }

      if (existing) {
        await trx.updateTable('products').set({ ...row, updated_at: now }).where('asin', '=', product.asin).execute();
        summary.updated++;
      } else {
        await trx.insertInto('products').values({ ...row, created_at: now, updated_at: now }).execute();
        summary.created++;
      }
      for (const { offerRow, tiers } of offers) {
        await trx
          .insertInto('offers')
          .values({ ...offerRow, updated_at: now })
          .onConflict((oc) => oc.column('id').doUpdateSet({ ...offerRow, updated_at: now }))
          .execute();
        await trx.deleteFrom('quantity_tiers').where('offer_id', '=', offerRow.id).execute();
        if (tiers.length) await trx.insertInto('quantity_tiers').values(tiers).execute();
      }
    }
  });
  return summary;
}

const sameFields = (stored: object, wanted: object) =>
  Object.entries(wanted).every(([key, value]) => (stored as Record<string, unknown>)[key] === value);

const tierKey = (t: { offer_id: string; minimum_quantity: number; price_minor: number; program: string | null; hidden: number }) =>
  `${t.offer_id}|${t.minimum_quantity}|${t.price_minor}|${t.program ?? ''}|${t.hidden}`;
