// The cart API items of a buy box (S1 §5, §7, §8): what the page builds as the shopper chooses. The
// request's own checks (cart-request.ts) are needed only when a press sends it, in its own chunk.
import type { AdditionalParameters, CartApiItem } from '../../shared/contracts/cart';
import type { BuyBoxItem, BuyBoxItems } from './buy-box-items';

/** CART-029: how an upsell line is tied to the page item it was bought with. */
export type ItemAssociation = NonNullable<AdditionalParameters['itemAssociation']>;

export const associationWith = (associatedItemId: string): ItemAssociation => ({
  associatedItemId,
  renderType: 'renderAll',
  programType: 'AmazonProtect',
  deleteConstraint: { mutuallyInclusive: false },
});

/**
 * The cart API items for the page item and its upsells: the page item first (with its own
 * additional parameters), every upsell associated with the page item by its asin; the server ties
 * the association to the page item's cart line.
 */
export function cartRequestItems(items: BuyBoxItems, pageParameters?: AdditionalParameters): CartApiItem[] {
  const [page, ...rest] = items;
  if (!page) return [];
  const toRequest = (item: BuyBoxItem): CartApiItem => ({
    asin: item.asin,
    offerListingId: item.offerId,
    quantity: item.quantity,
    ...(item.customAttribute ? { customAttributes: [item.customAttribute] } : {}),
  });
  return [
    { ...toRequest(page), ...(pageParameters ? { additionalParameters: pageParameters } : {}) },
    ...rest.map((item) => ({
      ...toRequest(item),
      additionalParameters: { itemAssociation: associationWith(page.asin) },
    })),
  ];
}
