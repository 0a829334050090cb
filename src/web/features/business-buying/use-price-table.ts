import { useState } from 'react';
import {
  convertTier,
  gatherTierPages,
  type PickerTier,
  type SourceTier,
  type TableState,
  type TierPage,
  type TierPageResult,
} from '../../../domain/business/price-tiers';
import { quantityCallParamsMissing } from '../../../domain/business/quantity-check';
import { BUSINESS_METRICS } from '../../../shared/business-constants';
import type { ProductResponse } from '../../../shared/contracts/products';
import { getProductCall, pricingTableUrl } from '../../api/business-api';
import { sendMetricEvents } from '../../api/metrics-client';
import { AsyncCache } from './async-cache';

type TierLoad = { ok: true; tiers: PickerTier[] } | { ok: false };

// One cache for the page: the boxes of one product share a buying option's table (BIZ-021).
const tables = new AsyncCache<TierLoad>();

function pageOf(answer: ProductResponse, offerListingId: string): TierPage<SourceTier> | null {
  const table = answer.entity.buyingOptions.find(
    (o) => o.offerListingId === offerListingId,
  )?.quantityPricingTable;
  return table ? { tiers: table.tiers, nextUrl: table.nextPage?.resource.url ?? null } : null;
}

function countError(producer: string, code: string | number) {
  // BIZ-056: the pricing table response's error code is counted.
  sendMetricEvents([
    { schemaId: BUSINESS_METRICS.pricingTableErrorCode, producerId: producer, data: { code: String(code) } },
  ]);
}

async function loadTable(
  page: {
    marketplaceId: string;
    asin: string;
    language: string;
    currency: string;
    buyingInBulkUrl: string | null;
  },
  offerListingId: string,
): Promise<TierLoad> {
  // BIZ-052: without the page's ajax params the table's data calls are errors, asked of no one.
  if (quantityCallParamsMissing(page)) return { ok: false };
  const producer = `business-picker:${page.asin}`;
  const fetchPage = async (url: string): Promise<TierPageResult<SourceTier>> => {
    const result = await getProductCall(url, page);
    if (!result.ok) {
      if (result.status !== 404) countError(producer, result.status);
      return { ok: false, status: result.status };
    }
    const next = pageOf(result.answer, offerListingId);
    return next ? { ok: true, page: next } : { ok: false, status: 404 };
  };
  const first = await fetchPage(pricingTableUrl(page.marketplaceId, page.asin, offerListingId));
  if (!first.ok) return { ok: false };
  const gathered = await gatherTierPages(first.page, fetchPage);
  if (!gathered.ok) {
    countError(producer, gathered.reason);
    return { ok: false };
  }
  return { ok: true, tiers: gathered.tiers.map((tier) => convertTier(tier, page.buyingInBulkUrl)) };
}

/**
 * The price table's data for a buying option: fetching until it arrives (BIZ-022), then its tiers
 * (BIZ-023) or the error (BIZ-024, with the load-error counter of BIZ-057). Loaded when first opened.
 */
export function usePriceTable(
  page: {
    marketplaceId: string;
    asin: string;
    language: string;
    currency: string;
    buyingInBulkUrl: string | null;
  },
  offerListingId: string | null,
  available: boolean,
): { state: TableState; load: () => void } {
  const [loaded, setLoaded] = useState<{ id: string; result: TierLoad } | null>(null);
  const load = () => {
    if (!offerListingId || (loaded?.id === offerListingId && loaded.result.ok)) return;
    const id = offerListingId;
    // A failed load is not kept: the next opening of the table tries again (the cache's error state).
    void tables
      .get(id, async () => {
        const result = await loadTable(page, id);
        if (!result.ok) throw new Error('the quantity pricing table could not be loaded');
        return result;
      })
      .then((result) => setLoaded({ id, result }))
      .catch(() => {
        // BIZ-057: a table that could not be loaded is counted.
        sendMetricEvents([
          {
            schemaId: BUSINESS_METRICS.pricingTableLoadError,
            producerId: `business-picker:${page.asin}`,
            data: {},
          },
        ]);
        setLoaded({ id, result: { ok: false } });
      });
  };
  const result = loaded && loaded.id === offerListingId ? loaded.result : null;
  const state: TableState = !offerListingId
    ? { status: 'ready', tiers: [], available: false }
    : result === null
      ? { status: 'fetching' }
      : result.ok
        ? { status: 'ready', tiers: result.tiers, available }
        : { status: 'error' };
  return { state, load };
}
