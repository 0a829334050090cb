import { useEffect, useEffectEvent, useRef } from 'react';
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
  const { setup, device, polling, refetchAt, serverNow, onRefetchStarted, onFetched } = options;
  const running = useRef<AbortController | null>(null);
  const fetchDeal = useEffectEvent(async () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const result = await fetchLightningDeal(setup, device, controller.signal);
    if (controller.signal.aborted || !result.ok) return;
    running.current = null;
    onFetched(snapshotFromBuyingOptions(result.answer));
  });
  const refetch = useEffectEvent(() => {
    onRefetchStarted();
    void fetchDeal();
  });
  const msUntilRefetchDue = useEffectEvent((at: number) => Math.max(0, at - serverNow()));

  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => void fetchDeal(), setup.pollingIntervalMs);
    return () => clearInterval(timer);
  }, [polling, setup.pollingIntervalMs]);

  useEffect(() => {
    if (!polling || refetchAt === null) return;
    const timer = setTimeout(refetch, msUntilRefetchDue(refetchAt));
    return () => clearTimeout(timer);
  }, [polling, refetchAt]);

  useEffect(() => () => running.current?.abort(), []);
}
