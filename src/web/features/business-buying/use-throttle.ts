import { useEffect, useRef } from 'react';

/**
 * BIZ-042: calls `run` at most once per `ms`: the first call at once, later ones within the window
 * collapse into one call with the last arguments when the window ends.
 */
export function useThrottle<A extends unknown[]>(
  run: (...args: A) => void,
  ms: number,
): (...args: A) => void {
  const state = useRef<{ last: number; timer: ReturnType<typeof setTimeout> | null; args: A | null }>({
    last: -Infinity,
    timer: null,
    args: null,
  });
  const latest = useRef(run);
  latest.current = run;
  useEffect(
    () => () => {
      if (state.current.timer) clearTimeout(state.current.timer);
    },
    [],
  );
  return (...args: A) => {
    const s = state.current;
    const now = Date.now();
    if (now - s.last >= ms && !s.timer) {
      s.last = now;
      latest.current(...args);
      return;
    }
    s.args = args;
    s.timer ??= setTimeout(
      () => {
        s.timer = null;
        s.last = Date.now();
        const pending = s.args;
        s.args = null;
        if (pending) latest.current(...pending);
      },
      Math.max(0, ms - (now - s.last)),
    );
  };
}
