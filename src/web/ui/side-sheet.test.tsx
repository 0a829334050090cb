// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import { SideSheet } from './side-sheet';
import { SIDE_SHEET_SLIDE_MS, SIDE_SHEET_WIDTH } from './ui-constants';

afterEach(cleanup);

// Focus, Escape, backdrop and SSR behaviour shared with the modal is tested in overlay-dialog.test.tsx.

test('DP-015 the side sheet is 325 px wide on desktop', () => {
  render(
    <SideSheet open onClose={vi.fn()} title="Bundles">
      <p>Body</p>
    </SideSheet>,
  );
  expect(SIDE_SHEET_WIDTH).toBe(325);
  expect(screen.getByRole('dialog', { name: 'Bundles' }).style.width).toBe('325px');
});

test('the side sheet width can be overridden', () => {
  render(
    <SideSheet open onClose={vi.fn()} title="Offers" width={400}>
      <p>Body</p>
    </SideSheet>,
  );
  expect(screen.getByRole('dialog', { name: 'Offers' }).style.width).toBe('400px');
});

test('DP-014 the side sheet slides in over 300 ms', () => {
  render(
    <SideSheet open onClose={vi.fn()} title="Bundles">
      <p>Body</p>
    </SideSheet>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Bundles' });
  expect(SIDE_SHEET_SLIDE_MS).toBe(300);
  expect(dialog.className).toContain('ui-side-sheet');
  expect(dialog.parentElement?.style.getPropertyValue('--ui-slide')).toBe('300ms');
});

function BuyingOptions() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        See more
      </button>
      <SideSheet open={open} onClose={() => setOpen(false)} title="Buying options">
        <p>Body</p>
      </SideSheet>
    </>
  );
}

test('DP-007 the side sheet opens and closes together with its background overlay', () => {
  render(<BuyingOptions />);
  expect(document.querySelector('.ui-backdrop')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'See more' }));
  const dialog = screen.getByRole('dialog', { name: 'Buying options' });
  expect(dialog.previousElementSibling?.className).toBe('ui-backdrop');
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(document.querySelector('.ui-backdrop')).toBeNull();
});
