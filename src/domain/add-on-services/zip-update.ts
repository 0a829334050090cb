// The interstitial's zip update (VAS-024..027, VAS-038, VAS-039, VAS-049).
import { ENTER_KEY_CODE } from '../../shared/add-on-services-constants';
import { matchesPostalPattern } from './postal-code';

/** What submitting the zip field does: nothing (unchanged), an invalid-zip message, or a refresh call. */
export type ZipSubmit = { kind: 'unchanged' } | { kind: 'invalid' } | { kind: 'refresh'; zip: string };

/** VAS-026, VAS-027: an unchanged zip does nothing; one that fails the page's pattern is invalid. */
export function submitZip(typed: string, current: string | null, pattern: string): ZipSubmit {
  const zip = typed.trim();
  if (current !== null && zip.toUpperCase() === current.trim().toUpperCase()) return { kind: 'unchanged' };
  if (!matchesPostalPattern(zip, pattern)) return { kind: 'invalid' };
  return { kind: 'refresh', zip };
}

/** VAS-049: the key that submits the zip (Enter, key code 13). */
export const isZipSubmitKey = (event: { key?: string; keyCode?: number }) =>
  event.key === 'Enter' || event.keyCode === ENTER_KEY_CODE;

/** One service's entry in the zip refresh answer (VAS-031). */
export type ZipRefreshEntry = {
  hasError: boolean;
  isOfferAvailable?: boolean;
  offerListingId?: string | null;
  merchantId?: string | null;
};

/** VAS-024: the four outcomes of a zip update. */
export type ZipOutcome<E extends ZipRefreshEntry> =
  | { kind: 'invalidZip' }
  | { kind: 'ajaxFail' }
  | { kind: 'noOffer' }
  | { kind: 'offerAvailable'; entry: E };

/**
 * VAS-038: a failed call, or an answer with hasError, is an ajax failure; VAS-039: no offer for the
 * new zip; VAS-025: otherwise the offer is available and its price, merchant and fulfillment show.
 */
export function zipOutcome<E extends ZipRefreshEntry>(
  answer: { ok: true; entries: Record<string, E> } | { ok: false },
  serviceAsin: string,
): ZipOutcome<E> {
  if (!answer.ok) return { kind: 'ajaxFail' };
  const entry = answer.entries[serviceAsin];
  if (!entry || entry.hasError) return { kind: 'ajaxFail' };
  if (entry.isOfferAvailable === false || !entry.offerListingId) return { kind: 'noOffer' };
  return { kind: 'offerAvailable', entry };
}

/** VAS-026, VAS-038: continue is disabled while the zip is invalid or the refresh failed. */
export const continueAllowed = (outcome: ZipOutcome<ZipRefreshEntry> | null) =>
  outcome === null || outcome.kind === 'offerAvailable';

/** The message each outcome shows (null: none). */
export function zipOutcomeMessage(outcome: ZipOutcome<ZipRefreshEntry> | null): string | null {
  switch (outcome?.kind) {
    case 'invalidZip':
      return 'Please enter a valid ZIP code.';
    case 'ajaxFail':
      return 'We could not check that ZIP code right now. Please try again.';
    case 'noOffer':
      return 'This service is not offered at that ZIP code.';
    default:
      return null;
  }
}
