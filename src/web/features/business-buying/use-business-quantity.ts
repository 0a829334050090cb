import { useRef, useState } from 'react';
import type { BuyBoxKind } from '../../../domain/business/business-offers';
import {
  availableAfterCheck,
  pickerReloadUrl,
  type QuantityCheck,
  quantityCallParamsMissing,
  refreshNeeded,
} from '../../../domain/business/quantity-check';
import { TYPING_THROTTLE_MS } from '../../../shared/business-constants';
import type { BusinessBuyingView } from '../../../shared/contracts/business';
import { getProductCall, quantityCheckUrl } from '../../api/business-api';
import { AsyncCache } from './async-cache';
import { type BoxQuote, boxTypes, quoteFromAnswer } from './box-quote';
import { useThrottle } from './use-throttle';

type CheckResult = { quote: BoxQuote | null };

// One cache per page: a quantity checked while typing is not asked for again when it is applied (BIZ-021).
const checks = new AsyncCache<CheckResult>();

/** A typed quantity's check: whether it is available and what the box offers for it (null: the check failed). */
export type Draft = { quantity: number; available: boolean; quote: BoxQuote | null };

export type BusinessPage = {
  marketplaceId: string;
  asin: string;
  language: string;
  currency: string;
};

const asCheck = (quote: BoxQuote | null): QuantityCheck => ({
  available: quote ? quote.available : null,
  priceText: quote?.quantityPrice.unitPrice.displayString ?? null,
  buyingOptionType: quote?.type ?? null,
});

/**
 * The business boxes' shared quantity and what each box offers for it. Applying a quantity in one box
 * sets every box's (BIZ-029); that box's refresh check reloads the page for the new quantity when the
 * price or buying option changes, or on an error (BIZ-017..019), else updates in place; the other
 * boxes recheck their availability. Typed quantities are checked at most every 500 ms (BIZ-042).
 */
export function useBusinessQuantity(view: BusinessBuyingView, page: BusinessPage) {
  const boxes = view.boxes.map((b) => b.settings.buyingOptionStereotype);
  const [quantity, setQuantity] = useState(view.quantity);
  const [quotes, setQuotes] = useState<Partial<Record<BuyBoxKind, BoxQuote | null>>>(() =>
    Object.fromEntries(view.boxes.map((b) => [b.settings.buyingOptionStereotype, b.option])),
  );
  const [drafts, setDrafts] = useState<Partial<Record<BuyBoxKind, Draft>>>({});
  // What each box's text holds while the shopper types, before it is applied (null: nothing pending).
  const [typed, setTyped] = useState<Partial<Record<BuyBoxKind, number>>>({});
  const [checking, setChecking] = useState(false);
  const initial = Object.fromEntries(
    view.boxes.map((b) => [b.settings.buyingOptionStereotype, asCheck(b.option)]),
  ) as Record<BuyBoxKind, QuantityCheck>;

  const check = (box: BuyBoxKind, q: number): Promise<CheckResult> =>
    checks.get(`${page.asin}|${box}|${q}`, async () => {
      if (quantityCallParamsMissing(page)) throw new Error('the picker has no ajax params');
      const result = await getProductCall(
        quantityCheckUrl(page.marketplaceId, page.asin, q, boxTypes(box)),
        page,
      );
      if (!result.ok) throw new Error(`quantity check failed with ${result.status}`);
      return { quote: quoteFromAnswer(result.answer, box) };
    });

  // Only the latest typed quantity's answer counts: an older check that answers later is dropped.
  const latestDraft = useRef<Partial<Record<BuyBoxKind, number>>>({});
  const draftCheck = useThrottle((box: BuyBoxKind, q: number) => {
    void check(box, q)
      .then((result) => ({
        available: availableAfterCheck({ available: result.quote?.available ?? false }),
        quote: result.quote,
      }))
      // BIZ-055: a check that failed counts as available.
      .catch(() => ({ available: availableAfterCheck('error'), quote: null }))
      .then(({ available, quote }) => {
        if (latestDraft.current[box] !== q) return;
        setDrafts((all) => ({ ...all, [box]: { quantity: q, available, quote } }));
      });
  }, TYPING_THROTTLE_MS);

  const commit = async (origin: BuyBoxKind, q: number) => {
    latestDraft.current = {};
    setQuantity(q);
    setDrafts({});
    setTyped({});
    setChecking(true);
    let outcome: CheckResult | 'error';
    try {
      outcome = await check(origin, q);
    } catch {
      outcome = 'error';
    }
    if (refreshNeeded(initial[origin], outcome === 'error' ? 'error' : asCheck(outcome.quote))) {
      // The UI stays disabled while the page reloads for the new quantity.
      const anchor = `#${view.boxes.find((b) => b.settings.buyingOptionStereotype === origin)?.settings.buyBoxId ?? ''}`;
      window.location.assign(
        pickerReloadUrl(window.location.href, q, { mobile: view.device !== 'desktop', anchor }),
      );
      return;
    }
    const updates: Partial<Record<BuyBoxKind, BoxQuote | null>> = {};
    if (outcome !== 'error') updates[origin] = outcome.quote;
    await Promise.all(
      boxes
        .filter((box) => box !== origin)
        .map((box) =>
          check(box, q)
            .then((result) => {
              updates[box] = result.quote;
            })
            .catch(() => undefined),
        ),
    );
    setQuotes((all) => {
      const next = { ...all };
      for (const [box, quote] of Object.entries(updates) as [BuyBoxKind, BoxQuote | null][]) {
        const before = all[box];
        // The same buying option keeps its place among the product's options (the deep check names it).
        next[box] =
          quote && before && before.offerListingId === quote.offerListingId
            ? { ...quote, buyingOptionIndex: before.buyingOptionIndex }
            : quote;
      }
      return next;
    });
    setChecking(false);
  };

  return {
    quantity,
    checking,
    quoteOf: (box: BuyBoxKind) => quotes[box] ?? null,
    draftOf: (box: BuyBoxKind) => drafts[box] ?? null,
    /** The quantity typed in a box and not applied yet, or null. */
    typedOf: (box: BuyBoxKind) => typed[box] ?? null,
    /** The shopper typed `q` (null: the text was emptied or went back to the applied quantity). */
    draft: (box: BuyBoxKind, q: number | null) => {
      setTyped((all) => {
        const next = { ...all };
        if (q === null) delete next[box];
        else next[box] = q;
        return next;
      });
      if (q === null) {
        delete latestDraft.current[box];
        return;
      }
      latestDraft.current[box] = q;
      draftCheck(box, q);
    },
    /** What a box offers for `q` (null: nothing), from the same cached check; 'error' when it failed. */
    quoteFor: (box: BuyBoxKind, q: number): Promise<BoxQuote | null | 'error'> =>
      check(box, q)
        .then((result) => result.quote)
        .catch(() => 'error' as const),
    commit: (box: BuyBoxKind, q: number) => void commit(box, q),
  };
}
