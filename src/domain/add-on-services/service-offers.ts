// Which offer of a service a shopper gets (VAS-008, VAS-009): offers vary by postal code and merchant.

export type ServiceOfferCandidate = {
  offerId: string;
  merchantId: string;
  priceMinor: number;
  buyable: boolean;
  fulfillmentType: string;
};

export type WinningServiceOffer<C extends ServiceOfferCandidate> = {
  offer: C;
  /** The lowest price of the service for this postal code. */
  winningServiceMinPrice: number;
  /** The next higher price another offer asks, or null when there is none. */
  nextOfferPrice: number | null;
};

/**
 * The offer a shopper is shown among those serving their postal code: the cheapest buyable one (then
 * by id, so the choice is stable), optionally only one merchant's. Null when none serves them.
 */
export function winningServiceOffer<C extends ServiceOfferCandidate>(
  candidates: readonly C[],
  merchantId?: string | null,
): WinningServiceOffer<C> | null {
  const usable = candidates
    .filter((c) => c.buyable && (!merchantId || c.merchantId === merchantId))
    .sort((a, b) => a.priceMinor - b.priceMinor || a.offerId.localeCompare(b.offerId));
  const [offer] = usable;
  if (!offer) return null;
  const next = usable.find((c) => c.priceMinor > offer.priceMinor);
  return { offer, winningServiceMinPrice: offer.priceMinor, nextOfferPrice: next?.priceMinor ?? null };
}

/** VAS-009: an `in_store` offer is delivered to a store for pick-up (ship-to-store). */
export const isShipToStore = (fulfillmentType: string) => fulfillmentType === 'in_store';

/** How the page names a fulfillment type. */
export function fulfillmentLabel(fulfillmentType: string): string {
  switch (fulfillmentType) {
    case 'in_store':
      return 'Ship to store: pick up and book your appointment at the store';
    case 'in_home':
      return 'In your home: a technician comes to you';
    default:
      return 'Online: activated by email';
  }
}
