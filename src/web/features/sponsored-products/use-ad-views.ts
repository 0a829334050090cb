import { useCallback, useEffect, useRef } from 'react';
import {
  AD_VIEW_OFFSET,
  type AdViewEvent,
  cardSeen,
  dueViews,
  newViewClock,
  nextDueAt,
  tabVisibility,
  type ViewClock,
} from '../../../domain/sponsored/sponsored';
import { sendAdEvents, usableEndpoint, warnMisconfigured } from '../../api/sponsored-api';
import { createAdEventQueue } from './ad-event-queue';

type ViewContext = { qualifier: string; widgetName: string; eventsUrl: string };

/**
 * ADS-001/008: counts ad views: a card counts once it has had at least 15% of itself on screen for
 * 500 ms while the tab was visible, once per ad and page view. The events are queued (ADS-009) and
 * the queue goes out by beacon when the page is hidden or left. Returns the ref callback each card
 * registers with, by ad id and index.
 */
export function useAdViews(context: ViewContext | null) {
  const cards = useRef(new Map<Element, { adId: string; adIndex: number }>());
  const inView = useRef(new Set<string>());
  const clock = useRef<ViewClock>(newViewClock(true));
  const observer = useRef<IntersectionObserver | null>(null);

  useEffect(() => {
    if (!context) return;
    const endpointOk = usableEndpoint(context.eventsUrl);
    if (!endpointOk) warnMisconfigured('view events', context.eventsUrl);
    const queue = createAdEventQueue((events, options) => {
      if (endpointOk) sendAdEvents(context.eventsUrl, events, options);
    });
    const indexOf = new Map<string, number>();
    let timer: number | null = null;
    const now = () => performance.now();

    const settle = () => {
      const { clock: next, due } = dueViews(clock.current, now());
      clock.current = next;
      for (const adId of due) {
        const event: AdViewEvent = {
          qualifier: context.qualifier,
          id: `${context.qualifier}-${adId}-view`,
          widgetName: context.widgetName,
          adId,
          adIndex: indexOf.get(adId) ?? 0,
          eventType: 'view',
        };
        queue.push(event);
      }
      if (timer !== null) window.clearTimeout(timer);
      timer = null;
      const at = nextDueAt(clock.current);
      if (at !== null) timer = window.setTimeout(settle, Math.max(0, at - now()));
    };

    clock.current = newViewClock(document.visibilityState === 'visible');
    observer.current = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const card = cards.current.get(entry.target);
          if (!card) continue;
          indexOf.set(card.adId, card.adIndex);
          const ratio = entry.isIntersecting ? entry.intersectionRatio : 0;
          if (ratio >= AD_VIEW_OFFSET) inView.current.add(card.adId);
          else inView.current.delete(card.adId);
          clock.current = cardSeen(clock.current, card.adId, ratio, now());
        }
        settle();
      },
      { threshold: [0, AD_VIEW_OFFSET, 0.5, 1] },
    );
    for (const element of cards.current.keys()) observer.current.observe(element);

    const onVisibility = () => {
      const visible = document.visibilityState === 'visible';
      clock.current = tabVisibility(clock.current, visible, [...inView.current], now());
      // A hidden tab may never come back: what waits goes out now, by beacon.
      if (!visible) queue.flush({ beacon: true });
      settle();
    };
    const onPageHide = () => queue.flush({ beacon: true });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      if (timer !== null) window.clearTimeout(timer);
      observer.current?.disconnect();
      observer.current = null;
      queue.close();
    };
  }, [context]);

  return useCallback(
    (ad: { adId: string; adIndex: number }) => (element: HTMLElement | null) => {
      if (!element) return;
      cards.current.set(element, ad);
      observer.current?.observe(element);
      return () => {
        cards.current.delete(element);
        observer.current?.unobserve(element);
      };
    },
    [],
  );
}
