import { useEffect, useState } from 'react';
import type { AccessoriesView } from '../../../shared/contracts/accessories';
import type { ProductPageData } from '../../../shared/contracts/pages/product-page';
import { fetchAccessoriesSlice } from '../../api/page-slices-api';

/**
 * The accessory slice: from the page data when the server rendered it, else (the server left it out,
 * decision 0012) loaded from its own call after first paint; null until then and if that fails.
 */
export function useDeferredAccessories(data: ProductPageData): AccessoriesView | null {
  const [view, setView] = useState(data.product.accessories);
  const deferred = data.deferred.includes('accessories');
  const { marketplaceId } = data;
  const { asin } = data.product;
  useEffect(() => {
    if (!deferred) return;
    const controller = new AbortController();
    void fetchAccessoriesSlice(marketplaceId, asin, controller.signal).then((loaded) => {
      if (!controller.signal.aborted) setView(loaded);
    });
    return () => controller.abort();
  }, [deferred, marketplaceId, asin]);
  return view;
}
