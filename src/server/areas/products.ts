import { pageRoutes } from '../routes/pages/page-routes';
import { productRoutes } from '../routes/products/product-routes';
import type { ServerArea } from './server-area';

/**
 * The product and its page: the product API and `/dp/{asin}`. Its catalog part is the core of the
 * file (catalog/catalog-part.ts); its details are the page's frame, which every other area's slice joins.
 */
export const productsArea = {
  name: 'products',
  routes: [productRoutes, pageRoutes],
} satisfies ServerArea;
