import { afterEach, expect, test, vi } from 'vitest';
import type { WidgetState } from '../../shared/contracts/trade-in';
import { TRADE_IN_MODAL } from '../../shared/trade-in-constants';
import { fetchEligibleList, fetchSearchResults } from './trade-in-api';

// The browser's fetch and AbortSignal.timeout are watched (platform functions, not the store's code): what
// every trade-in call asks of them is the contract of TI-006.
afterEach(() => vi.restoreAllMocks());

const state: WidgetState = {
  productGroup: 'gl_wireless',
  deviceType: 'mobileWeb',
  title: 'tanookiTitle',
  asin: 'B0PDPPHN01',
  buyingPrice: 79_999,
  selectedAsin: null,
  autoSearchTerm: 'orion',
};

test('TI-006 every trade-in call waits at most 30 s and never uses the browser cache', async () => {
  const timeout = vi.spyOn(AbortSignal, 'timeout');
  const fetch = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () => new Response('{}', { status: 200 }));
  await fetchEligibleList(state);
  await fetchSearchResults(state, { q: '', page: 2, style: 'new' });
  expect(fetch).toHaveBeenCalledTimes(2);
  for (const [, init] of fetch.mock.calls) {
    expect(init?.cache).toBe('no-store');
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  }
  expect(timeout.mock.calls).toEqual([[TRADE_IN_MODAL.timeoutMs], [TRADE_IN_MODAL.timeoutMs]]);
});

test('TI-007 TI-023 the eligible list call carries the widget state; a search without words leaves q to the server (TI-036)', async () => {
  const fetch = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () => new Response('{}', { status: 200 }));
  await fetchEligibleList(state);
  await fetchSearchResults(state, { q: '', page: 1, style: 'classic' });
  const [eligible, search] = fetch.mock.calls.map(([url]) => new URL(String(url), 'http://store.test'));
  expect(eligible?.pathname).toBe('/tradein/hzw/getCustomerItems');
  expect(Object.fromEntries(eligible?.searchParams ?? [])).toEqual({
    deviceType: 'mobileWeb',
    productGroup: 'gl_wireless',
    ref_: 'ti_eligible',
    title: 'tanookiTitle',
    currentAsin: 'B0PDPPHN01',
    buyingPrice: '79999',
    autoSearchTerm: 'orion',
  });
  expect(search?.searchParams.has('q')).toBe(false);
  expect(search?.searchParams.get('style')).toBe('classic');
});
