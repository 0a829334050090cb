import type { Kysely } from 'kysely';
import { accessoryOrderQuantity } from '../../../domain/accessories/accessories';
import { parseAddToCartForm } from '../../../domain/cart/add-to-cart-form';
import { associationWith } from '../../../domain/cart/cart-request';
import type { CartApiItem } from '../../../shared/contracts/cart';
import { findAccessoryProducts, findProductAccessories } from '../../db/repositories/accessory-repository';
import type { Database } from '../../db/schema';

type Upsells = { ok: true; items: CartApiItem[] } | { ok: false; message: string };

const ACCESSORY_FIELD = /^accessory\.(\d{1,2})$/;

/**
 * The accessory upsells posted with the buy box form, each associated with the page item. With
 * JavaScript the page sends asin.{i}/offeringID.{i}/quantity.{i} (and custom-name/value.{i}.{m});
 * before it, a ticked row sends accessory.{slot}={asin}, which is read against the product's own
 * accessories, at the page quantity within the accessory's limit (ACC-006, ACC-020).
 */
export async function buyBoxUpsells(
  db: Kysely<Database>,
  marketplaceId: string,
  form: Record<string, unknown>,
): Promise<Upsells> {
  const page = String(form.ASIN);
  const association = { itemAssociation: associationWith(page) };
  if (Object.keys(form).some((key) => /^asin\.\d+$/.test(key))) {
    const parsed = parseAddToCartForm(form);
    if (!parsed.ok) return { ok: false, message: 'One of the chosen accessories could not be read.' };
    return {
      ok: true,
      items: parsed.items.map((upsell) => ({
        asin: upsell.asin,
        offerListingId: upsell.offerListingId,
        quantity: upsell.quantity,
        customAttributes: upsell.customAttributes,
        additionalParameters: association,
      })),
    };
  }
  const ticked = Object.entries(form).flatMap(([key, value]) => {
    const match = ACCESSORY_FIELD.exec(key);
    return match && typeof value === 'string' ? [{ slot: Number(match[1]), asin: value }] : [];
  });
  if (ticked.length === 0) return { ok: true, items: [] };
  const block = await findProductAccessories(db, page);
  const offers = await findAccessoryProducts(
    db,
    ticked.map((t) => t.asin),
    marketplaceId,
  );
  const pageQuantity = Number(form.quantity) || 1;
  const items: CartApiItem[] = [];
  for (const { slot, asin } of ticked) {
    const configured = block?.slots[slot - 1];
    const offer = offers.get(asin);
    if (!configured?.variations.includes(asin) || !offer) {
      return { ok: false, message: 'One of the chosen accessories is no longer available.' };
    }
    items.push({
      asin,
      offerListingId: offer.offer_id,
      quantity: accessoryOrderQuantity(pageQuantity, offer.max_order_quantity),
      ...(configured.customAttribute ? { customAttributes: [configured.customAttribute] } : {}),
      additionalParameters: association,
    });
  }
  return { ok: true, items };
}
