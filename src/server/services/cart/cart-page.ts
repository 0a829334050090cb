import type { Kysely } from 'kysely';
import { checkCartLine, shopperMessage } from '../../../domain/cart/cart-line-rules';
import { checkPlanQuantity, planQuantityAfterDeviceChange } from '../../../domain/cart/protection-plan';
import type { Marketplace } from '../../../shared/marketplaces';
import { findServiceDevices } from '../../db/repositories/add-on-service-repository';
import {
  type CartOwner,
  deleteCartLine,
  deletePlansOf,
  findCartId,
  findCartLine,
  findPlansOf,
  updateCartLine,
} from '../../db/repositories/cart-repository';
import { findHoldEnds } from '../../db/repositories/deal-repository';
import { findOffer } from '../../db/repositories/product-repository';
import { findPlanDevices } from '../../db/repositories/protection-plan-repository';
import type { Database } from '../../db/schema';
import { releaseDealLine, settleDealsInCart } from '../deals/claim-deal';
import { type CartLineViews, cartLineViews } from './cart-lines';

type Db = Kysely<Database>;

/** The retail cart as the cart page shows it: deals brought up to `now` first, so no lapsed hold shows. */
export async function cartPageLines(
  db: Db,
  owner: CartOwner,
  marketplace: Marketplace,
  now: number,
): Promise<CartLineViews> {
  await settleDealsInCart(db, owner, marketplace.marketplaceId, now);
  const views = await cartLineViews(db, owner, marketplace);
  // A deal's line says it is a deal and how long it is held (the deal badge and hold timer).
  const holds = await findHoldEnds(
    db,
    views.lines.map((line) => line.id),
  );
  return {
    ...views,
    lines: views.lines.map((line) => {
      const endsAt = holds.get(line.id);
      return endsAt === undefined ? line : { ...line, dealHold: { msLeft: Math.max(0, endsAt - now) } };
    }),
  };
}

export type CartLineChange = { lineId: string; quantity?: number | undefined; action: 'update' | 'delete' };

/**
 * The cart page's plain-form change of one line: a new quantity (checked against the offer's limits
 * and stock) or its removal. Answers the notice to show, or the problem in the shopper's words.
 */
export async function changeCartLine(
  db: Db,
  owner: CartOwner,
  marketplaceId: string,
  change: CartLineChange,
  now: number,
): Promise<{ notice: 'updated' | 'removed' } | { error: string }> {
  const { lineId, quantity, action } = change;
  const cartId = await findCartId(db, owner, marketplaceId, 'RETAIL');
  const line = cartId ? await findCartLine(db, cartId, lineId) : undefined;
  if (!cartId || !line) return { error: 'That item is no longer in your cart.' };
  if (action === 'delete' || quantity === 0) {
    await deleteCartLine(db, cartId, lineId);
    await deletePlansOf(db, [lineId]);
    // A removed deal line gives its held units back to the deal (and its waitlist) at once.
    await releaseDealLine(db, lineId, now);
    return { notice: 'removed' };
  }
  const offer = await findOffer(db, line.offer_id);
  if (offer?.condition_type === 'LIGHTNING_DEAL' && quantity !== undefined && quantity !== line.quantity) {
    return { error: 'The quantity of a deal is set when you claim it.' };
  }
  const problem = offer
    ? checkCartLine(
        {
          asin: offer.asin,
          buyable: offer.buyable === 1,
          stock: offer.stock,
          minOrderQuantity: offer.min_order_quantity,
          maxOrderQuantity: offer.max_order_quantity,
        },
        line.asin,
        quantity ?? line.quantity,
      )
    : { code: 'offer_not_found', message: 'This item is no longer available.', field: 'quantity' };
  if (problem) return { error: shopperMessage(problem) };
  const newQuantity = quantity ?? line.quantity;
  // A protection plan never outnumbers the device it is tied to (decision 0014).
  const device = line.associated_item_id
    ? await findCartLine(db, cartId, line.associated_item_id)
    : undefined;
  const devicesOfLine = device
    ? [...(await findPlanDevices(db, line.asin)), ...(await findServiceDevices(db, line.asin))]
    : [];
  if (device && devicesOfLine.includes(device.asin)) {
    const planProblem = checkPlanQuantity({
      planAsin: line.asin,
      deviceQuantity: device.quantity,
      plansHeld: 0,
      adding: newQuantity,
    });
    if (planProblem) return { error: shopperMessage(planProblem) };
  }
  await updateCartLine(db, lineId, { ...line, quantity: newQuantity });
  // The device's plans follow it down (decision 0014).
  for (const plan of await findPlansOf(db, cartId, lineId)) {
    const planQuantity = planQuantityAfterDeviceChange(plan.quantity, newQuantity);
    if (planQuantity === 0) await deleteCartLine(db, cartId, plan.id);
    else if (planQuantity !== plan.quantity)
      await updateCartLine(db, plan.id, { ...plan, quantity: planQuantity });
  }
  return { notice: 'updated' };
}
