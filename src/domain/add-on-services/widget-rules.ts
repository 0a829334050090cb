// Small rules of the widget variants: the bundles carousel's paging (VAS-006), the larger option list's
// seller refresh (VAS-018..020, VAS-051), the service's form fields (VAS-029, VAS-050).
import { SERVICE_QUANTITY } from '../../shared/add-on-services-constants';

/** VAS-006: the carousel's arrows hide at the first and at the last page. */
export function carouselArrows(page: number, pageCount: number): { previous: boolean; next: boolean } {
  return { previous: page > 0, next: page < pageCount - 1 };
}

/** VAS-018: the larger option list refreshes the page parts when the chosen option's seller differs. */
export function sellerRefreshNeeded(
  currentMerchantId: string | null,
  optionMerchantId: string | null,
): boolean {
  return optionMerchantId !== null && optionMerchantId !== currentMerchantId;
}

/**
 * VAS-051: a business customer's option list also refreshes when the page quantity changes (their
 * prices depend on it), with the quantity; a consumer's does not.
 */
export function quantityRefreshNeeded(
  businessCustomer: boolean,
  before: number | null,
  after: number | null,
) {
  return businessCustomer && after !== null && before !== after;
}

/** VAS-029: a service goes into an order one at a time. */
export const serviceQuantity = (): number => SERVICE_QUANTITY;

/**
 * VAS-050: the buy box form's item fields for the chosen services, numbered after the `upsellCount`
 * upsells already in the form: each added service takes the next index (asin.{i}, offeringID.{i},
 * quantity.{i}).
 */
export function serviceFormFields(
  services: readonly { asin: string; offerListingId: string }[],
  upsellCount: number,
): [string, string][] {
  return services.flatMap((service, n) => {
    const i = upsellCount + n + 1;
    return [
      [`asin.${i}`, service.asin],
      [`offeringID.${i}`, service.offerListingId],
      [`quantity.${i}`, String(serviceQuantity())],
    ] as [string, string][];
  });
}
