import { useEffect, useState } from 'react';
import {
  clickOneClick,
  isBlocked,
  ONE_CLICK_GUARD_MS,
  type OneClickGuard,
  OPEN_ONE_CLICK_GUARD,
  pageShown,
} from '../../../domain/buy-box/one-click-guard';

/** BB-026/027: after the first 1-Click press the button stays blocked for 30 s or until the page shows again. */
export function useOneClickGuard() {
  const [guard, setGuard] = useState<OneClickGuard>(OPEN_ONE_CLICK_GUARD);
  useEffect(() => {
    const lift = () => setGuard((state) => pageShown(state));
    const onVisible = () => {
      if (document.visibilityState === 'visible') lift();
    };
    window.addEventListener('pageshow', lift);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('pageshow', lift);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  useEffect(() => {
    if (guard.blockedUntil === null) return;
    const timer = setTimeout(() => setGuard((state) => pageShown(state)), ONE_CLICK_GUARD_MS);
    return () => clearTimeout(timer);
  }, [guard.blockedUntil]);
  return {
    blocked: isBlocked(guard, Date.now()),
    press: () => setGuard((state) => clickOneClick(state, Date.now())),
  };
}
