// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { Modal } from './modal';
import { POPOVER_DEFAULT_WIDTH } from './ui-constants';

afterEach(cleanup);

// Focus, Escape, backdrop and SSR behaviour shared with the sheets is tested in overlay-dialog.test.tsx.

test('BB-041 a modal is 502 px wide by default', () => {
  render(
    <Modal open onClose={vi.fn()} title="Details">
      <p>Body</p>
    </Modal>,
  );
  expect(POPOVER_DEFAULT_WIDTH).toBe(502);
  expect(screen.getByRole('dialog', { name: 'Details' }).style.width).toBe('502px');
});

test('a modal takes another width, as the trade-in modal does (700)', () => {
  render(
    <Modal open onClose={vi.fn()} title="Trade-in" width={700}>
      <p>Body</p>
    </Modal>,
  );
  expect(screen.getByRole('dialog', { name: 'Trade-in' }).style.width).toBe('700px');
});

test('the footer renders below the body, inside the dialog', () => {
  render(
    <Modal open onClose={vi.fn()} title="Confirm" footer={<button type="button">Done</button>}>
      <p>Body</p>
    </Modal>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Confirm' });
  expect(dialog.contains(screen.getByRole('button', { name: 'Done' }))).toBe(true);
});
