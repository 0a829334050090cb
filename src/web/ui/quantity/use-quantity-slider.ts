import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type GestureState,
  gestureFlush,
  gesturePending,
  gesturePress,
  gestureSettle,
  gestureStart,
} from '../../../domain/quantity/quantity-gesture';
import {
  type SliderModel,
  type SliderRequest,
  type SliderView,
  sliderDecrease,
  sliderIncrease,
  sliderRequest,
  sliderView,
} from '../../../domain/quantity/slider';

/** What a slider request came to: the cart's quantity and line, or a failure (with the cart's quantity when known). */
export type SliderAnswer =
  | { ok: true; quantity: number; cartItemId: string | null }
  | { ok: false; reason: 'refused' | 'invalid' | 'network' | 'session'; inCart?: number };

export type SliderSend = (request: SliderRequest) => Promise<SliderAnswer>;

// SL-009: one request per asin at a time, across every slider of that asin on the page.
const running = new Map<string, Promise<unknown>>();
function oneAtATime<T>(asin: string, task: () => Promise<T>): Promise<T> {
  const previous = running.get(asin) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(task);
  running.set(asin, next);
  void next.finally(() => {
    if (running.get(asin) === next) running.delete(asin);
  });
  return next;
}

export type QuantitySlider = {
  view: SliderView;
  /** The quantity the cart confirmed last. */
  confirmed: number;
  plus(): void;
  minus(): void;
  /** The add button: asks at once for the first quantity (the minimum order quantity or one). */
  add(): void;
  /** Another part of the page changed the cart (a fresh add): the slider takes its quantity. */
  sync(quantity: number, cartItemId: string | null): void;
};

/**
 * The slider's behaviour (SL-001..018, QS-010): presses move the shown quantity at once and, after
 * `debounceMs` without another press, one request sets the cart to the final quantity. While it runs the
 * buttons refuse presses and a spinner shows; its answer confirms the quantity, and a failure rolls back
 * that gesture only (to the cart's quantity when the answer says it).
 */
export function useQuantitySlider(
  model: SliderModel,
  send: SliderSend,
  options: { debounceMs: number; onAnswer?: (answer: SliderAnswer, target: number) => void },
): QuantitySlider {
  const [state, setState] = useState<GestureState>(() => gestureStart(model.quantityInCart));
  const [busy, setBusy] = useState(false);
  const current = useRef(state);
  const itemId = useRef(model.cartItemId);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ model, send, options });
  latest.current = { model, send, options };

  const commit = useCallback((next: GestureState) => {
    current.current = next;
    setState(next);
  }, []);

  const flush = useCallback(async () => {
    timer.current = null;
    const flushed = gestureFlush(current.current);
    if (flushed.send === null || !flushed.state.sent) return;
    commit(flushed.state);
    setBusy(true);
    const { model: m, send: call, options: o } = latest.current;
    const request = sliderRequest(
      { ...m, cartItemId: itemId.current },
      flushed.state.sent.from,
      flushed.send,
    );
    const target = flushed.send;
    const answer = await oneAtATime(m.asinId, () =>
      call(request).catch((): SliderAnswer => ({ ok: false, reason: 'network' })),
    );
    let settled = gestureSettle(
      current.current,
      answer.ok ? { ok: true, quantity: answer.quantity } : { ok: false },
    );
    if (answer.ok) itemId.current = answer.cartItemId;
    else if (answer.inCart !== undefined) {
      // GRO-030: the cart said what it holds; the slider follows it.
      settled = {
        ...settled,
        confirmed: answer.inCart,
        shown: settled.shown === settled.confirmed ? answer.inCart : settled.shown,
      };
    }
    commit(settled);
    setBusy(false);
    o.onAnswer?.(answer, target);
    if (gesturePending(settled)) timer.current = setTimeout(() => void flush(), o.debounceMs);
  }, [commit]);

  const press = useCallback(
    (target: number, immediately = false) => {
      if (current.current.sent) return;
      if (timer.current) clearTimeout(timer.current);
      commit(gesturePress(current.current, target));
      if (immediately) void flush();
      else timer.current = setTimeout(() => void flush(), latest.current.options.debounceMs);
    },
    [commit, flush],
  );

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return {
    view: sliderView(model, state.shown, busy),
    confirmed: state.confirmed,
    plus: () => press(sliderIncrease(latest.current.model, current.current.shown)),
    minus: () => press(sliderDecrease(latest.current.model, current.current.shown)),
    add: () => press(sliderIncrease(latest.current.model, current.current.shown), true),
    sync: (quantity, cartItemId) => {
      if (timer.current) clearTimeout(timer.current);
      itemId.current = cartItemId;
      commit(gestureStart(quantity));
    },
  };
}
