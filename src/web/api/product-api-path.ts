/** `/api/marketplaces/{marketplaceId}/products/{asin}` followed by `tail` (`/page-slices/bundles`). */
export const productApiPath = (marketplaceId: string, asin: string, tail = '') =>
  `/api/marketplaces/${encodeURIComponent(marketplaceId)}/products/${encodeURIComponent(asin)}${tail}`;
