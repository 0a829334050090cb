import { METRIC_SCHEMAS } from '../../../shared/metric-schemas';
import { sendMetricEvents } from '../../api/metrics-client';

// TI-014, TI-015: a launch that waits for sign-in is remembered in the tab's session storage, set
// before the shopper leaves for sign-in and consumed on the next page load, which then resumes it.
const FLAG = 'tradeInResume';

/** What a launch that waits for sign-in needs to resume: its product group, on the page it left. */
export type TradeInResume = { productGroup: string | null; path: string };

/** TI-029: storage the browser refuses is a warning, in the console and in the page's metrics. */
function warnBlocked() {
  console.warn('Session storage access blocked');
  sendMetricEvents([{ schemaId: METRIC_SCHEMAS.tradeInStorageBlocked, producerId: 'trade_in', data: {} }]);
}

// Every touch of sessionStorage can throw (a sandboxed frame, blocked site data): each one is guarded.
function withStorage<T>(use: (storage: Storage) => T): T | null {
  try {
    return use(window.sessionStorage);
  } catch {
    warnBlocked();
    return null;
  }
}

/** TI-014: remembers the launch before the shopper goes to sign in. */
export function rememberLaunch(resume: TradeInResume): void {
  withStorage((storage) => storage.setItem(FLAG, JSON.stringify(resume)));
}

/** TI-015: the launch remembered for this page, taken out of storage (null when there is none). */
export function takeRememberedLaunch(path: string): TradeInResume | null {
  const stored = withStorage((storage) => {
    const value = storage.getItem(FLAG);
    if (value !== null) storage.removeItem(FLAG);
    return value;
  });
  if (!stored) return null;
  try {
    const resume = JSON.parse(stored) as TradeInResume;
    return resume.path === path ? resume : null;
  } catch {
    return null;
  }
}
