// The add-to-cart form's field names (S1 §7, CART-024): the names the page writes into the buy box
// form. Kept apart from the payload and the form reader (add-to-cart-form.ts), so the page's server
// markup needs only these few constants in its first-load script.
import type { BuyBoxItems } from './buy-box-items';

/** The buy box form's own fields for the page item and its choices. */
export const BUY_BOX_FIELDS = {
  asin: 'ASIN',
  offerListingId: 'offerListingID',
  quantity: 'quantity',
  giftWrap: 'gift-wrap',
  preregistration: 'device-preregistration',
  installments: 'installments-check',
} as const;

/** The buy box's submit buttons, by the name each posts. */
export const PURCHASE_BUTTONS = {
  addToCart: 'submit.add-to-cart',
  buyNow: 'submit.buy-now',
  oneClick: 'submit.one-click',
} as const;

/** CART-024: item i's fields (i counts from 1). */
export const itemFieldNames = (i: number) => ({
  asin: `asin.${i}`,
  offerListingId: `offeringID.${i}`,
  quantity: `quantity.${i}`,
});

/** CART-024: the extra-data form fields of item n's m-th attribute. */
const customAttributeFieldNames = (n: number, m: number) => ({
  name: `custom-name.${n}.${m}`,
  value: `custom-value.${n}.${m}`,
});

/**
 * The form fields of the upsells for the buy box form (asin.{i}, offeringID.{i}, quantity.{i} and
 * custom-name/custom-value.{i}.{m}); i counts from 1 over the upsells.
 */
export function upsellFormFields(items: BuyBoxItems): [string, string][] {
  return items.slice(1).flatMap((item, index) => {
    const names = itemFieldNames(index + 1);
    const fields: [string, string][] = [
      [names.asin, item.asin],
      [names.offerListingId, item.offerId],
      [names.quantity, String(item.quantity)],
    ];
    if (item.customAttribute) {
      const custom = customAttributeFieldNames(index + 1, 1);
      fields.push([custom.name, item.customAttribute.name], [custom.value, item.customAttribute.value]);
    }
    return fields;
  });
}
