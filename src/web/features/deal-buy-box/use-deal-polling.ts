import { useEffect, useRef } from 'react';
import { type DealSnapshot, snapshotFromBuyingOptions } from '../../../domain/deals/deal-machine';
import type { DealSetup } from '../../../shared/contracts/deals';
import type { DeviceType } from '../../../shared/deal-constants';
import { fetchLightningDeal } from '../../api/deals-api';

/**
 * The deal buy box's one poll (DEAL-038): the deal is fetched every `pollingIntervalMs` while `polling`
 * holds (DEAL-017 stops it), and once more when a timer's refetch falls due (`refetchAt`, DEAL-016).
 * A newer fetch aborts one still running; a failed fetch changes nothing and the next one tries again.
 */
export function useDealPolling(options: {
  setup: DealSetup;
  device: DeviceType;
  polling: boolean;
  refetchAt: number | null;
  serverNow: () => number;
  onRefetchStarted: () => void;
  onFetched: (snapshot: DealSnapshot | null) => void;
}) {
  const { setup, device, polling, refetchAt } = options;
  const latest = useRef(options);
  latest.current = options;
  const running = useRef<AbortController | null>(null);
  const fetchDeal = useRef(async () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const { setup, device } = latest.current;
    const result = await fetchLightningDeal(setup, device, controller.signal);
    if (controller.signal.aborted || !result.ok) return;
    running.current = null;
    latest.current.onFetched(snapshotFromBuyingOptions(result.buyingOptions));
  }).current;

  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => void fetchDeal(), setup.pollingIntervalMs);
    return () => clearInterval(timer);
  }, [polling, setup.pollingIntervalMs, fetchDeal]);

  useEffect(() => {
    if (!polling || refetchAt === null) return;
    const timer = setTimeout(
      () => {
        latest.current.onRefetchStarted();
        void fetchDeal();
      },
      Math.max(0, refetchAt - latest.current.serverNow()),
    );
    return () => clearTimeout(timer);
  }, [polling, refetchAt, fetchDeal]);

  useEffect(() => () => running.current?.abort(), []);

  return { device, fetchNow: fetchDeal };
}
