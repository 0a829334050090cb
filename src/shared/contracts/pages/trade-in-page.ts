import { z } from 'zod';
import { TRADE_IN_PRODUCT_GROUPS } from '../../trade-in-constants';
import { shopperView } from './shopper';

/** `/tradein`: the trade-in storefront (TI-002), a tile per product group, each opening the flow. */
export const tradeInPageData = z.object({
  page: z.literal('trade-in'),
  shopper: shopperView,
  tiles: z.array(
    z.object({ productGroup: z.enum(TRADE_IN_PRODUCT_GROUPS), name: z.string(), description: z.string() }),
  ),
  /**
   * The flow to open as the page loads (a launch link followed without the product page's script):
   * `launch` true, for `productGroup` (null: the address named none or an unknown one, TI-026).
   */
  open: z.object({ launch: z.boolean(), productGroup: z.enum(TRADE_IN_PRODUCT_GROUPS).nullable() }),
});
export type TradeInPageData = z.infer<typeof tradeInPageData>;
