// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { createGroceryProduct } from '../../../../tests/factories/grocery-factory';
import { openProductPage } from '../../../../tests/helpers/open-product-page';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app';
import type { ProductPageData } from '../../../shared/contracts/pages/product-page';
import { FRESH_CART_PATH } from '../../../shared/grocery-constants';
import { GroceryBuyBox } from './grocery-buy-box';

// The grocery buy box in a DOM against the real server (listening, real HTTP, real database): the
// stepper's debounce on a fake clock, the server's answers on the real one.

let ctx: TestContext;
let origin = '';

beforeAll(async () => {
  ctx = await createTestApp('sqlite', { seed: false });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

afterEach(() => {
  vi.useRealTimers();
  cleanup();
  vi.restoreAllMocks();
});

/** Renders the grocery buy box of a new grocery product, its stepper showing (one in the fresh cart). */
async function stepperOnPage(configure: (data: ProductPageData) => void = () => undefined) {
  const bananas = await createGroceryProduct(ctx.store.db);
  const data = await openProductPage(origin, bananas.asin);
  configure(data);
  const grocery = data.grocery as NonNullable<ProductPageData['grocery']>;
  const offer = data.product.offer as NonNullable<ProductPageData['product']['offer']>;
  render(<GroceryBuyBox data={data} grocery={grocery} offer={offer} onCartCount={() => undefined} />);
  fireEvent.click(screen.getByRole('button', { name: 'Add to Fresh Cart' }));
  return screen.findByRole('button', { name: 'Increase quantity' }, { timeout: 10_000 });
}

/** The page's calls from now on: how many went to the fresh cart (the stepper's), and all of them answered. */
function pageCalls() {
  const spy = vi.spyOn(window, 'fetch');
  return {
    freshCart: () =>
      spy.mock.calls.filter(([input]) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        return new URL(url, origin).pathname === FRESH_CART_PATH;
      }).length,
    answered: () => Promise.allSettled(spy.mock.results.map((result) => result.value)),
  };
}

/** Back on the real clock, the stepper's call has answered: the stepper shows the two the cart holds. */
async function cartAnswered() {
  vi.useRealTimers();
  await waitFor(
    () => {
      const stepper = screen.getByRole('group', { name: /^Quantity of / });
      expect(stepper.getAttribute('aria-busy')).toBe('false');
      expect(stepper.textContent).toContain('2');
    },
    { timeout: 10_000 },
  );
}

/** Moves the fake clock on, then lets what its timers started run up to their first real wait. */
async function waitOnFakeClock(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    for (let hop = 0; hop < 50; hop++) await Promise.resolve();
  });
}

describe('grocery buy box against the server', () => {
  test('QS-002 QS-010 the stepper asks the cart 400 ms after the last press, the configured stepperDebounceTime', async () => {
    const plus = await stepperOnPage((data) => {
      expect(data.grocery?.stepperDebounceTime).toBe(400);
    });
    const calls = pageCalls();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(plus);
    await waitOnFakeClock(399);
    expect(calls.freshCart()).toBe(0);
    await waitOnFakeClock(1);
    expect(calls.freshCart()).toBe(1);
    await cartAnswered();
    await calls.answered();
  });

  test('QS-002 the stepper waits as long as the selector configuration says, not a constant', async () => {
    const plus = await stepperOnPage((data) => {
      if (data.grocery) data.grocery.stepperDebounceTime = 150;
    });
    const calls = pageCalls();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(plus);
    await waitOnFakeClock(149);
    expect(calls.freshCart()).toBe(0);
    await waitOnFakeClock(1);
    expect(calls.freshCart()).toBe(1);
    await cartAnswered();
    await calls.answered();
  });
});
