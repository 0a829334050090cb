import type { Kysely } from 'kysely';
import { findOffer, findStoredAsins } from '../db/repositories/product-repository';
import type { Database } from '../db/schema';
import type { CatalogIssue } from './catalog-part';

// What the areas' sections (bundles, smart-home badges, ads: catalog/areas/<area>.ts) check: inside
// the file by the schema, against the store when they are imported after the file's products.

/** A section entry names something the store does not have; the import writes nothing. */
export class CatalogReferenceError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`);
  }
}

type Db = Kysely<Database>;

/** Every ASIN must name a product of the store (the file's own are stored by then). */
export async function requireProducts(db: Db, asins: readonly string[], path: string) {
  const stored = await findStoredAsins(db, asins);
  for (const [i, asin] of asins.entries()) {
    if (!stored.has(asin))
      throw new CatalogReferenceError(`${path}[${i}]`, `no product ${asin} in the catalog`);
  }
}

/** An offer a section names: it must exist, belong to the product and be a regular (non-deal) offer. */
export async function requireOffer(db: Db, asin: string, offerId: string, path: string) {
  const offer = await findOffer(db, offerId);
  if (!offer || offer.asin !== asin) {
    throw new CatalogReferenceError(path, `no offer ${offerId} of ${asin} in the catalog`);
  }
  if (offer.condition_type === 'LIGHTNING_DEAL') {
    throw new CatalogReferenceError(
      path,
      `offer ${offerId} is a lightning deal and cannot be bundled or advertised`,
    );
  }
  return offer;
}

/** Ids that appear twice in a section. */
export function duplicateIds(ids: readonly string[], section: string, field: string): CatalogIssue[] {
  const seen = new Set<string>();
  const problems: CatalogIssue[] = [];
  ids.forEach((id, i) => {
    if (seen.has(id)) problems.push({ path: [section, i, field], message: `duplicate ${field} ${id}` });
    seen.add(id);
  });
  return problems;
}

/**
 * An offer a section names for a product of the same file must be one of its offers; references to
 * products not in the file are checked at import, against the store.
 */
export function offerOfFileProblems(
  products: readonly { asin: string; offers: readonly { offerListingId: string }[] }[],
  references: readonly { asin: string; offerListingId: string; path: (string | number)[] }[],
): CatalogIssue[] {
  const offersOf = new Map(products.map((p) => [p.asin, p.offers.map((o) => o.offerListingId)]));
  return references.flatMap(({ asin, offerListingId, path }) => {
    const offers = offersOf.get(asin);
    return offers && !offers.includes(offerListingId)
      ? [{ path, message: `offer ${offerListingId} is not an offer of ${asin}` }]
      : [];
  });
}
