import { useCallback, useRef, useState } from 'react';
import { afterFreshAdd, freshFailureAction } from '../../../domain/grocery/fresh-cart';
import { fallbackModal } from '../../../domain/grocery/fresh-cart-fallback';
import type { FreshAddError, FreshAddResponse } from '../../../shared/contracts/grocery';
import { GROCERY_METRICS } from '../../../shared/grocery-constants';
import type { FreshAddResult } from '../../api/grocery-api';
import { genericErrorModal } from '../../api/grocery-api';
import { sendMetricEvents } from '../../api/metrics-client';
import type { FreshModal } from './fresh-error-modal';

export type FreshAddHandlers = {
  language: string;
  /** GRO-008: the answer's cart: the stepper syncs to it. */
  onCart: (answer: FreshAddResponse) => void;
  /** GRO-030: a refusal's cart: the stepper syncs to the quantity in the cart. */
  onRefusedCart: (error: FreshAddError) => void;
  /** GRO-008: the count in the header. */
  refreshCount: () => void;
  /** GRO-008: the store introduction sheet from the answer's HTML. */
  showSheet: (html: string) => void;
  navigate: (url: string) => void;
  reload: () => void;
};

/**
 * One fresh add at a time (GRO-006..010, GRO-029..036): while it runs its spinner replaces the button
 * and further presses are ignored; success hides any modal, refreshes the count, syncs the stepper and
 * goes where the answer says; failure reloads on a session problem, shows the server's modal on a 400
 * that has one, else the generic modal, else the built-in fallback in the page's language.
 */
export function useFreshAdd(handlers: FreshAddHandlers) {
  const [busy, setBusy] = useState<'cart' | 'order' | 'multi' | null>(null);
  const [modal, setModal] = useState<FreshModal | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const running = useRef(false);
  const latest = useRef(handlers);
  latest.current = handlers;
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);

  /** GRO-029/030: the server's modal, its error code counted, the stepper synced to the cart. */
  const showRefusal = useCallback((error: FreshAddError, kind: string) => {
    if (!error.errorModalHtml) return;
    const code = error.clientResponseModel?.uberCartStatus.errorStatusCode ?? error.error.code;
    sendMetricEvents([
      { schemaId: GROCERY_METRICS.addError, producerId: 'grocery-buy-box', data: { errorCode: code, kind } },
    ]);
    latest.current.onRefusedCart(error);
    setModal({ kind: 'server', html: error.errorModalHtml });
  }, []);

  const run = useCallback(
    async (kind: 'cart' | 'order' | 'multi', request: () => Promise<FreshAddResult>) => {
      if (running.current) return; // GRO-007
      running.current = true;
      setBusy(kind);
      const h = latest.current;
      try {
        const result = await request();
        if (result.ok) {
          setModal(null);
          h.onCart(result.answer);
          h.refreshCount();
          const next = afterFreshAdd(result.answer);
          if (next.kind === 'ordering-service') {
            setNotice('Added to your order. Opening your order…');
            redirect.current = setTimeout(() => latest.current.navigate(next.url), next.delayMs);
          } else if (next.kind === 'storefront') h.navigate(next.url);
          else if (next.kind === 'store-sheet') h.showSheet(next.html);
          else if (next.kind === 'reload') h.reload();
          else setNotice(kind === 'multi' ? 'Added to your fresh cart.' : null);
          return;
        }
        const action = freshFailureAction(result.status, Boolean(result.refusal?.errorModalHtml));
        if (action === 'reload') {
          h.reload();
          return;
        }
        const modalKind = kind === 'order' ? 'order' : 'cart';
        if (action === 'server-modal' && result.refusal) {
          showRefusal(result.refusal, kind);
          return;
        }
        const generic = await genericErrorModal(modalKind, h.language);
        setModal(
          generic.ok
            ? { kind: 'server', html: generic.answer.errorModalHtml }
            : { kind: 'fallback', ...fallbackModal(h.language, modalKind) },
        );
      } finally {
        running.current = false;
        setBusy(null); // GRO-010
      }
    },
    [showRefusal],
  );

  return {
    busy,
    modal,
    notice,
    run,
    showRefusal,
    /** GRO-036: closing the modal refreshes the cart. */
    closeModal: () => {
      setModal(null);
      latest.current.refreshCount();
    },
  };
}
