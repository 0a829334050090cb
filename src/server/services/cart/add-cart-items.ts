import type { Kysely } from 'kysely';
import {
  checkServiceQuantity,
  deviceLineFor,
  devicesCovered,
} from '../../../domain/add-on-services/service-lines';
import { winningServiceOffer } from '../../../domain/add-on-services/service-offers';
import { offerVisibleTo } from '../../../domain/business/business-offers';
import { checkCartLine } from '../../../domain/cart/cart-line-rules';
import { checkPlanQuantity } from '../../../domain/cart/protection-plan';
import type { CartApiItem } from '../../../shared/contracts/cart';
import { marketplaceById } from '../../../shared/marketplaces';
import { findServiceDevices } from '../../db/repositories/add-on-service-repository';
import {
  adoptAccessories,
  type CartOwner,
  type CartType,
  countCartUnits,
  findCartLines,
  insertCartLine,
  newCartItemId,
  openCart,
  updateCartLine,
} from '../../db/repositories/cart-repository';
import { isBusinessCustomer } from '../../db/repositories/customer-repository';
import { isGroceryProduct } from '../../db/repositories/fresh-cart-repository';
import { findOffer } from '../../db/repositories/product-repository';
import { findPlanDevices } from '../../db/repositories/protection-plan-repository';
import type { Database } from '../../db/schema';
import { offersForZip } from '../add-on-services/add-on-view';
import { oncePerRequest, type RequestKey } from '../request-effect';
import { type LineRefusal, LineRefused } from './line-refused';

export type AddedLine = { id: string; asin: string; offerListingId: string; quantity: number };

export type AddResult = { ok: true; items: AddedLine[]; count: number } | { ok: false; refusal: LineRefusal };

/**
 * An accessory names the page item it goes with by the page item's asin (the page does not know
 * the line id before the add); the association is stored with that line's id: the line this
 * request added for the asin, else the cart's line of it. A line id is kept as sent.
 */
function associatedLine(
  id: string | null,
  added: readonly AddedLine[],
  lines: readonly { id: string; asin: string; associated_item_id: string | null }[],
): string | null {
  if (id === null) return null;
  return (
    added.find((line) => line.asin === id)?.id ??
    lines.find((line) => line.asin === id && line.associated_item_id === null)?.id ??
    id
  );
}

/** The offer of a service to sell at a postal code: `sent` when it serves it, else the winning one; null when none does. */
async function serviceOfferAt(
  db: Kysely<Database>,
  marketplaceId: string,
  serviceAsin: string,
  sent: string,
  zip: string,
): Promise<string | null> {
  const marketplace = marketplaceById(marketplaceId);
  if (!marketplace) return sent;
  const offers = await offersForZip(db, marketplace, [serviceAsin], zip);
  if (offers.some((o) => o.offerId === sent && o.buyable)) return sent;
  return winningServiceOffer(offers)?.offer.offerId ?? null;
}

/**
 * Adds items to the owner's cart in one transaction: every item is checked against its offer (buyable,
 * stock, min/max order quantity) with what the cart already holds; if one fails, nothing is written.
 */
export async function addCartItems(
  db: Kysely<Database>,
  owner: CartOwner,
  marketplaceId: string,
  cartType: CartType,
  items: readonly CartApiItem[],
  now: number,
  options: {
    /** The shopper's postal code (their delivery location): add-on services are priced for it (decision 0041). */
    zip?: string | null;
    /** The request's idempotency key: the add is recorded with it, so a retry after a crash adds nothing more. */
    requestKey?: RequestKey | undefined;
  } = {},
): Promise<AddResult> {
  const shopperZip = options.zip ?? null;
  try {
    return await db.transaction().execute((trx) =>
      oncePerRequest(trx, options.requestKey, async () => {
        const cart = await openCart(trx, owner, marketplaceId, cartType, now);
        const cartId = cart.id;
        // A cart made just now holds no lines: one read less for a first add.
        const lines = cart.created ? [] : await findCartLines(trx, cartId);
        const added: AddedLine[] = [];
        // Units each device line gained in this request: a service added with them covers them (decision 0041).
        const unitsAdded = new Map<string, number>();
        const coverage = (asked: number, device: { id: string; quantity: number }, held: number) =>
          devicesCovered({
            requested: asked,
            deviceUnitsAdded: unitsAdded.get(device.id) ?? 0,
            deviceQuantity: device.quantity,
            held,
          });
        for (const [index, requested] of items.entries()) {
          let item = requested;
          const found = await findOffer(trx, item.offerListingId);
          if (!found || found.marketplace_id !== marketplaceId) {
            throw new LineRefused({
              code: 'offer_not_found',
              message: `no offer ${item.offerListingId} in this marketplace`,
              field: `items.${index}.offerListingId`,
            });
          }
          let offer = found;
          if (offer.condition_type === 'LIGHTNING_DEAL') {
            throw new LineRefused({
              code: 'deal_claim_required',
              message: `offer ${offer.id} is a lightning deal; claim it to add it to the cart`,
              field: `items.${index}.offerListingId`,
            });
          }
          // Fresh and retail carts never mix (decision 0023): a grocery item goes to the fresh cart only.
          if (cartType === 'RETAIL' && (await isGroceryProduct(trx, offer.asin))) {
            throw new LineRefused({
              code: 'grocery_item',
              message: `asin ${offer.asin} is sold by grocery stores; add it to the fresh cart`,
              field: `items.${index}.asin`,
            });
          }
          // Business prices are for business customers only (decision 0022).
          if (
            !offerVisibleTo(offer.condition_type, false) &&
            !(owner.type === 'customer' && (await isBusinessCustomer(trx, owner.id)))
          ) {
            throw new LineRefused({
              code: 'business_customers_only',
              message: `offer ${offer.id} is sold to business customers only`,
              field: `items.${index}.offerListingId`,
            });
          }
          let association = associatedLine(
            item.additionalParameters?.itemAssociation?.associatedItemId ?? null,
            added,
            lines,
          );
          const devices = await findPlanDevices(trx, offer.asin);
          if (devices.length > 0) {
            // A protection plan goes with a device line (decision 0014): the one it names, else (the deals
            // upsell form names none) the cart's line of a device it covers, one with room first.
            const plansOf = (deviceId: string) =>
              lines
                .filter((l) => l.offer_id === offer.id && l.associated_item_id === deviceId)
                .reduce((sum, l) => sum + l.quantity, 0);
            const candidates = lines.filter(
              (l) =>
                devices.includes(l.asin) &&
                (association === null ? l.associated_item_id === null : l.id === association),
            );
            const device = candidates.find((l) => plansOf(l.id) < l.quantity) ?? candidates[0];
            if (device) item = { ...item, quantity: coverage(item.quantity, device, plansOf(device.id)) };
            const problem = checkPlanQuantity({
              planAsin: offer.asin,
              deviceQuantity: device?.quantity ?? null,
              plansHeld: device ? plansOf(device.id) : 0,
              adding: item.quantity,
            });
            if (problem || !device) {
              throw new LineRefused({
                code: problem?.code ?? 'plan_without_device',
                message: problem?.message ?? `protection plan ${offer.asin} needs its device in the cart`,
                field: `items.${index}.quantity`,
              });
            }
            association = device.id;
          } else {
            const serviceDevices = await findServiceDevices(trx, offer.asin);
            if (serviceDevices.length > 0 && shopperZip !== null) {
              // One ZIP, one offer (decision 0041): the service is sold at the offer serving the shopper's
              // delivery ZIP, whatever offer the page sent: the one sent when it serves the ZIP, else the winner.
              const serving = await serviceOfferAt(trx, marketplaceId, offer.asin, offer.id, shopperZip);
              if (!serving) {
                throw new LineRefused({
                  code: 'service_not_offered',
                  message: `service ${offer.asin} is not offered at ZIP code ${shopperZip}`,
                  field: `items.${index}.offerListingId`,
                });
              }
              if (serving !== offer.id) {
                offer = (await findOffer(trx, serving)) ?? offer;
                item = { ...item, offerListingId: offer.id };
              }
            }
            if (serviceDevices.length > 0) {
              // An add-on service is a child of its device (decision 0018): the line it names, else a line of a
              // device that offers it, one with room first; never more of it than of the device.
              const held = (deviceId: string) =>
                lines
                  .filter((l) => l.asin === offer.asin && l.associated_item_id === deviceId)
                  .reduce((sum, l) => sum + l.quantity, 0);
              const device = deviceLineFor(lines, serviceDevices, association, held);
              if (device) item = { ...item, quantity: coverage(item.quantity, device, held(device.id)) };
              const problem = checkServiceQuantity({
                serviceAsin: offer.asin,
                deviceQuantity: device?.quantity ?? null,
                held: device ? held(device.id) : 0,
                adding: item.quantity,
              });
              if (problem || !device) {
                throw new LineRefused({
                  code: problem?.code ?? 'service_without_device',
                  message: problem?.message ?? `service ${offer.asin} needs its device in the cart`,
                  field: `items.${index}.quantity`,
                });
              }
              association = device.id;
            }
          }
          const held = lines.filter((l) => l.offer_id === offer.id).reduce((sum, l) => sum + l.quantity, 0);
          const problem = checkCartLine(
            {
              asin: offer.asin,
              buyable: offer.buyable === 1,
              stock: offer.stock,
              minOrderQuantity: offer.min_order_quantity,
              maxOrderQuantity: offer.max_order_quantity,
            },
            item.asin,
            held + item.quantity,
          );
          if (problem) {
            throw new LineRefused({
              ...problem,
              field: `items.${index}.${problem.field}`,
            });
          }
          const stored = item.additionalParameters?.itemAssociation
            ? {
                ...item.additionalParameters,
                itemAssociation: {
                  ...item.additionalParameters.itemAssociation,
                  associatedItemId: association ?? '',
                },
              }
            : item.additionalParameters;
          const parameters = stored ?? null;
          const customs = item.customAttributes?.length ? item.customAttributes : null;
          const same = lines.find((l) => l.offer_id === offer.id && l.associated_item_id === association);
          if (same) {
            same.quantity += item.quantity;
            same.additional_parameters = parameters ?? same.additional_parameters;
            same.custom_attributes = customs ?? same.custom_attributes;
            await updateCartLine(trx, same.id, same);
            unitsAdded.set(same.id, (unitsAdded.get(same.id) ?? 0) + item.quantity);
            added.push({ id: same.id, asin: offer.asin, offerListingId: offer.id, quantity: same.quantity });
          } else {
            const line = {
              id: newCartItemId(),
              cart_id: cartId,
              asin: offer.asin,
              offer_id: offer.id,
              quantity: item.quantity,
              additional_parameters: parameters,
              custom_attributes: customs,
              associated_item_id: association,
              added_at: now,
            };
            await insertCartLine(trx, line);
            if (association === null) await adoptAccessories(trx, lines, offer.asin, line.id);
            lines.push(line);
            unitsAdded.set(line.id, item.quantity);
            added.push({ id: line.id, asin: offer.asin, offerListingId: offer.id, quantity: line.quantity });
          }
        }
        const count = await countCartUnits(trx, owner, marketplaceId, ['RETAIL', 'FRESH']);
        return { ok: true as const, items: added, count };
      }),
    );
  } catch (error) {
    if (error instanceof LineRefused) return { ok: false, refusal: error.refusal };
    throw error;
  }
}
