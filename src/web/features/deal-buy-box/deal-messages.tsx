import type { RefObject } from 'react';
import type { DealMachineState } from '../../../domain/deals/deal-machine';
import type { DealView } from '../../../domain/deals/deal-view';
import { signInUrl } from '../../../shared/sign-in-url';
import type { useDealWarranty } from './use-deal-warranty';

const HEADER_MESSAGES: Record<
  NonNullable<DealView['header']>,
  { kind: 'success' | 'info' | 'error'; text: string }
> = {
  'in-cart': { kind: 'success', text: 'Added to cart. This deal is in your cart.' },
  pending: { kind: 'info', text: "You're on the waitlist for this deal." },
  claimed: { kind: 'success', text: 'You claimed this deal.' },
  'waitlist-full': { kind: 'info', text: 'This deal is fully claimed and its waitlist is full.' },
  unavailable: { kind: 'error', text: 'This deal is no longer available.' },
};

/**
 * The deal box's messages: the changeover notice (DEAL-033), the claim's outcome, the warranty's and
 * the failures. The message area takes focus when a claim answers, so it is announced.
 */
export function DealMessages({
  view,
  deal,
  plan,
  messageRef,
}: {
  view: DealView;
  deal: DealMachineState['deal'];
  plan: ReturnType<typeof useDealWarranty>;
  messageRef: RefObject<HTMLDivElement | null>;
}) {
  const header = view.header ? HEADER_MESSAGES[view.header] : null;
  return (
    <>
      {/* DEAL-033: a live region that is always there, so the message is announced; CSS fades it in
          over 400 ms and out over 800 ms after 2000 ms. */}
      <div className="deal-box__changeover-region" role="status">
        {view.changeover ? (
          <p className="deal-box__changeover" key={view.changeover.shownAt}>
            {view.changeover.message}
          </p>
        ) : null}
      </div>
      <div className="deal-box__messages" ref={messageRef} tabIndex={-1} aria-live="polite">
        {header ? (
          <p className={`alert alert--${header.kind} deal-box__header`}>
            {header.text}
            {view.header === 'pending' && deal.customer.waitlistPosition ? (
              <> You are number {deal.customer.waitlistPosition} in line.</>
            ) : null}
            {view.header === 'in-cart' ? (
              <>
                {' '}
                <a href="/gp/cart/view.html">Go to cart</a>
              </>
            ) : null}
          </p>
        ) : null}
        {view.processing ? (
          <p className="deal-box__processing">
            <span className="spinner" aria-hidden="true" /> Processing your deal…
          </p>
        ) : null}
        {plan.warranty && plan.status === 'added' ? (
          <p className="alert alert--success">{`${plan.warranty.title} added to your cart.`}</p>
        ) : null}
        {plan.warranty && plan.status === 'failed' ? (
          <p className="alert alert--error deal-box__warranty-error" role="alert">
            {`We couldn't add ${plan.warranty.title} to your cart. You can add it from the cart page.`}
          </p>
        ) : null}
        {view.failure === 'redemption-failed' ? (
          <p className="alert alert--error" role="alert">
            Redemption failed: we couldn't claim this deal. Please try again.
          </p>
        ) : null}
        {view.failure === 'quantity-limit' ? (
          <p className="alert alert--error" role="alert">
            {`You've reached the limit for this ${deal.accessBehavior === 'PRIME_ONLY' ? 'Prime-only ' : ''}deal: ${deal.maxPerCustomer} per customer.`}
          </p>
        ) : null}
      </div>
    </>
  );
}

/**
 * The Prime notes: early access (for members or not) and Prime-only deals (DEAL-025). A signed-out
 * shopper may have Prime on another account, so they are asked to sign in; a signed-in shopper without
 * Prime is told what they can do instead: buy at the regular price when the page has a regular offer.
 */
export function DealPrimeNotes({
  view,
  asin,
  signedIn,
  regularPrice,
}: {
  view: DealView;
  asin: string;
  signedIn: boolean;
  regularPrice: string | null;
}) {
  return (
    <>
      {view.primeEarlyAccess === 'member' ? (
        <p className="deal-box__prime">
          <span className="deal-box__prime-mark">prime</span> Early access: you can claim this deal before it
          opens to everyone.
        </p>
      ) : view.primeEarlyAccess === 'non-member' ? (
        <p className="deal-box__prime">
          <span className="deal-box__prime-mark">prime</span> Prime members have early access to this deal. It
          opens to everyone when the countdown ends.
        </p>
      ) : null}
      {view.primeOnly && !signedIn ? (
        <p className="deal-box__prime">
          <span className="deal-box__prime-mark">prime</span> This deal is for Prime members only.{' '}
          <a href={signInUrl(`/dp/${asin}`)}>Sign in</a> with a Prime account to claim it.
        </p>
      ) : view.primeOnly ? (
        <p className="deal-box__prime">
          <span className="deal-box__prime-mark">prime</span> This deal is for Prime members only.{' '}
          {regularPrice
            ? `Your account doesn't have Prime, but you can still buy this item at its regular price of ${regularPrice}: choose "Buy new" below.`
            : "Your account doesn't have Prime, so this deal can't be claimed with it."}
        </p>
      ) : null}
    </>
  );
}
