import { useEffect, useState } from 'react';
import type { AccessoriesView } from '../../../shared/contracts/accessories';
import type { ProductPageData } from '../../../shared/contracts/pages/product-page';

/**
 * The accessory slice: from the page data when the server rendered it, else (the server left it out,
 * decision 0012) loaded from its own call after first paint; null until then and if that fails. The
 * call's code is a chunk of its own, loaded only then: most pages have the slice in their data.
 */
export function useDeferredAccessories(data: ProductPageData): AccessoriesView | null {
  const [view, setView] = useState(data.product.accessories);
  const deferred = data.deferred.includes('accessories');
  const { marketplaceId } = data;
  const { asin } = data.product;
  useEffect(() => {
    if (!deferred) return;
    const controller = new AbortController();
    void import('../../api/page-slices-api')
      .then((api) => api.fetchAccessoriesSlice(marketplaceId, asin, controller.signal))
      .then(
        // A failed call leaves the page without accessories, as a product that offers none.
        (result) => {
          if (!controller.signal.aborted) setView(result.ok ? result.answer.accessories : null);
        },
        // The chunk did not load: the page goes on without accessories, as when the call fails.
        () => undefined,
      );
    return () => controller.abort();
  }, [deferred, marketplaceId, asin]);
  return view;
}
