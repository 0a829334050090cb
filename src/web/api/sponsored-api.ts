// The sponsored carousel's calls (ADS-004..007). Only the carousel's lazy chunk imports this module.
import { carouselPageQuery } from '../../domain/sponsored/sponsored';
import type { AdEventsRequest, CarouselResponse } from '../../shared/contracts/sponsored';
import { pageTokens } from './page-tokens';
import { productApiPath } from './product-api-path';
import { type ApiResult, request } from './request';

/** ADS-006: one page of the carousel; the first page has no tot, start, cc or oData yet. */
export function fetchCarouselPage(
  marketplaceId: string,
  asin: string,
  page: { pg: number; num: number; tot?: number; start?: number; cc?: number; oData?: string },
): Promise<ApiResult<CarouselResponse>> {
  const query =
    page.pg === 1 && page.oData === undefined
      ? new URLSearchParams({ pg: '1', num: String(page.num) })
      : carouselPageQuery({
          pg: page.pg,
          tot: page.tot ?? 0,
          start: page.start ?? 0,
          num: page.num,
          cc: page.cc ?? 0,
          oData: page.oData ?? '',
        });
  return request<CarouselResponse>(`${productApiPath(marketplaceId, asin, '/sponsored-products')}?${query}`, {
    headers: { accept: 'application/json' },
  });
}

/** An endpoint the page may call: a path on this store. Anything else is a misconfiguration. */
export function usableEndpoint(url: unknown): url is string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//');
}

/** ADS-007: a misconfigured sponsored endpoint is logged as a warning; nothing is sent to it. */
export function warnMisconfigured(what: string, url: unknown): void {
  console.warn(
    `sponsored products: the ${what} endpoint is misconfigured (${JSON.stringify(url)}); nothing is sent`,
  );
}

/**
 * ADS-004: sends a batch of view events as `POST {events:[{data}]}`. While the page lives, with fetch
 * (the CSRF token in a header); when it is being hidden, with navigator.sendBeacon, which cannot set
 * headers: the body is then text/plain and carries the token itself.
 */
export function sendAdEvents(
  url: string,
  events: AdEventsRequest['events'],
  options: { beacon: boolean },
): void {
  const { csrfToken } = pageTokens();
  if (options.beacon && typeof navigator.sendBeacon === 'function') {
    const body = new Blob([JSON.stringify({ events, csrfToken })], { type: 'text/plain' });
    if (navigator.sendBeacon(url, body)) return;
  }
  void request(url, {
    method: 'POST',
    keepalive: true,
    headers: { 'x-csrf-token': csrfToken },
    json: { events },
  });
}

/** ADS-005: logs a click with a POST to the ad's click URL; it outlives the page it leaves. */
export function postAdClick(clickUrl: unknown): void {
  if (!usableEndpoint(clickUrl)) {
    warnMisconfigured('click', clickUrl);
    return;
  }
  void request(clickUrl, {
    method: 'POST',
    keepalive: true,
    headers: { 'x-csrf-token': pageTokens().csrfToken },
  });
}
