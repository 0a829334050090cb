import type { Kysely } from 'kysely';
import type { AccessoriesView } from '../../../shared/contracts/accessories';
import type { Database } from '../../db/schema';
import type { ProductPageContext } from '../products/page-context';
import { accessoriesView } from './accessories-view';

/** Deferred: the accessory upsells (ACC-001..005), offered only with a regular offer to add them to. */
export async function accessoriesSlice(
  db: Kysely<Database>,
  context: Pick<ProductPageContext, 'marketplace' | 'product' | 'offer'>,
): Promise<AccessoriesView | null> {
  if (!context.offer) return null;
  return accessoriesView(db, context.marketplace, context.product.asin);
}
