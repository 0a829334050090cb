// Cart conflicts (GRO-011/012/022): fresh cart lines whose store cannot deliver to the chosen address.
// Resolving moves each to a store that sells the item and delivers there, or removes it.

import { storeServes } from './fresh-cart';

export type FreshLineInStore = { lineId: string; asin: string; storeId: string };
export type StoreCoverage = { storeId: string; postalPrefixes: readonly string[] };

export type CartConflict = {
  lineId: string;
  asin: string;
  storeId: string;
  /** A store that sells the item and delivers to the address, or null: the line can only go. */
  substituteStoreId: string | null;
};

/**
 * The fresh lines the chosen address cannot get, each with the first store (in the product's order)
 * that sells it and delivers there. `storesOf(asin)` lists the stores selling an item.
 */
export function findCartConflicts(
  lines: readonly FreshLineInStore[],
  postalCode: string | null,
  coverage: ReadonlyMap<string, readonly string[]>,
  storesOf: (asin: string) => readonly string[],
): CartConflict[] {
  const serves = (storeId: string) => storeServes(coverage.get(storeId) ?? [], postalCode);
  return lines
    .filter((line) => !serves(line.storeId))
    .map((line) => ({
      lineId: line.lineId,
      asin: line.asin,
      storeId: line.storeId,
      substituteStoreId:
        storesOf(line.asin).find((storeId) => storeId !== line.storeId && serves(storeId)) ?? null,
    }));
}

/** GRO-022: the substitute page's address, carrying the page to come back to. */
export function substitutePageUrl(sourceUrl: string, ref = 'atfc_cc'): string {
  const query = new URLSearchParams({ sourceUrl, ref, client: 'atfc' });
  return `/afx/cartconflicts/resolve/substitute?${query}`;
}

/** The substitute page only sends shoppers back to a path on this site. */
export function safeSourceUrl(sourceUrl: string | undefined): string {
  return sourceUrl && /^\/(?!\/)[^\s\\]*$/.test(sourceUrl) ? sourceUrl : '/';
}
