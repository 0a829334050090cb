import { type BuyBoxKind, preferredBuyingOption } from '../../../domain/business/business-offers';
import type { BusinessOptionView } from '../../../shared/contracts/business';
import type { ProductResponse } from '../../../shared/contracts/products';

/** What a business buy box shows of its buying option for the current quantity. */
export type BoxQuote = Omit<BusinessOptionView, 'buyingOptionIndex' | 'listPrice'> & {
  buyingOptionIndex: number | null;
};

/** The buying option types a box asks the product call for (BIZ-060; a custom offer box falls back). */
export function boxTypes(box: BuyBoxKind): string[] {
  if (box === 'customOffer') return ['CUSTOM_OFFER', 'NEW', 'B2B_NEW'];
  if (box === 'b2bRd') return ['B2B_RD'];
  return ['NEW', 'B2B_NEW'];
}

/**
 * The option a box offers in a product call's answer for a quantity (BIZ-060), as the box shows it;
 * null when the answer has none of the box's types (BIZ-053: unavailable).
 */
export function quoteFromAnswer(answer: ProductResponse, box: BuyBoxKind): BoxQuote | null {
  const candidates = answer.entity.buyingOptions.flatMap((option) => {
    const { quantityPrice, priceExplanation } = option;
    if (!quantityPrice || !priceExplanation) return [];
    const available = option.availability ? option.availability.type !== 'OUT_OF_STOCK' : true;
    return [
      {
        option,
        quantityPrice,
        priceExplanation,
        type: option.type,
        // Line totals of the same quantity order the options exactly as their unit prices do.
        unitScaled: Math.round(quantityPrice.total.amount * 10_000),
        canServe: available,
      },
    ];
  });
  const pick = preferredBuyingOption(candidates, box);
  if (!pick) return null;
  const { option } = pick;
  return {
    type: option.type,
    offerListingId: option.offerListingId,
    merchant: option.merchant,
    buyingOptionIndex: null,
    quantityPrice: pick.quantityPrice,
    ladder: option.quantityLadder ?? null,
    explanation: pick.priceExplanation,
    available: pick.canServe,
    availability: option.availability?.displayString ?? '',
    minOrderQuantity: option.quantity?.minOrderQuantity ?? 1,
    maxOrderQuantity: option.quantity?.maxOrderQuantity ?? 999,
  };
}
