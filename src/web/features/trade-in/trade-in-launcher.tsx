import { type ReactNode, useEffect, useEffectEvent, useState } from 'react';
import {
  TRADE_IN_PATHS,
  TRADE_IN_PRODUCT_GROUPS,
  type TradeInProductGroup,
  type TradeInTitle,
} from '../../../shared/trade-in-constants';
import { request } from '../../api/request';
import { loader, useOverlayModule } from '../../ui/lazy-overlays';
import { usePhoneLayout } from '../../ui/use-phone-layout';
import { takeRememberedLaunch } from './trade-in-resume';

// The flow (its views, calls, modal and sheets) is a chunk of its own, fetched on the first launch
// (warmed at the pointer-down or focus before it): a page's first load carries only this launcher.
const flow = loader(() => import('./trade-in-flow'));

/** The attribute that makes a link anywhere on the page a trade-in launch (its value: the ref tag). */
export const LAUNCH_ATTRIBUTE = 'data-trade-in-launch';

/** Where the launch sits on the page, and what it knows before the shopper picks a device. */
export type TradeInPage = {
  asin: string | null;
  /** The page's product group; a launch link may name another. */
  productGroup: TradeInProductGroup | null;
  /** The price of the product on the page, in minor units (TI-007's `buyingPrice`). */
  buyingPrice: number | null;
  signedIn: boolean;
  /** Over a product page, a side sheet on desktop (TI-003); elsewhere the 700-wide modal (TI-006). */
  container: 'side-sheet' | 'modal';
};

/** One launch: which group, which title (TI-007) and the ref tag it is recorded under (TI-022). */
export type TradeInEntry = { productGroup: TradeInProductGroup | null; title: TradeInTitle; ref: string };

const isGroup = (value: string | null | undefined): value is TradeInProductGroup =>
  (TRADE_IN_PRODUCT_GROUPS as readonly (string | null | undefined)[]).includes(value);

/** The group a launch link names (`data-product-group`, or its address's `productGroup`), else null. */
export function groupOfLink(link: Element): TradeInProductGroup | null {
  const named = link.getAttribute('data-product-group');
  if (named !== null) return isGroup(named) ? named : null;
  const href = link.getAttribute('href');
  const fromHref = href ? new URL(href, window.location.href).searchParams.get('productGroup') : null;
  return isGroup(fromHref) ? fromHref : null;
}

const here = () => `${window.location.pathname}${window.location.search}`;

/** TI-022: the launch is recorded by its ref tag; fire and forget, never waited for. */
function recordRefTag(ref: string, deviceType: string) {
  void request(`${TRADE_IN_PATHS.recordRefTag}?${new URLSearchParams({ ref_: ref, deviceType })}`, {
    cache: 'no-store',
    keepalive: true,
  });
}

/**
 * The trade-in launch of a page (TI-002): every link marked `data-trade-in-launch` on it opens the
 * flow (the buy box's, the price block's, recycle-and-save's, the storefront tiles), as does a launch
 * remembered before sign-in (TI-015). Returns the flow while it is open, to render.
 */
export function useTradeInLauncher(page: TradeInPage, openAtLoad: TradeInEntry | null = null): ReactNode {
  const [entry, setEntry] = useState<TradeInEntry | null>(null);
  const module = useOverlayModule(flow, entry !== null);
  const phone = usePhoneLayout();
  const deviceType = phone ? 'mobileWeb' : 'web';

  const launch = useEffectEvent((next: TradeInEntry) => {
    recordRefTag(next.ref, deviceType);
    setEntry(next);
  });

  useEffect(() => {
    const linkOf = (target: EventTarget | null) =>
      target instanceof Element ? target.closest(`a[${LAUNCH_ATTRIBUTE}]`) : null;
    const onClick = (event: MouseEvent) => {
      const link = linkOf(event.target);
      if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
        return;
      event.preventDefault();
      const ref = link.getAttribute(LAUNCH_ATTRIBUTE) || 'tradein';
      const title: TradeInTitle = ref.startsWith('rs_') ? 'recycleAndSaveTitle' : 'tanookiTitle';
      launch({ productGroup: groupOfLink(link), title, ref });
    };
    const warm = (event: Event) => {
      if (linkOf(event.target)) void flow.load();
    };
    document.addEventListener('click', onClick);
    document.addEventListener('pointerdown', warm);
    document.addEventListener('focusin', warm);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('pointerdown', warm);
      document.removeEventListener('focusin', warm);
    };
  }, []);

  useEffect(() => {
    const resumed = takeRememberedLaunch(here());
    if (resumed) {
      launch({
        productGroup: isGroup(resumed.productGroup) ? resumed.productGroup : null,
        title: 'tanookiTitle',
        ref: 'tradein_resume',
      });
    } else if (openAtLoad) {
      launch(openAtLoad);
    }
  }, [openAtLoad]);

  if (!entry || !module) {
    return entry ? (
      <p className="ti-opening" role="status">
        <span className="spinner" aria-hidden="true" /> Opening trade-in…
      </p>
    ) : null;
  }
  return (
    <module.TradeInFlow
      page={page}
      entry={entry}
      deviceType={deviceType}
      phone={phone}
      resumePath={here()}
      onClose={() => setEntry(null)}
    />
  );
}
