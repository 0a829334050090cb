import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and during hydration, true on the client afterwards: portals into document.body
 * render only then, so server HTML and the first client render agree.
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => typeof document !== 'undefined',
    () => false,
  );
}
