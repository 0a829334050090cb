// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { VAS_TIMINGS } from '../../../shared/add-on-services-constants';
import { POPOVER_GAP_PX } from '../../ui/place-popover';
import { TopChoiceBadge } from './top-choice-badge';

let triggerRect = { top: 100, left: 40, right: 140, bottom: 130, width: 100, height: 30 };

beforeEach(() => {
  triggerRect = { top: 100, left: 40, right: 140, bottom: 130, width: 100, height: 30 };
  // happy-dom does no layout: place the trigger by hand.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
    () => ({ ...triggerRect, x: triggerRect.left, y: triggerRect.top, toJSON: () => ({}) }) as DOMRect,
  );
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** Moves the trigger to `right` (its left 100 px before) and scrolls the page. */
function scrollTriggerTo(right: number) {
  triggerRect = { ...triggerRect, left: right - 100, right };
  fireEvent.scroll(window);
}

test('VAS-048 repositioning runs at most once per 500 ms', async () => {
  expect(VAS_TIMINGS.popoverRepositionMs).toBe(500);
  render(<TopChoiceBadge title="TV wall-mount installation" />);
  fireEvent.click(screen.getByRole('button', { name: /Top choice/ }));
  const popover = await screen.findByRole('dialog', { name: 'Top choice' });
  expect(popover.style.left).toBe(`${140 + POPOVER_GAP_PX}px`);
  vi.useFakeTimers();
  // Scrolls all through the window move it once, at its end, to where the trigger is then.
  scrollTriggerTo(200);
  act(() => vi.advanceTimersByTime(200));
  scrollTriggerTo(260);
  act(() => vi.advanceTimersByTime(299));
  expect(popover.style.left).toBe(`${140 + POPOVER_GAP_PX}px`);
  act(() => vi.advanceTimersByTime(1));
  expect(popover.style.left).toBe(`${260 + POPOVER_GAP_PX}px`);
  // The next scroll opens the next window: 500 ms again.
  scrollTriggerTo(340);
  act(() => vi.advanceTimersByTime(499));
  expect(popover.style.left).toBe(`${260 + POPOVER_GAP_PX}px`);
  act(() => vi.advanceTimersByTime(1));
  expect(popover.style.left).toBe(`${340 + POPOVER_GAP_PX}px`);
});
