import type { Kysely } from 'kysely';
import { findCartConflicts } from '../../../domain/grocery/cart-conflicts';
import type { ConflictSummaryResponse } from '../../../shared/contracts/grocery';
import { type CartOwner, deleteCartLine } from '../../db/repositories/cart-repository';
import { findFreshLines, recordFreshLineStore } from '../../db/repositories/fresh-cart-repository';
import {
  markAddressChangeHeldUp,
  settleAddressChange,
} from '../../db/repositories/grocery-address-repository';
import { findGroceryStores, findStoresSelling } from '../../db/repositories/grocery-catalog-repository';
import { findProductWithOffers } from '../../db/repositories/product-repository';
import type { Database } from '../../db/schema';
import { groceryDestination } from './grocery-shopper';

type Db = Kysely<Database>;

type Who = { owner: CartOwner; customerId: string | null; marketplaceId: string };

/** The fresh lines the shopper's address cannot get, each with a store that could deliver it instead. */
async function conflictsOf(db: Db, who: Who) {
  const lines = await findFreshLines(db, who.owner, who.marketplaceId);
  const destination = await groceryDestination(db, who.customerId);
  const selling = await findStoresSelling(
    db,
    lines.map((l) => l.asin),
  );
  const storeIds = new Set([...lines.map((l) => l.storeId), ...[...selling.values()].flat()]);
  const stores = await findGroceryStores(db, [...storeIds]);
  const coverage = new Map([...stores.values()].map((s) => [s.storeId, s.postalCodePrefixes]));
  const conflicts = findCartConflicts(
    lines.map((l) => ({ lineId: l.id, asin: l.asin, storeId: l.storeId })),
    destination.address?.postalCode ?? null,
    coverage,
    (asin) => selling.get(asin) ?? [],
  );
  return { conflicts, stores, lines };
}

/** GRO-020: whether the fresh cart holds items the chosen address cannot get, and which. */
export async function conflictSummary(db: Db, who: Who): Promise<ConflictSummaryResponse> {
  const { conflicts, stores } = await conflictsOf(db, who);
  // The shopper goes to the substitute page: a change they leave unresolved is undone (decision 0048).
  if (conflicts.length > 0 && who.customerId) await markAddressChangeHeldUp(db, who.customerId);
  const titles = await Promise.all(
    conflicts.map(
      async (c) => (await findProductWithOffers(db, c.asin, who.marketplaceId))?.product.title ?? c.asin,
    ),
  );
  return {
    isSuccess: true,
    hasConflicts: conflicts.length > 0,
    conflicts: conflicts.map((c, i) => ({
      asin: c.asin,
      title: titles[i] ?? c.asin,
      storeId: c.storeId,
      storeName: stores.get(c.storeId)?.name ?? c.storeId,
      substituteStoreId: c.substituteStoreId,
      substituteStoreName: c.substituteStoreId ? (stores.get(c.substituteStoreId)?.name ?? null) : null,
    })),
  };
}

/**
 * GRO-021: resolves the conflicts in one transaction: each line moves to a store that sells the item
 * and delivers to the address, or leaves the cart. Resolving a cart without conflicts changes nothing.
 */
export async function resolveConflicts(
  db: Db,
  who: Who,
): Promise<{ isSuccess: true; moved: number; removed: number }> {
  return db.transaction().execute(async (trx) => {
    const { conflicts, lines } = await conflictsOf(trx, who);
    let moved = 0;
    let removed = 0;
    for (const conflict of conflicts) {
      const line = lines.find((l) => l.id === conflict.lineId);
      if (!line) continue;
      if (conflict.substituteStoreId) {
        await recordFreshLineStore(trx, line.id, conflict.substituteStoreId, line.brandId);
        moved++;
      } else {
        await deleteCartLine(trx, line.cartId, line.id);
        removed++;
      }
    }
    // The address change stands now.
    if (who.customerId) await settleAddressChange(trx, who.customerId);
    return { isSuccess: true as const, moved, removed };
  });
}
