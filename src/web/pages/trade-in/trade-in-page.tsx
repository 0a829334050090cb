import { useState } from 'react';
import type { TradeInPageData } from '../../../shared/contracts/pages/trade-in-page';
import { tradeInLandingUrl } from '../../../shared/trade-in-landing';
import {
  LAUNCH_ATTRIBUTE,
  type TradeInEntry,
  useTradeInLauncher,
} from '../../features/trade-in/trade-in-launcher';
import { SiteFooter } from '../../layout/site-footer';
import { SiteHeader } from '../../layout/site-header';

/** `/tradein` (TI-002): a tile per product group, each opening the trade-in flow in the 700-wide modal. */
export function TradeInPage({ data }: { data: TradeInPageData }) {
  const [openAtLoad] = useState<TradeInEntry | null>(() =>
    data.open.launch
      ? { productGroup: data.open.productGroup, title: 'tanookiTitle', ref: 'ti_storefront' }
      : null,
  );
  const flow = useTradeInLauncher(
    {
      asin: null,
      productGroup: null,
      buyingPrice: null,
      signedIn: data.shopper.signedIn,
      container: 'modal',
    },
    openAtLoad,
  );
  return (
    <>
      <SiteHeader shopper={data.shopper} cartCount={data.shopper.cartCount} returnTo="/tradein" />
      <main id="top" tabIndex={-1} className="page ti-landing">
        <h1>Trade in your devices</h1>
        <p className="ti-landing__lead">
          Tell us what you have and its condition: you see its value for every condition, we hold the offer
          for 14 days, and the credit goes to your gift-card balance to spend on anything in the store.
        </p>
        <ul className="ti-tiles">
          {data.tiles.map((tile) => (
            <li key={tile.productGroup}>
              <h2>{tile.name}</h2>
              <p>{tile.description}</p>
              <a
                className="ti-tile"
                href={tradeInLandingUrl(tile.productGroup)}
                {...{ [LAUNCH_ATTRIBUTE]: 'ti_storefront_tile' }}
                data-product-group={tile.productGroup}
                aria-haspopup="dialog"
              >
                Trade in<span className="visually-hidden">{` ${tile.name.toLowerCase()}`}</span>
              </a>
            </li>
          ))}
        </ul>
        {flow}
      </main>
      <SiteFooter />
    </>
  );
}
