// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { Spinner } from './spinner';

afterEach(cleanup);

test('a spinner is a status named "Loading" by default, its label visually hidden', () => {
  render(<Spinner />);
  const status = screen.getByRole('status', { name: 'Loading' });
  expect(status.textContent).toBe('Loading');
  expect(screen.getByText('Loading').className).toBe('visually-hidden');
});

test('a spinner takes a label and a size', () => {
  const { container } = render(<Spinner label="Adding to cart" size={24} />);
  expect(screen.getByRole('status', { name: 'Adding to cart' })).toBeTruthy();
  const ring = container.querySelector<HTMLElement>('.ui-spinner__ring');
  expect(ring?.getAttribute('aria-hidden')).toBe('true');
  // Sized by a class (ui.css), never an inline style: the page's policy allows no style attribute.
  expect(ring?.getAttribute('style')).toBeNull();
  expect(ring?.classList.contains('ui-spinner__ring--24')).toBe(true);
});
