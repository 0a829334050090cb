// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { BottomSheet } from './bottom-sheet';
import { BOTTOM_SHEET_HEIGHT } from './ui-constants';

afterEach(cleanup);

// Focus, Escape, backdrop and SSR behaviour shared with the modal is tested in overlay-dialog.test.tsx.

test('DP-016 the bottom sheet is 190 px high', () => {
  render(
    <BottomSheet open onClose={vi.fn()} title="Quantity">
      <p>Body</p>
    </BottomSheet>,
  );
  expect(BOTTOM_SHEET_HEIGHT).toBe(190);
  expect(screen.getByRole('dialog', { name: 'Quantity' }).style.minHeight).toBe('190px');
});

test('the bottom sheet height can be overridden, as the create-list sheet does (325)', () => {
  render(
    <BottomSheet open onClose={vi.fn()} title="Create a list" height={325}>
      <p>Body</p>
    </BottomSheet>,
  );
  expect(screen.getByRole('dialog', { name: 'Create a list' }).style.minHeight).toBe('325px');
});

test('the bottom sheet slides up from the bottom edge', () => {
  render(
    <BottomSheet open onClose={vi.fn()} title="Quantity">
      <p>Body</p>
    </BottomSheet>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Quantity' });
  expect(dialog.className).toContain('ui-bottom-sheet');
  expect(dialog.parentElement?.className).toContain('ui-overlay--bottom-sheet');
});
