import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { serverClockOffset } from '../../../domain/deals/deal-display';
import { DEAL_TIMER_TICK_MS } from '../../../domain/deals/deal-machine';
import { pageDataReadAt } from '../../api/page-served-at';

/**
 * The deal buy box's one timer (DEAL-050): the server's clock, ticking every second. It starts at the
 * page data's `systemTime` (so the first render matches the server's) and then runs as the page's clock
 * plus the offset measured when the page data was read (the box is a later chunk), never from the
 * browser's clock alone.
 */
export function useDealClock(systemTime: number, onTick: (now: number) => void) {
  const [now, setNow] = useState(systemTime);
  const offset = useRef<number | null>(null);
  const serverNow = useRef(() => {
    offset.current ??= serverClockOffset(systemTime, pageDataReadAt());
    return Date.now() + offset.current;
  }).current;
  const tick = useEffectEvent(() => {
    const at = serverNow();
    setNow(at);
    onTick(at);
  });

  useEffect(() => {
    tick();
    const timer = setInterval(tick, DEAL_TIMER_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  return { now, serverNow };
}
