import type { Kysely } from 'kysely';
import type { CartOwner } from '../../db/repositories/cart-repository';
import {
  deleteRegistryCartLines,
  findRegistryCartLines,
  findRegistryShipments,
  markRegistryCartLine,
  recordRegistryPurchase,
} from '../../db/repositories/registry-repository';
import type { Customer } from '../../db/repositories/session-repository';
import type { Database } from '../../db/schema';
import { addToRetailCart } from '../cart/cart-api';
import type { CheckoutOption, PlacedOrder } from '../checkout/order-placed';
import { giftableItem, type Outcome } from './registries';

/**
 * A giver adds a registry item to their cart from the guest view: the cart line carries the item, and
 * nothing is counted purchased until the order is placed (DESIGN: registry counts).
 */
export async function addRegistryItemToCart(
  db: Kysely<Database>,
  viewer: Customer | null,
  input: {
    owner: CartOwner;
    marketplaceId: string;
    registryId: string;
    itemId: string;
    quantity: number;
    now: number;
  },
): Promise<Outcome<{ cartLineId: string; count: number; guestLink: string; type: string }>> {
  if (!viewer)
    return { ok: false, refusal: { code: 'sign_in_required', message: 'sign in to buy from a registry' } };
  const found = await giftableItem(db, viewer, input);
  if (!found.ok) return found;
  const { registry, item, offerId } = found.value;
  if (item.groupGifting) {
    return {
      ok: false,
      refusal: {
        code: 'group_gift_only',
        message: 'this item is a group gift: contribute toward it',
        field: 'itemId',
      },
    };
  }
  const added = await addToRetailCart(db, {
    owner: input.owner,
    marketplaceId: input.marketplaceId,
    items: [{ asin: item.asin, offerListingId: offerId, quantity: input.quantity }],
    now: input.now,
  });
  if (!added.ok) return { ok: false, refusal: added.refusal as never };
  const line = added.items[0];
  if (!line) return { ok: false, refusal: { code: 'invalid_request', message: 'nothing was added' } };
  await markRegistryCartLine(db, { cartItemId: line.id, registryItemId: item.id, quantity: input.quantity });
  return {
    ok: true,
    value: {
      cartLineId: line.id,
      count: added.count,
      guestLink: `/registries/${registry.type}/guest-view?registryId=${registry.id}`,
      type: registry.type,
    },
  };
}

/**
 * The registry's part of placing an order, inside the order's transaction: each ordered line that
 * came from a registry raises that item's purchased count by the units it bought (never more than the
 * line holds), once; "ship to the registrant" is recorded for the registry it names.
 */
export async function registryOrderPlaced(trx: Kysely<Database>, order: PlacedOrder): Promise<void> {
  const lineIds = order.lines.flatMap((line) => (line.cartLineId ? [line.cartLineId] : []));
  const marks = await findRegistryCartLines(trx, lineIds);
  if (marks.length === 0) return;
  const shipTo = order.options.shipToRegistrant ?? null;
  for (const mark of marks) {
    const line = order.lines.find((l) => l.cartLineId === mark.cart_item_id);
    if (!line) continue;
    const registryId = (
      await trx
        .selectFrom('registry_items')
        .select('registry_id')
        .where('id', '=', mark.registry_item_id)
        .executeTakeFirst()
    )?.registry_id;
    if (!registryId) continue;
    await recordRegistryPurchase(trx, {
      orderId: order.orderId,
      registryItemId: mark.registry_item_id,
      quantity: Math.min(Number(mark.quantity), line.quantity),
      shipToRegistrant: shipTo === registryId,
      now: order.now,
    });
  }
  await deleteRegistryCartLines(
    trx,
    marks.map((m) => m.cart_item_id),
  );
}

/**
 * Checkout's "ship to the registrant" for a cart holding registry gifts: one choice per registry,
 * named by the registrant, never with their address.
 */
export async function registryCheckoutOptions(
  db: Kysely<Database>,
  cart: { customerId: string; cartLineIds: readonly string[] },
): Promise<CheckoutOption[]> {
  const marks = await findRegistryCartLines(db, cart.cartLineIds);
  if (marks.length === 0) return [];
  const registries = await db
    .selectFrom('registry_items as i')
    .innerJoin('registries as r', 'r.id', 'i.registry_id')
    .select(['r.id', 'r.name'])
    .where(
      'i.id',
      'in',
      marks.map((m) => m.registry_item_id),
    )
    .distinct()
    .orderBy('r.id')
    .execute();
  return registries.map((r) => ({
    name: 'shipToRegistrant' as const,
    value: r.id,
    label: `Ship the registry gifts to ${r.name} (their address stays private)`,
  }));
}

/**
 * The confirmation page's word on registry gifts sent with "ship to the registrant": they go to the
 * registrant, named as at checkout, never with the address (the giver's typed address is for the rest).
 */
export async function registryConfirmationNotes(
  db: Kysely<Database>,
  order: { orderId: string },
): Promise<string[]> {
  const shipments = await findRegistryShipments(db, order.orderId);
  return shipments.map(
    (s) =>
      `Your registry ${s.titles.length === 1 ? 'gift ships' : 'gifts ship'} to ${s.registryName}, at the address on their registry: ${s.titles.join(', ')}.`,
  );
}
