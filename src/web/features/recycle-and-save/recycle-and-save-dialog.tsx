import { useEffect, useRef, useState } from 'react';
import type { RecycleAndSaveView } from '../../../shared/contracts/recycle-and-save';
import { METRIC_SCHEMAS } from '../../../shared/metric-schemas';
import { signInUrl } from '../../../shared/sign-in-url';
import { RECYCLE_AND_SAVE_MODAL } from '../../../shared/trade-in-constants';
import { sendMetricEvents } from '../../api/metrics-client';
import {
  claimRecycleAndSave,
  fetchRecycleAndSaveView,
  type RecycleAndSaveTarget,
} from '../../api/recycle-and-save-api';
import { Alert } from '../../ui/alert';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { whileBusy } from '../../ui/while-busy';

type Loaded =
  | { state: 'loading' }
  | { state: 'signed-out' }
  | { state: 'failed' }
  | { state: 'ready'; view: RecycleAndSaveView };
type Claim = 'idle' | 'claiming' | 'already-claimed' | 'failed';

export type RecycleAndSaveDialogProps = {
  target: RecycleAndSaveTarget;
  signedIn: boolean;
  onClose: () => void;
  onClaimed: () => void;
};

/** RS-007: a failed claim is counted, with why. */
function countClaimError(reason: string) {
  sendMetricEvents([
    { schemaId: METRIC_SCHEMAS.promoAccessError, producerId: 'recycle_and_save', data: { reason } },
  ]);
}

/**
 * The recycle-and-save modal (RS-002: 929 wide, its view waited for at most 30 s): the promotion and
 * what it saves, and the claim (RS-004..007). Signed out, it asks the shopper to sign in and come back.
 */
export function RecycleAndSaveDialog({ target, signedIn, onClose, onClaimed }: RecycleAndSaveDialogProps) {
  const [loaded, setLoaded] = useState<Loaded>(signedIn ? { state: 'loading' } : { state: 'signed-out' });
  const [claim, setClaim] = useState<Claim>('idle');
  const claimRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    void fetchRecycleAndSaveView(target).then((result) => {
      if (!current) return;
      if (result.ok) setLoaded({ state: 'ready', view: result.answer });
      else setLoaded({ state: result.status === 401 ? 'signed-out' : 'failed' });
    });
    return () => {
      current = false;
    };
  }, [signedIn, target]);

  // The claim button comes with the view: it takes focus then, as it would have at opening.
  const ready = loaded.state === 'ready';
  useEffect(() => {
    if (ready) claimRef.current?.focus();
  }, [ready]);

  const onClaim = async () => {
    if (claim !== 'idle') return;
    setClaim('claiming');
    const result = await claimRecycleAndSave(target);
    if (result.ok && result.answer.claimPromoSuccess) return onClaimed();
    if (result.ok && result.answer.claimPromoFailureReason === 'ALREADY_CLAIMED') {
      return setClaim('already-claimed');
    }
    countClaimError(result.ok ? 'claim_refused' : `http_${result.status}`);
    setClaim('failed');
  };

  const here = () => `${window.location.pathname}${window.location.search}`;
  return (
    <Modal
      open
      onClose={onClose}
      title="Recycle and save"
      width={RECYCLE_AND_SAVE_MODAL.width}
      initialFocusRef={claimRef}
    >
      <div className="rs-dialog" aria-busy={loaded.state === 'loading'}>
        {loaded.state === 'loading' ? <Spinner label="Loading the promotion" /> : null}
        {loaded.state === 'signed-out' ? (
          <p>
            <a href={signInUrl(here())}>Sign in to claim this promotion</a>
          </p>
        ) : null}
        {loaded.state === 'failed' ? (
          <Alert kind="error">We couldn't load this promotion. Please try again later.</Alert>
        ) : null}
        {loaded.state === 'ready' ? (
          <>
            <h3 className="rs-dialog__title">{loaded.view.title}</h3>
            <p>{loaded.view.description}</p>
            <p className="rs-dialog__saving">
              {`You save ${loaded.view.savings.displayString} on one ${loaded.view.productTitle}.`}
            </p>
            <ol className="rs-dialog__steps">
              <li>Claim the discount here: it comes off this item in your cart and at checkout.</li>
              <li>Send us your old device for free recycling within 30 days of your order.</li>
            </ol>
            {/* TI-002: trade-in launched from the promotion; the page's trade-in launch opens it over the
                page (every `data-trade-in-launch` link), the storefront when the page has none. */}
            <p className="rs-dialog__trade-in">
              <a
                href={`/tradein?productGroup=${target.productGroup}`}
                data-trade-in-launch="rs_dp_ti"
                data-product-group={target.productGroup}
                onClick={onClose}
              >
                Trade in a device
              </a>
              {' for store credit instead of recycling it.'}
            </p>
            {claim === 'already-claimed' ? (
              <Alert kind="warning" title="Already claimed">
                You've already claimed this promotion. It comes off this item at checkout.
              </Alert>
            ) : null}
            {claim === 'failed' ? (
              <Alert kind="error">We couldn't claim this promotion. Please try again later.</Alert>
            ) : null}
            {loaded.view.promoAccessState === 'claimed' ? (
              <Alert kind="success">You've claimed this promotion.</Alert>
            ) : (
              <button
                type="button"
                ref={claimRef}
                className="button button--primary rs-dialog__claim"
                disabled={claim !== 'idle' && claim !== 'claiming'}
                {...whileBusy(claim === 'claiming')}
                aria-busy={claim === 'claiming'}
                onClick={onClaim}
              >
                {claim === 'claiming' ? <Spinner label="Claiming" /> : null}
                Claim your discount
              </button>
            )}
          </>
        ) : null}
      </div>
    </Modal>
  );
}

/**
 * RS-008: the note that follows a claim, beside the claimed message; it hides by itself after 10 s,
 * unless the pointer rests on it or focus is in it (then 10 s after it leaves).
 */
export function PromoPopover({ percentOff }: { percentOff: number }) {
  const [shown, setShown] = useState(true);
  const [held, setHeld] = useState(false);
  const noteRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!shown || held) return;
    const timer = setTimeout(() => setShown(false), RECYCLE_AND_SAVE_MODAL.popoverAutoHideMs);
    return () => clearTimeout(timer);
  }, [shown, held]);
  useEffect(() => {
    const note = noteRef.current;
    if (!note) return;
    const hold = () => setHeld(true);
    const release = () => setHeld(false);
    const events = [
      ['mouseenter', hold],
      ['mouseleave', release],
      ['focusin', hold],
      ['focusout', release],
    ] as const;
    for (const [event, handler] of events) note.addEventListener(event, handler);
    return () => {
      for (const [event, handler] of events) note.removeEventListener(event, handler);
    };
  }, []);
  if (!shown) return null;
  return (
    <div className="rs-popover" role="status" ref={noteRef}>
      <p>{`Your ${percentOff}% recycle-and-save discount comes off this item at checkout.`}</p>
      <button type="button" className="rs-popover__close" aria-label="Close" onClick={() => setShown(false)}>
        ×
      </button>
    </div>
  );
}
