// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { Alert, type AlertKind } from './alert';

afterEach(cleanup);

test('an error alert interrupts screen readers with role alert', () => {
  render(
    <Alert kind="error" title="There was a problem">
      <p>Enter a quantity of 999 or less.</p>
    </Alert>,
  );
  const alert = screen.getByRole('alert');
  expect(alert.textContent).toBe('There was a problem' + 'Enter a quantity of 999 or less.');
  expect(alert.className).toBe('ui-alert ui-alert--error');
  expect(screen.queryByRole('status')).toBeNull();
});

test.each<AlertKind>(['success', 'info', 'warning'])('a %s alert is a polite status', (kind) => {
  render(<Alert kind={kind}>Added to cart</Alert>);
  const status = screen.getByRole('status');
  expect(status.textContent).toBe('Added to cart');
  expect(status.className).toBe(`ui-alert ui-alert--${kind}`);
  expect(screen.queryByRole('alert')).toBeNull();
});

test('an alert without a title renders only its message', () => {
  const { container } = render(<Alert kind="info">Ships in 2 days</Alert>);
  expect(container.querySelector('.ui-alert__title')).toBeNull();
});
