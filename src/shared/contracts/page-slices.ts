import { z } from 'zod';
import { accessoriesView } from './accessories';

/** GET /api/marketplaces/{marketplaceId}/products/{asin}/page-slices/accessories: the deferred accessory slice. */
export const accessoriesSliceResponse = z.object({
  type: z.literal('page-slice.accessories/v1'),
  /** The accessory upsells (ACC-001..005), or null when the product offers none. */
  accessories: accessoriesView.nullable(),
});
export type AccessoriesSliceResponse = z.infer<typeof accessoriesSliceResponse>;
