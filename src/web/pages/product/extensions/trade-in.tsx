import { TradeInSlot } from '../../../features/trade-in/trade-in-slot';
import { showsTradeIn } from '../page-parts';
import type { PurchaseExtension } from '../purchase-extension';

/** Trade-in (TI-002): its box below the purchase box; it adds no items and holds no press. */
export const tradeIn: PurchaseExtension = {
  name: 'trade-in',
  shown: showsTradeIn,
  useParts: ({ data }) => ({
    beside: data.product.tradeIn ? (
      <TradeInSlot
        asin={data.product.asin}
        productGroup={data.product.tradeIn.productGroup}
        price={data.product.offer?.price ?? null}
        signedIn={data.shopper.signedIn}
      />
    ) : null,
    items: () => [],
    intercept: () => false,
  }),
};
