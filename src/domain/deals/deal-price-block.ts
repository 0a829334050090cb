import type { PriceDto } from '../../shared/contracts/common';
import type { DealDetails } from '../../shared/contracts/deals';

/** The product page's price block: one price, its saving, and the price the saving is measured from. */
export type PriceBlock = {
  price: PriceDto;
  savingsPercent: number;
  basis: { label: 'List Price:' | 'Typical price:'; price: PriceDto } | null;
  deal: boolean;
  /** A Prime-only deal's price the shopper cannot claim without Prime, shown as the Prime price (decision 0045). */
  primePrice: PriceDto | null;
};

type RegularOffer = { price: PriceDto; listPrice: PriceDto | null; savingsPercent: number };

/**
 * What the price block shows (decision 0016): while a deal is live (running, even fully claimed) the
 * deal price and its saving against the deal's own basis, exactly as the deal box shows them, so the
 * page never shows two prices for one item; otherwise the regular offer against its list price.
 * A Prime-only deal seen without the Prime savings benefit is not a price the shopper can pay: the
 * regular offer is the headline and the deal's price is named as the Prime price (decision 0045).
 */
export function priceBlockFor(
  offer: RegularOffer | null,
  deal: DealDetails | null,
  shopper: { hasPrimeSavingsBenefit: boolean } = { hasPrimeSavingsBenefit: true },
): PriceBlock | null {
  const live = deal && (deal.state === 'AVAILABLE' || deal.state === 'WAITLISTFULL');
  const primeOnly = live && deal.accessBehavior === 'PRIME_ONLY' && !shopper.hasPrimeSavingsBenefit;
  if (live && !(primeOnly && offer)) {
    return {
      price: deal.dealPrice,
      savingsPercent: deal.savings?.percentage ?? 0,
      basis: deal.basisPrice ? { label: 'Typical price:', price: deal.basisPrice } : null,
      deal: true,
      primePrice: null,
    };
  }
  if (!offer) return null;
  return {
    price: offer.price,
    savingsPercent: offer.savingsPercent,
    basis: offer.listPrice ? { label: 'List Price:', price: offer.listPrice } : null,
    deal: false,
    primePrice: primeOnly ? deal.dealPrice : null,
  };
}
