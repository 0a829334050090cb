// Which buying options a shopper may see and which one each business buy box offers (S2 §3, §9).

const BUYING_OPTION_TYPES = ['NEW', 'B2B_NEW', 'CUSTOM_OFFER', 'B2B_RD'] as const;
export type BusinessBuyingOptionType = (typeof BUYING_OPTION_TYPES)[number];

/** Offer types sold to business customers only; their prices are never shown to anyone else. */
export const BUSINESS_ONLY_TYPES: ReadonlySet<string> = new Set(['B2B_NEW', 'CUSTOM_OFFER', 'B2B_RD']);

/** Whether a shopper may see, price and buy an offer of this type. */
export function offerVisibleTo(conditionType: string, isBusinessCustomer: boolean): boolean {
  return isBusinessCustomer || !BUSINESS_ONLY_TYPES.has(conditionType);
}

export type BuyBoxKind = 'default' | 'customOffer' | 'b2bRd';

/**
 * BIZ-060: the buying option types each business buy box prefers, in order. A custom offer box falls
 * back to the default box's types when the product has no custom offer.
 */
const PREFERRED_BUYING_OPTION_TYPES: Record<
  BuyBoxKind,
  { types: readonly string[]; fallback: BuyBoxKind | null }
> = {
  default: { types: ['NEW', 'B2B_NEW'], fallback: null },
  customOffer: { types: ['CUSTOM_OFFER'], fallback: 'default' },
  b2bRd: { types: ['B2B_RD'], fallback: null },
};

/** The part of a buying option the choice reads: its type and what a quantity of it costs and allows. */
export type CandidateOption = {
  type: string;
  /** Exact unit price for the quantity (1/UNIT_SCALE minor units), comparable across options. */
  unitScaled: number;
  /** Whether it can serve the quantity (stock, buyable, order limits). */
  canServe: boolean;
};

/**
 * The option a buy box offers for a quantity: of its preferred types (else its fallback's), the
 * cheapest one that can serve the quantity; when none can, the cheapest of those types, unavailable;
 * undefined when the product has no option of those types (BIZ-053: unavailable).
 */
export function preferredBuyingOption<O extends CandidateOption>(
  options: readonly O[],
  box: BuyBoxKind,
): O | undefined {
  const preference = PREFERRED_BUYING_OPTION_TYPES[box];
  const ofTypes = options.filter((o) => preference.types.includes(o.type));
  if (ofTypes.length === 0) {
    return preference.fallback ? preferredBuyingOption(options, preference.fallback) : undefined;
  }
  const cheapest = (list: readonly O[]) =>
    list.reduce<O | undefined>((best, o) => (!best || o.unitScaled < best.unitScaled ? o : best), undefined);
  return cheapest(ofTypes.filter((o) => o.canServe)) ?? cheapest(ofTypes);
}

/** The business buy boxes a product's options call for, the default first. */
export function buyBoxesFor(types: readonly string[]): BuyBoxKind[] {
  const boxes: BuyBoxKind[] = [];
  if (types.some((t) => PREFERRED_BUYING_OPTION_TYPES.default.types.includes(t))) boxes.push('default');
  if (types.includes('CUSTOM_OFFER')) boxes.push('customOffer');
  if (types.includes('B2B_RD')) boxes.push('b2bRd');
  return boxes;
}
