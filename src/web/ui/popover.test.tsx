// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { POPOVER_GAP_PX } from './place-popover';
import { Popover, usePopoverTrigger } from './popover';
import {
  POPOVER_DEFAULT_WIDTH,
  POPOVER_HIGHLIGHT_DELAY_MS,
  POPOVER_POSITION_SAVE_MS,
  POPOVER_REENABLE_DELAY_MS,
} from './ui-constants';

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

function SizeHelp({ onClose = () => {} }: { onClose?: () => void }) {
  const { triggerProps, popoverProps, close } = usePopoverTrigger();
  return (
    <>
      <button type="button" {...triggerProps}>
        Size chart
      </button>
      <button type="button">Elsewhere</button>
      <Popover
        {...popoverProps}
        onClose={() => {
          onClose();
          close();
        }}
        title="Size chart"
      >
        <a href="/size-guide">Full size guide</a>
        <button type="button">Got it</button>
      </Popover>
    </>
  );
}

function openHelp(onClose = vi.fn()) {
  render(<SizeHelp onClose={onClose} />);
  const trigger = screen.getByRole('button', { name: 'Size chart', expanded: false });
  trigger.focus();
  fireEvent.click(trigger);
  return { onClose, trigger, popover: screen.getByRole('dialog', { name: 'Size chart' }) };
}

const press = (key: string, shiftKey = false) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key, shiftKey });

test('closed renders nothing', () => {
  render(<SizeHelp />);
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('opens as a non-modal dialog named by its title, controlled by its expanded trigger', () => {
  const { trigger, popover } = openHelp();
  expect(popover.getAttribute('aria-modal')).toBeNull();
  expect(trigger.getAttribute('aria-expanded')).toBe('true');
  expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');
  expect(trigger.getAttribute('aria-controls')).toBe(popover.id);
});

test('a popover without a visible title is named by its label', () => {
  const anchorRef = { current: null };
  render(
    <Popover open onClose={vi.fn()} anchorRef={anchorRef} label="Quantity limit">
      <p>Limit 3 per customer</p>
    </Popover>,
  );
  expect(screen.getByRole('dialog', { name: 'Quantity limit' })).toBeTruthy();
});

test('focus moves inside and Tab and Shift+Tab cycle within', () => {
  const { popover } = openHelp();
  const close = screen.getByRole('button', { name: 'Close' });
  const link = screen.getByRole('link', { name: 'Full size guide' });
  const gotIt = screen.getByRole('button', { name: 'Got it' });
  expect(document.activeElement).toBe(close);
  expect(popover.contains(close)).toBe(true);
  press('Tab');
  expect(document.activeElement).toBe(link);
  press('Tab');
  expect(document.activeElement).toBe(gotIt);
  press('Tab');
  expect(document.activeElement).toBe(close);
  press('Tab', true);
  expect(document.activeElement).toBe(gotIt);
});

test('Escape closes and returns focus to the trigger', () => {
  const { onClose, trigger } = openHelp();
  press('Escape');
  expect(onClose).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(document.activeElement).toBe(trigger);
  expect(trigger.getAttribute('aria-expanded')).toBe('false');
});

test('a press outside closes; a press inside does not', () => {
  const { onClose } = openHelp();
  fireEvent.pointerDown(screen.getByRole('button', { name: 'Got it' }));
  expect(onClose).not.toHaveBeenCalled();
  fireEvent.pointerDown(screen.getByRole('button', { name: 'Elsewhere' }));
  expect(onClose).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('pressing the trigger again toggles it closed rather than counting as outside', () => {
  const { onClose, trigger } = openHelp();
  fireEvent.pointerDown(trigger);
  expect(onClose).not.toHaveBeenCalled();
  fireEvent.click(trigger);
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('BB-041 the popover is 502 px wide and sits at the trigger right', () => {
  const { popover } = openHelp();
  expect(POPOVER_DEFAULT_WIDTH).toBe(502);
  expect(popover.style.width).toBe('502px');
  expect(popover.dataset.side).toBe('right');
  expect(popover.style.left).toBe(`${140 + POPOVER_GAP_PX}px`);
  expect(popover.style.top).toBe('100px');
});

test('BB-041 without room at the right the popover flips to the trigger left', () => {
  triggerRect = { top: 100, left: 700, right: 800, bottom: 130, width: 100, height: 30 };
  const { popover } = openHelp();
  expect(popover.dataset.side).toBe('left');
  expect(popover.style.left).toBe(`${700 - POPOVER_GAP_PX - 502}px`);
  expect(popover.style.top).toBe('100px');
});

test('BB-041 with room on neither side of a wide trigger the popover opens below it', () => {
  triggerRect = { top: 100, left: 300, right: 700, bottom: 130, width: 400, height: 30 };
  const { popover } = openHelp();
  expect(popover.dataset.side).toBe('below');
  expect(popover.style.top).toBe(`${130 + POPOVER_GAP_PX}px`);
});

test('BB-043 the popover is highlighted (fades in) 20 ms after it opens', () => {
  vi.useFakeTimers();
  const { popover } = openHelp();
  expect(POPOVER_HIGHLIGHT_DELAY_MS).toBe(20);
  expect(popover.dataset.highlighted).toBe('false');
  act(() => vi.advanceTimersByTime(POPOVER_HIGHLIGHT_DELAY_MS - 1));
  expect(popover.dataset.highlighted).toBe('false');
  act(() => vi.advanceTimersByTime(1));
  expect(popover.dataset.highlighted).toBe('true');
});

test('DP-013 the popover fades over 150 ms', () => {
  const { popover } = openHelp();
  expect(popover.style.getPropertyValue('--ui-fade')).toBe('150ms');
});

test('BB-044 after closing, the trigger reopens the popover only after 370 ms', () => {
  vi.useFakeTimers();
  const { trigger } = openHelp();
  press('Escape');
  fireEvent.click(trigger);
  expect(screen.queryByRole('dialog')).toBeNull();
  act(() => vi.advanceTimersByTime(POPOVER_REENABLE_DELAY_MS - 1));
  fireEvent.click(trigger);
  expect(screen.queryByRole('dialog')).toBeNull();
  act(() => vi.advanceTimersByTime(1));
  fireEvent.click(trigger);
  expect(screen.getByRole('dialog', { name: 'Size chart' })).toBeTruthy();
});

test('DP-018 after a resize the popover saves its new position within 250 ms, not before', () => {
  vi.useFakeTimers();
  const { popover } = openHelp();
  expect(popover.style.left).toBe(`${140 + POPOVER_GAP_PX}px`);
  triggerRect = { top: 300, left: 240, right: 340, bottom: 330, width: 100, height: 30 };
  fireEvent(window, new Event('resize'));
  act(() => vi.advanceTimersByTime(POPOVER_POSITION_SAVE_MS - 1));
  expect(popover.style.left).toBe(`${140 + POPOVER_GAP_PX}px`);
  act(() => vi.advanceTimersByTime(1));
  expect(popover.style.left).toBe(`${340 + POPOVER_GAP_PX}px`);
  expect(popover.style.top).toBe('300px');
});

test('renders nothing on the server, open or closed, without throwing', () => {
  const anchorRef = { current: null };
  const html = (open: boolean) =>
    renderToString(
      <Popover open={open} onClose={() => {}} anchorRef={anchorRef} title="Server">
        <p>Body</p>
      </Popover>,
    );
  expect(html(false)).toBe('');
  expect(html(true)).toBe('');
});
