import { CHANGEOVER_TIMING } from './deal-machine';

// How the deal buy box shows time, progress and the app-only prompt (DEAL-027..033, DEAL-050..052).

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** DEAL-032: the end timer is highlighted when less than this remains. */
export const DEAL_ENDING_HIGHLIGHT_MS = 30 * MINUTE;
/** DEAL-030: the progress message colour thresholds. */
const PROGRESS_SUCCESS_ABOVE = 89;
const PROGRESS_ERROR_ABOVE = 99;

const pad = (n: number) => String(n).padStart(2, '0');
// Whole seconds rounded up, so a countdown reads 0 exactly when its time has come, never before.
const wholeSeconds = (ms: number) => Math.ceil(Math.max(0, ms) / SECOND);

/** DEAL-052: a countdown shows days when one day or more remains, else hh:mm:ss. */
export function formatCountdown(remainingMs: number): string {
  const seconds = wholeSeconds(remainingMs);
  if (seconds * SECOND >= DAY) {
    const days = Math.floor((seconds * SECOND) / DAY);
    return `${days} ${days === 1 ? 'day' : 'days'}`;
  }
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/** DEAL-051: the in-cart (and pending) timer is minutes:seconds. */
export function formatHoldTimer(remainingMs: number): string {
  const seconds = wholeSeconds(remainingMs);
  return `${Math.floor(seconds / 60)}:${pad(seconds % 60)}`;
}

/** What a screen reader hears for a countdown ("2 days", "1 hour 5 minutes 3 seconds"). */
export function spokenCountdown(remainingMs: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const seconds = wholeSeconds(remainingMs);
  if (seconds * SECOND >= DAY) return unit(Math.floor((seconds * SECOND) / DAY), 'day');
  const parts = [
    [Math.floor(seconds / 3600), 'hour'],
    [Math.floor((seconds % 3600) / 60), 'minute'],
    [seconds % 60, 'second'],
  ] as const;
  const spoken = parts.filter(([n]) => n > 0).map(([n, word]) => unit(n, word));
  return spoken.length > 0 ? spoken.join(' ') : '0 seconds';
}

export type ProgressTone = 'base' | 'success' | 'error';

/** DEAL-030: base colour up to 89 percent, success from 90 to 99, error at 100. */
export function progressTone(percentClaimed: number): ProgressTone {
  if (percentClaimed > PROGRESS_ERROR_ABOVE) return 'error';
  if (percentClaimed > PROGRESS_SUCCESS_ABOVE) return 'success';
  return 'base';
}

/** DEAL-032 */
export function endHighlighted(endTime: number, now: number): boolean {
  return endTime - now < DEAL_ENDING_HIGHLIGHT_MS;
}

export type DealPlatform = 'desktop' | 'mobile' | 'app';

/** The platform from the deal setup data's `app` and `mobile` flags: the shopping app wins. */
export function dealPlatform(setup: { app: boolean; mobile: boolean }): DealPlatform {
  if (setup.app) return 'app';
  return setup.mobile ? 'mobile' : 'desktop';
}

export type AppOnlyPrompt = 'download' | 'learn-more' | null;

/** DEAL-027..029: what an app-only deal shows on each platform, with the item in the cart or not. */
export function appOnlyPrompt(platform: DealPlatform, inCart: boolean): AppOnlyPrompt {
  switch (platform) {
    case 'mobile':
      return inCart ? 'learn-more' : 'download';
    case 'desktop':
      return inCart ? null : 'download';
    case 'app':
      return 'learn-more';
  }
}

/** DEAL-033: the changeover message's phase `sinceMs` after it appeared. */
export function changeoverPhase(sinceMs: number): 'fading-in' | 'shown' | 'fading-out' | 'gone' {
  const { fadeInMs, visibleMs, fadeOutMs } = CHANGEOVER_TIMING;
  if (sinceMs < fadeInMs) return 'fading-in';
  if (sinceMs < visibleMs) return 'shown';
  if (sinceMs < visibleMs + fadeOutMs) return 'fading-out';
  return 'gone';
}

/** DEAL-050: the page's clock runs this far behind the server's (from the page data's systemTime). */
export function serverClockOffset(systemTime: number, pageNow: number): number {
  return systemTime - pageNow;
}
