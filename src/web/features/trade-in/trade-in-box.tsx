import type { TradeInProductGroup } from '../../../shared/trade-in-constants';
import { tradeInLandingUrl } from '../../../shared/trade-in-landing';
import { LAUNCH_ATTRIBUTE, useTradeInLauncher } from './trade-in-launcher';

export type TradeInBoxProps = {
  asin: string;
  productGroup: TradeInProductGroup;
  buyingPrice: number | null;
  signedIn: boolean;
};

/**
 * The trade-in box in the purchase column (TI-002) of a product with a trade-in product group: a link
 * to the trade-in storefront that, once the page runs, opens the flow over the page instead. It also
 * answers the price block's link and recycle-and-save's (every `data-trade-in-launch` of the page).
 */
export function TradeInBox({ asin, productGroup, buyingPrice, signedIn }: TradeInBoxProps) {
  const flow = useTradeInLauncher({ asin, productGroup, buyingPrice, signedIn, container: 'side-sheet' });
  return (
    <section className="ti-box" aria-labelledby="ti-box-title">
      <h2 className="ti-box__title" id="ti-box-title">
        Trade in and save
      </h2>
      <p className="ti-box__text">
        Get store credit for a device you no longer use, and spend it on this item.
      </p>
      <a
        className="ti-box__launch"
        href={tradeInLandingUrl(productGroup)}
        {...{ [LAUNCH_ATTRIBUTE]: 'dp_ti_box' }}
        data-product-group={productGroup}
        aria-haspopup="dialog"
      >
        Trade in a device
      </a>
      {flow}
    </section>
  );
}
