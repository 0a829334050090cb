import { useSyncExternalStore } from 'react';

const PHONE = '(max-width: 640px)';

const subscribe = (change: () => void) => {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', change);
  return () => query.removeEventListener('change', change);
};

/** Whether the window is phone-sized (sheets rise from the bottom there); false on the server. */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
}
