import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { gestureFlush, gesturePending, gesturePress, gestureSettle, gestureStart } from './quantity-gesture';

describe('press gestures', () => {
  test('QS-010 presses before the debounce collapse into one request for the final quantity', () => {
    let state = gestureStart(1);
    state = gesturePress(state, 2);
    state = gesturePress(state, 3);
    state = gesturePress(state, 4);
    const flushed = gestureFlush(state);
    expect(flushed.send).toBe(4);
    // One request at a time: a flush while it runs sends nothing.
    expect(gestureFlush(gesturePress(flushed.state, 5)).send).toBeNull();
    const done = gestureSettle(flushed.state, { ok: true, quantity: 4 });
    expect(done).toEqual({ confirmed: 4, shown: 4, sent: null });
    // Back where it started: nothing to send.
    expect(gestureFlush(gesturePress(gesturePress(done, 5), 4)).send).toBeNull();
  });

  test('QS-010 a failure rolls back only its own gesture; presses made after it are sent next', () => {
    const sent = gestureFlush(gesturePress(gestureStart(2), 3)).state;
    expect(gestureSettle(sent, { ok: false })).toEqual({ confirmed: 2, shown: 2, sent: null });
    const later = gesturePress(sent, 4);
    const after = gestureSettle(later, { ok: false });
    expect(after).toEqual({ confirmed: 2, shown: 4, sent: null });
    expect(gesturePending(after)).toBe(true);
    // The cart may answer another quantity than asked (a limit): untouched, the answer is shown.
    expect(gestureSettle(sent, { ok: true, quantity: 2 }).shown).toBe(2);
  });

  test("QS-010 after any presses, failures and answers, once settled the shown quantity is the cart's", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant('press' as const), to: fc.integer({ min: 0, max: 9 }) }),
            fc.record({ kind: fc.constant('flush' as const) }),
            fc.record({ kind: fc.constant('answer' as const), ok: fc.boolean() }),
          ),
          { maxLength: 40 },
        ),
        (steps) => {
          let cart = 0;
          let state = gestureStart(0);
          let inFlight: number | null = null;
          const answer = (ok: boolean) => {
            if (inFlight === null) return;
            if (ok) cart = inFlight;
            state = gestureSettle(state, ok ? { ok: true, quantity: cart } : { ok: false });
            inFlight = null;
          };
          for (const step of steps) {
            if (step.kind === 'press') state = gesturePress(state, step.to);
            if (step.kind === 'flush') {
              const flushed = gestureFlush(state);
              state = flushed.state;
              if (flushed.send !== null) inFlight = flushed.send;
            }
            if (step.kind === 'answer') answer(step.ok);
          }
          // Settle: answer what is in flight, then keep sending until nothing is pending.
          answer(true);
          for (let i = 0; i < 3 && gesturePending(state); i++) {
            const flushed = gestureFlush(state);
            state = flushed.state;
            inFlight = flushed.send;
            answer(true);
          }
          expect(state.shown).toBe(cart);
          expect(state.confirmed).toBe(cart);
        },
      ),
    );
  });
});
