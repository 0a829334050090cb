// @vitest-environment happy-dom
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { DeepCheck } from './business-box';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const request = {
  asin: 'B0TESTPAP1',
  customerId: 'cust-1',
  device: 'desktop' as const,
  marketplaceId: 'ATVPDKIKX0DER',
  merchantId: 'M-1',
  sessionId: 'session-1',
};

const sent = (calls: readonly (readonly unknown[])[]) =>
  calls.map(([url, init]) => {
    const body = (init as RequestInit | undefined)?.body;
    return { url: String(url), body: typeof body === 'string' ? JSON.parse(body) : null };
  });

test('BIZ-059 with no container for the promise, the deep check is only counted: no call goes out', async () => {
  const fetchSpy = vi.spyOn(window, 'fetch').mockResolvedValue(new Response('{}', { status: 200 }));
  const { container } = render(
    <DeepCheck request={{ ...request, buyingOptionIndex: null }} language="en-US" />,
  );
  expect(container.querySelector('[data-testid="deep-check"]')).toBeNull();
  await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
  const [call] = sent(fetchSpy.mock.calls);
  expect(call?.url).toBe('/api/metrics/events');
  expect(call?.body.events[0].schemaId).toBe('pdp.business.deep-check.container-missing/v1');
});

test('BIZ-058 a failed deep check hides its container', async () => {
  vi.spyOn(window, 'fetch').mockResolvedValue(new Response('down', { status: 503 }));
  const { container } = render(<DeepCheck request={{ ...request, buyingOptionIndex: 0 }} language="en-US" />);
  const box = container.querySelector<HTMLElement>('[data-testid="deep-check"]');
  expect(box).not.toBeNull();
  await waitFor(() => expect(box?.hidden).toBe(true));
});
