import type { Kysely } from 'kysely';
import { applyingBundleSavings, BUNDLE_ADD_QUANTITY } from '../../../domain/bundles/bundles';
import { checkCartLine } from '../../../domain/cart/cart-line-rules';
import {
  deleteBundleSavings,
  findBundle,
  findCartBundleSavings,
  insertBundleSaving,
  newBundleSavingId,
} from '../../db/repositories/bundle-repository';
import {
  adoptAccessories,
  type CartOwner,
  countCartUnits,
  ensureCart,
  findCartLines,
  insertCartLine,
  newCartItemId,
  updateCartLine,
} from '../../db/repositories/cart-repository';
import { findOffer } from '../../db/repositories/product-repository';
import type { Database } from '../../db/schema';
import { type LineRefusal, LineRefused } from '../cart/line-refused';
import { bundlePrices } from './bundle-drawer';

export type BundleAddResult =
  | {
      ok: true;
      bundleId: string;
      items: { id: string; asin: string; offerListingId: string; quantity: number }[];
      savingMinor: number;
      currencyCode: string;
      count: number;
    }
  | { ok: false; refusal: LineRefusal };

/**
 * Adds a bundle to the owner's retail cart, quantity 1 (BDL-017), in one transaction: every component
 * is checked against its offer (buyable, stock, order limits) with what the cart already holds, and
 * if one fails nothing is written. The bundle's saving is recorded with the component lines, so it
 * goes when any of them goes. A bundle already in the cart is refused (BDL-013).
 */
export async function addBundleToCart(
  db: Kysely<Database>,
  owner: CartOwner,
  marketplaceId: string,
  bundleId: string,
  now: number,
): Promise<BundleAddResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      const bundle = await findBundle(trx, bundleId);
      if (!bundle || bundle.marketplaceId !== marketplaceId) {
        throw new LineRefused({
          code: 'bundle_not_found',
          message: `no bundle ${bundleId} in this marketplace`,
          field: 'bundleId',
        });
      }
      const prices = bundlePrices(bundle);
      if (prices.savingMinor <= 0) {
        throw new LineRefused({
          code: 'bundle_not_offered',
          message: `bundle ${bundleId} is not offered right now`,
          field: 'bundleId',
        });
      }
      // The upsert takes the cart's row lock (PostgreSQL): one add per cart at a time.
      const cartId = await ensureCart(trx, owner, marketplaceId, 'RETAIL', now);
      const lines = await findCartLines(trx, cartId);
      const { applying, stale } = applyingBundleSavings(await findCartBundleSavings(trx, [cartId]), lines);
      await deleteBundleSavings(
        trx,
        stale.map((s) => s.id),
      );
      if (applying.some((s) => s.bundleId === bundleId)) {
        throw new LineRefused({
          code: 'bundle_in_cart',
          message: `bundle ${bundleId} is already in your cart`,
          field: 'bundleId',
        });
      }
      const items: { id: string; asin: string; offerListingId: string; quantity: number }[] = [];
      const links: { lineId: string; quantity: number }[] = [];
      for (const [index, component] of bundle.components.entries()) {
        const quantity = component.quantity * BUNDLE_ADD_QUANTITY;
        const offer = await findOffer(trx, component.offerId);
        const field = `components.${index}`;
        if (!offer || offer.marketplace_id !== marketplaceId || offer.condition_type === 'LIGHTNING_DEAL') {
          throw new LineRefused({
            code: 'bundle_not_offered',
            message: `a component of bundle ${bundleId} (${component.asin}) cannot be bought right now`,
            field,
          });
        }
        const same = lines.find((l) => l.offer_id === offer.id && l.associated_item_id === null);
        const problem = checkCartLine(
          {
            asin: offer.asin,
            buyable: offer.buyable === 1,
            stock: offer.stock,
            minOrderQuantity: offer.min_order_quantity,
            maxOrderQuantity: offer.max_order_quantity,
          },
          component.asin,
          (same?.quantity ?? 0) + quantity,
        );
        if (problem) {
          throw new LineRefused({
            ...problem,
            message: `${problem.message} (a component of bundle ${bundleId})`,
            field,
          });
        }
        if (same) {
          same.quantity += quantity;
          await updateCartLine(trx, same.id, same);
          items.push({ id: same.id, asin: offer.asin, offerListingId: offer.id, quantity: same.quantity });
          links.push({ lineId: same.id, quantity });
        } else {
          const line = {
            id: newCartItemId(),
            cart_id: cartId,
            asin: offer.asin,
            offer_id: offer.id,
            quantity,
            additional_parameters: null,
            custom_attributes: null,
            associated_item_id: null,
            added_at: now,
          };
          await insertCartLine(trx, line);
          // Accessories added before their page item (deal mode) join the component's line.
          await adoptAccessories(trx, lines, offer.asin, line.id);
          lines.push(line);
          items.push({ id: line.id, asin: offer.asin, offerListingId: offer.id, quantity });
          links.push({ lineId: line.id, quantity });
        }
      }
      await insertBundleSaving(trx, { id: newBundleSavingId(), cartId, bundleId, addedAt: now }, links);
      const count = await countCartUnits(trx, owner, marketplaceId, ['RETAIL', 'FRESH']);
      return {
        ok: true as const,
        bundleId,
        items,
        savingMinor: prices.savingMinor,
        currencyCode: bundle.currencyCode,
        count,
      };
    });
  } catch (error) {
    if (error instanceof LineRefused) return { ok: false, refusal: error.refusal };
    throw error;
  }
}
