import { describe, expect, test } from 'vitest';
import {
  appOnlyPrompt,
  changeoverPhase,
  DEAL_ENDING_HIGHLIGHT_MS,
  dealPlatform,
  endHighlighted,
  formatCountdown,
  formatHoldTimer,
  progressTone,
  serverClockOffset,
  spokenCountdown,
} from './deal-display';
import { DEAL_TIMER_TICK_MS } from './deal-machine';

const S = 1000;
const H = 3600 * S;

describe('countdowns', () => {
  test('DEAL-050 the deal timer ticks every second against the server clock', () => {
    expect(DEAL_TIMER_TICK_MS).toBe(1000);
    // The page's clock is 5 s behind the server: server time is the page time plus the offset.
    const offset = serverClockOffset(1_700_000_005_000, 1_700_000_000_000);
    expect(offset).toBe(5_000);
    expect(1_700_000_001_000 + offset).toBe(1_700_000_006_000);
  });

  test('DEAL-051 the in-cart timer is minutes:seconds', () => {
    expect(formatHoldTimer(15 * 60 * S)).toBe('15:00');
    expect(formatHoldTimer(14 * 60 * S + 59 * S)).toBe('14:59');
    // Part of a second still counts: 0:00 shows only once the time is up.
    expect(formatHoldTimer(14 * 60 * S + 58 * S + 1)).toBe('14:59');
    expect(formatHoldTimer(1)).toBe('0:01');
    expect(formatHoldTimer(65 * S)).toBe('1:05');
    expect(formatHoldTimer(9 * S)).toBe('0:09');
    expect(formatHoldTimer(0)).toBe('0:00');
    expect(formatHoldTimer(-3 * S)).toBe('0:00');
  });

  test('DEAL-052 a countdown shows days at one day or more, else hh:mm:ss', () => {
    expect(formatCountdown(24 * H)).toBe('1 day');
    expect(formatCountdown(24 * H + 5 * H)).toBe('1 day');
    expect(formatCountdown(3 * 24 * H + 1)).toBe('3 days');
    expect(formatCountdown(24 * H - S)).toBe('23:59:59');
    expect(formatCountdown(24 * H - 1)).toBe('1 day');
    expect(formatCountdown(400)).toBe('00:00:01');
    expect(formatCountdown(6 * H)).toBe('06:00:00');
    expect(formatCountdown(3 * 60 * S + 7 * S)).toBe('00:03:07');
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(-5)).toBe('00:00:00');
  });

  test('DEAL-052 a countdown reads well to a screen reader', () => {
    expect(spokenCountdown(2 * 24 * H)).toBe('2 days');
    expect(spokenCountdown(H + 5 * 60 * S + S)).toBe('1 hour 5 minutes 1 second');
    expect(spokenCountdown(0)).toBe('0 seconds');
  });

  test('DEAL-032 the end timer is highlighted when under 30 minutes remain', () => {
    const end = 1_700_000_000_000;
    expect(DEAL_ENDING_HIGHLIGHT_MS).toBe(30 * 60 * S);
    expect(endHighlighted(end, end - 30 * 60 * S)).toBe(false);
    expect(endHighlighted(end, end - 30 * 60 * S + 1)).toBe(true);
    expect(endHighlighted(end, end - 60 * S)).toBe(true);
    expect(endHighlighted(end, end - 6 * H)).toBe(false);
  });
});

describe('progress', () => {
  test('DEAL-030 the progress message is base up to 89, success from 90 to 99 and error at 100 percent', () => {
    expect(progressTone(0)).toBe('base');
    expect(progressTone(30)).toBe('base');
    expect(progressTone(89)).toBe('base');
    expect(progressTone(90)).toBe('success');
    expect(progressTone(99)).toBe('success');
    expect(progressTone(100)).toBe('error');
  });
});

describe('app-only deals', () => {
  test('DEAL-027 on mobile web an app-only deal shows the download button, or learn more when in cart', () => {
    const platform = dealPlatform({ app: false, mobile: true });
    expect(platform).toBe('mobile');
    expect(appOnlyPrompt(platform, false)).toBe('download');
    expect(appOnlyPrompt(platform, true)).toBe('learn-more');
  });

  test('DEAL-028 on desktop an app-only deal shows the download button, or nothing when in cart', () => {
    const platform = dealPlatform({ app: false, mobile: false });
    expect(platform).toBe('desktop');
    expect(appOnlyPrompt(platform, false)).toBe('download');
    expect(appOnlyPrompt(platform, true)).toBeNull();
  });

  test('DEAL-029 in the shopping app an app-only deal shows the learn-more message', () => {
    const platform = dealPlatform({ app: true, mobile: true });
    expect(platform).toBe('app');
    expect(appOnlyPrompt(platform, false)).toBe('learn-more');
    expect(appOnlyPrompt(platform, true)).toBe('learn-more');
  });
});

describe('changeover', () => {
  test('DEAL-033 the changeover message fades in over 400 ms, stays to 2000 ms and fades out over 800 ms', () => {
    expect(changeoverPhase(0)).toBe('fading-in');
    expect(changeoverPhase(399)).toBe('fading-in');
    expect(changeoverPhase(400)).toBe('shown');
    expect(changeoverPhase(1_999)).toBe('shown');
    expect(changeoverPhase(2_000)).toBe('fading-out');
    expect(changeoverPhase(2_799)).toBe('fading-out');
    expect(changeoverPhase(2_800)).toBe('gone');
  });
});
