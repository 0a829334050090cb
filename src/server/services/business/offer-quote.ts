import { BUSINESS_ONLY_TYPES } from '../../../domain/business/business-offers';
import {
  explainPrice,
  ladderMessage,
  nextTierLadder,
  type PriceExplanation,
  type QuantityLadder,
} from '../../../domain/business/quantity-quote';
import {
  displayUnitMinor,
  lineTotalMinor,
  type Tier,
  unitPriceScaledFor,
} from '../../../domain/pricing/quantity-pricing';
import { MAX_QUANTITY } from '../../../domain/quantity/free-quantity';
import type { PriceExplanationView } from '../../../shared/contracts/products';
import type { Marketplace } from '../../../shared/marketplaces';
import { type Price, toPrice } from '../../../shared/money/price-format';
import type { OfferRow } from '../../db/schema';

/** What `quantity` units of one offer cost and allow: the numbers the page, the product call and the cart share. */
export type OfferQuote = {
  quantity: number;
  unitScaled: number;
  unitPriceMinor: number;
  lineTotalMinor: number;
  /** Stock, buyable and the order limits allow the quantity. */
  canServe: boolean;
  ladder: QuantityLadder | null;
  explanation: PriceExplanation;
};

/** The most of an offer one order may hold: its limit, its stock and 999. */
export function maxOrderable(offer: OfferRow): number {
  return Math.min(offer.max_order_quantity ?? MAX_QUANTITY, MAX_QUANTITY, offer.stock);
}

/** Prices `quantity` units of an offer exactly as priceCartLines prices the cart line, with its ladder and explanation. */
export function quoteOffer(
  offer: OfferRow,
  tiers: readonly Tier[],
  quantity: number,
  coupon: { description: string; amountMinor: number } | null,
): OfferQuote {
  const unitScaled = unitPriceScaledFor(offer.price_minor, tiers, quantity);
  const pricing = {
    basePriceMinor: offer.price_minor,
    listPriceMinor: offer.list_price_minor,
    tiers,
    businessPrice: BUSINESS_ONLY_TYPES.has(offer.condition_type),
  };
  return {
    quantity,
    unitScaled,
    unitPriceMinor: displayUnitMinor(unitScaled),
    lineTotalMinor: lineTotalMinor(unitScaled, quantity),
    canServe:
      offer.buyable === 1 &&
      quantity <= offer.stock &&
      quantity >= offer.min_order_quantity &&
      quantity <= Math.min(offer.max_order_quantity ?? MAX_QUANTITY, MAX_QUANTITY),
    ladder: nextTierLadder(pricing, quantity, maxOrderable(offer)),
    explanation: explainPrice(pricing, quantity, coupon),
  };
}

/** What a read that quotes no quantity shows of an offer's price: quoteOffer's unit price, nothing else. */
export type UnitQuote = Pick<OfferQuote, 'quantity' | 'unitPriceMinor'>;

/** quoteOffer's quantity and unit price without its ladder and explanation (the product read). */
export function unitQuote(offer: OfferRow, tiers: readonly Tier[], quantity: number): UnitQuote {
  return {
    quantity,
    unitPriceMinor: displayUnitMinor(unitPriceScaledFor(offer.price_minor, tiers, quantity)),
  };
}

/** The quote's parts as the product call and the page show them (display strings in the marketplace's format). */
export function quoteViews(quote: OfferQuote, currency: string, marketplace: Marketplace) {
  const money = (minor: number): Price => toPrice(minor, currency, marketplace.priceFormat);
  const explanation: PriceExplanationView = {
    quantity: quote.quantity,
    rows: quote.explanation.rows.map((row) => ({
      kind: row.kind,
      label: row.label,
      amount: money(Math.abs(row.amountMinor)),
      deduction: row.amountMinor < 0,
    })),
    lineTotal: money(quote.explanation.lineTotalMinor),
    total: money(quote.explanation.totalMinor),
  };
  const ladder = quote.ladder
    ? {
        quantity: quote.ladder.quantity,
        moreUnits: quote.ladder.moreUnits,
        unitPrice: money(quote.ladder.unitPriceMinor),
        savings: money(quote.ladder.savingsMinor),
        message: ladderMessage(
          quote.ladder.moreUnits,
          money(quote.ladder.unitPriceMinor).displayString,
          money(quote.ladder.savingsMinor).displayString,
        ),
      }
    : null;
  return {
    quantityPrice: {
      quantity: quote.quantity,
      unitPrice: money(quote.unitPriceMinor),
      total: money(quote.lineTotalMinor),
    },
    ladder,
    explanation,
  };
}
