import type { Kysely } from 'kysely';
import { checkCartLine } from '../../../domain/cart/cart-line-rules';
import { planQuantityAfterDeviceChange } from '../../../domain/cart/protection-plan';
import {
  type CartOwner,
  countCartUnits,
  deleteCartLine,
  deletePlansOf,
  findCartId,
  findCartLine,
  findPlansOf,
  updateCartLine,
} from '../../db/repositories/cart-repository';
import { findOffer } from '../../db/repositories/product-repository';
import type { Database } from '../../db/schema';
import { releaseDealLine } from '../deals/claim-deal';
import { type LineRefusal, LineRefused } from './line-refused';

export type ModifiedLine = { id: string; asin: string; offerListingId: string; quantity: number };

export type ModifyResult =
  | { ok: true; items: ModifiedLine[]; count: number }
  | { ok: false; refusal: LineRefusal };

/** SL-012: the slider sends a line id without its leading C or S; both forms name the line. */
const idsFor = (id: string) => [id, `C${id}`, `S${id}`];

/**
 * SL-014: sets retail cart lines to new absolute quantities (0 removes the line) in one transaction,
 * within the offer's limits and stock; a lightning deal's quantity is set by its claim, not here. A
 * device's protection plans follow it down (decision 0014).
 */
export async function modifyCartItems(
  db: Kysely<Database>,
  owner: CartOwner,
  marketplaceId: string,
  items: readonly { id: string; quantity: number }[],
  now: number,
): Promise<ModifyResult> {
  const released: string[] = [];
  try {
    const result = await db.transaction().execute(async (trx) => {
      const cartId = await findCartId(trx, owner, marketplaceId, 'RETAIL');
      const changed: ModifiedLine[] = [];
      for (const [index, item] of items.entries()) {
        let line: Awaited<ReturnType<typeof findCartLine>>;
        for (const id of idsFor(item.id)) {
          line ??= cartId ? await findCartLine(trx, cartId, id) : undefined;
        }
        if (!cartId || !line) {
          throw new LineRefused({
            code: 'line_not_found',
            message: `no line ${item.id} in the cart`,
            field: `items.${index}.id`,
          });
        }
        const offer = await findOffer(trx, line.offer_id);
        if (
          offer?.condition_type === 'LIGHTNING_DEAL' &&
          item.quantity !== 0 &&
          item.quantity !== line.quantity
        ) {
          throw new LineRefused({
            code: 'deal_quantity_fixed',
            message: 'the quantity of a deal is set when it is claimed',
            field: `items.${index}.quantity`,
          });
        }
        if (item.quantity === 0) {
          await deleteCartLine(trx, cartId, line.id);
          await deletePlansOf(trx, [line.id]);
          if (offer?.condition_type === 'LIGHTNING_DEAL') released.push(line.id);
          changed.push({ id: line.id, asin: line.asin, offerListingId: line.offer_id, quantity: 0 });
          continue;
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
              item.quantity,
            )
          : ({ code: 'offer_not_found', message: 'this item is no longer sold', field: 'quantity' } as const);
        if (problem) {
          throw new LineRefused({
            ...problem,
            field: `items.${index}.quantity`,
          });
        }
        await updateCartLine(trx, line.id, { ...line, quantity: item.quantity });
        for (const plan of await findPlansOf(trx, cartId, line.id)) {
          const planQuantity = planQuantityAfterDeviceChange(plan.quantity, item.quantity);
          if (planQuantity === 0) await deleteCartLine(trx, cartId, plan.id);
          else if (planQuantity !== plan.quantity)
            await updateCartLine(trx, plan.id, { ...plan, quantity: planQuantity });
        }
        changed.push({
          id: line.id,
          asin: line.asin,
          offerListingId: line.offer_id,
          quantity: item.quantity,
        });
      }
      return {
        ok: true as const,
        items: changed,
        count: await countCartUnits(trx, owner, marketplaceId, ['RETAIL', 'FRESH']),
      };
    });
    // A removed deal line gives its held units back to the deal (and its waitlist).
    for (const id of released) await releaseDealLine(db, id, now);
    return result;
  } catch (error) {
    if (error instanceof LineRefused) return { ok: false, refusal: error.refusal };
    throw error;
  }
}
