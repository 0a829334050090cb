// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import type { PickerSettings } from '../../../shared/contracts/business';
import { QuantityPicker } from './quantity-picker';
import { usePriceTable } from './use-price-table';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const settings: PickerSettings = {
  id: 'picker-default',
  buyBoxId: 'bb-default',
  buyingOptionStereotype: 'default',
  leastMinimumOrderQuantity: 1,
  variant: 'text-with-table',
  messages: {
    loadMore: 'Load more',
    fetchingBestPrices: 'Fetching the best prices…',
    quantityTableError: 'We could not load the quantity discounts.',
    requestForQuantityDiscount: 'Request a quantity discount',
    unavailable: 'This quantity is more than one seller can supply.',
    unavailableLink: 'See other sellers',
  },
  lockedMerchantDiscounts: false,
  summaryEnabled: false,
  offersLinkEnabled: true,
  devicesLinkEnabled: false,
  buyingInBulkUrl: null,
  requestDiscountUrl: null,
};

/** The picker with its price table's loader, as a business box mounts them, for the page `page`. */
function PickerOnPage({ page }: { page: { marketplaceId: string; asin: string } }) {
  const table = usePriceTable(
    { ...page, language: 'en-US', currency: 'USD', buyingInBulkUrl: null },
    'OL-TEST-B2B',
    true,
  );
  return (
    <QuantityPicker
      settings={settings}
      quantity={1}
      disabled={false}
      platform="desktop"
      table={table}
      singleTier={{ quantity: 1, priceText: '$9.60' }}
      onDraft={() => undefined}
      onCommit={() => undefined}
      onOpenOffers={() => undefined}
    />
  );
}

test('BIZ-052 BIZ-024 a picker without the page marketplace asks nothing: its table is the error row', async () => {
  const fetchSpy = vi.spyOn(window, 'fetch').mockResolvedValue(new Response('{}', { status: 200 }));
  render(<PickerOnPage page={{ marketplaceId: '', asin: 'B0TEST0001' }} />);
  fireEvent.focus(screen.getByRole('combobox', { name: 'Quantity:' }));
  expect(
    await screen.findByRole('option', { name: /We could not load the quantity discounts\. See all offers/ }),
  ).toBeTruthy();
  const asked = () => fetchSpy.mock.calls.map(([url]) => String(url));
  // BIZ-057: the table that could not be loaded is counted; no product call went out.
  await waitFor(() => expect(asked()).toContain('/api/metrics/events'));
  expect(asked().filter((url) => url.includes('/products/'))).toEqual([]);
});
