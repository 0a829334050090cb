import type { Kysely } from 'kysely';
import {
  type CartOwner,
  type CartType,
  ensureCart,
  insertCartLine,
  newCartItemId,
} from '../../src/server/db/repositories/cart-repository';
import type { Database } from '../../src/server/db/schema';

export type CartLineInput = { asin: string; offerListingId: string; quantity?: number };

/**
 * A cart holding the given lines, written through the cart repository: a customer's
 * (`{ type: 'customer', id }`) or an anonymous session's (`{ type: 'session', id: sessionId }`).
 */
export async function createCart(
  db: Kysely<Database>,
  owner: CartOwner,
  lines: CartLineInput[],
  options: { now?: number; marketplaceId?: string; cartType?: CartType } = {},
): Promise<{ cartId: string; lineIds: string[] }> {
  const now = options.now ?? Date.now();
  const cartId = await ensureCart(
    db,
    owner,
    options.marketplaceId ?? 'ATVPDKIKX0DER',
    options.cartType ?? 'RETAIL',
    now,
  );
  const lineIds: string[] = [];
  for (const [i, line] of lines.entries()) {
    const id = newCartItemId();
    await insertCartLine(db, {
      id,
      cart_id: cartId,
      asin: line.asin,
      offer_id: line.offerListingId,
      quantity: line.quantity ?? 1,
      additional_parameters: null,
      custom_attributes: null,
      associated_item_id: null,
      added_at: now + i,
    });
    lineIds.push(id);
  }
  return { cartId, lineIds };
}
