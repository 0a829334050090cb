// @vitest-environment happy-dom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import type { AccessoriesView } from '../../../shared/contracts/accessories';
import type { ProductPageData } from '../../../shared/contracts/pages/product-page';
import { useDeferredAccessories } from './use-deferred-accessories';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const view: AccessoriesView = {
  campaign: {
    accessoriesCampaignSource: 'c',
    asinsData: { B0STAND001: ['B0STAND001'] },
    primaryAsin: 'B0SPEAKER1',
  },
  dealMode: false,
  slots: [
    {
      slot: 1,
      scheduledAsin: 'B0STAND001',
      variations: [
        {
          asin: 'B0STAND001',
          offerListingID: 'OL-STAND',
          title: 'Stand',
          merchantName: 'Northwind',
          swatchValue: null,
          featureBullets: [],
          listPrice: null,
          listingPriceLabel: null,
          buyingPrice: '$9.99',
          showPriceStrikethrough: false,
          lowResImage: '/images/stand.svg',
          hiResImage: '/images/stand.svg',
          isSelected: true,
          isAutomated: false,
          isInterstitial: true,
          checkForInteraction: false,
          hasBeenInteractedWith: false,
          visualDimension: null,
          isDigitalSubscription: false,
          fixedCustomCartAttribute: false,
          customAttributeName: null,
          customAttributeValue: null,
          productLineItemCustomKeyValuePair: null,
          upsellLineItemCustomKeyValuePair: null,
          maxOrderQuantity: 0,
        },
      ],
    },
  ],
};

const page = (deferred: ProductPageData['deferred'], accessories: AccessoriesView | null) =>
  ({
    marketplaceId: 'ATVPDKIKX0DER',
    deferred,
    product: { asin: 'B0SPEAKER1', accessories },
  }) as unknown as ProductPageData;

test('a slice the server rendered is used as it is, with no call', () => {
  const fetchSpy = vi.spyOn(window, 'fetch');
  const { result } = renderHook(() => useDeferredAccessories(page([], view)));
  expect(result.current).toEqual(view);
  expect(fetchSpy).not.toHaveBeenCalled();
});

test('a slice the server left out is loaded after first paint from its own call', async () => {
  const fetchSpy = vi
    .spyOn(window, 'fetch')
    .mockResolvedValue(
      new Response(JSON.stringify({ type: 'page-slice.accessories/v1', accessories: view }), { status: 200 }),
    );
  const { result } = renderHook(() => useDeferredAccessories(page(['accessories'], null)));
  expect(result.current).toBeNull();
  await waitFor(() => expect(result.current).toEqual(view));
  expect(String(fetchSpy.mock.calls[0]?.[0])).toBe(
    '/api/marketplaces/ATVPDKIKX0DER/products/B0SPEAKER1/page-slices/accessories',
  );
});

test('when that call fails too, the page goes on without accessories', async () => {
  const fetchSpy = vi.spyOn(window, 'fetch').mockResolvedValue(new Response('{}', { status: 500 }));
  const { result } = renderHook(() => useDeferredAccessories(page(['accessories'], null)));
  await waitFor(() => expect(fetchSpy).toHaveBeenCalled());
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(result.current).toBeNull();
});
