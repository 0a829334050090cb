import { type ReactNode, useEffect, useEffectEvent, useState } from 'react';
import type { TradeInProductGroup, TradeInTitle } from '../../../shared/trade-in-constants';
import { sendMetricEvents } from '../../api/metrics-client';
import { loader, useOverlayModule } from '../../ui/lazy-overlays';
import { usePhoneLayout } from '../../ui/use-phone-layout';

// The flow (its views, calls, modal and sheets) is a chunk of its own, fetched on the first launch
// (warmed at the pointer-down or focus before it): a page's first load carries only this launcher.
const flow = loader(() => import('./trade-in-flow'));

// TI-014, TI-015: a launch that waits for sign-in is remembered in the tab's session storage, set
// before the shopper leaves for sign-in and consumed on the next page load, which then resumes it.
const FLAG = 'tradeInResume';

/** What a launch that waits for sign-in needs to resume: its product group, on the page it left. */
export type TradeInResume = { productGroup: string | null; path: string };

/** TI-029: the metric event of blocked storage (the area's own, kept out of the shared list's chunk). */
const STORAGE_BLOCKED_SCHEMA = 'pdp.trade-in.session-storage-blocked/v1';

/** TI-029: storage the browser refuses is a warning, in the console and in the page's metrics. */
function warnBlocked() {
  console.warn('Session storage access blocked');
  sendMetricEvents([{ schemaId: STORAGE_BLOCKED_SCHEMA, producerId: 'trade_in', data: {} }]);
}

// Every touch of sessionStorage can throw (a sandboxed frame, blocked site data): each one is guarded.
function withStorage<T>(use: (storage: Storage) => T): T | null {
  try {
    return use(window.sessionStorage);
  } catch {
    warnBlocked();
    return null;
  }
}

/** TI-014: remembers the launch before the shopper goes to sign in. */
function rememberLaunch(resume: TradeInResume): void {
  withStorage((storage) => storage.setItem(FLAG, JSON.stringify(resume)));
}

/** TI-015: the launch remembered for this page, taken out of storage (null when there is none). */
function takeRememberedLaunch(path: string): TradeInResume | null {
  const stored = withStorage((storage) => {
    const value = storage.getItem(FLAG);
    if (value !== null) storage.removeItem(FLAG);
    return value;
  });
  if (!stored) return null;
  try {
    const resume = JSON.parse(stored) as TradeInResume;
    return resume.path === path ? resume : null;
  } catch {
    return null;
  }
}

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

/**
 * One launch: the group it names (as written: the flow checks it, TI-026), the title (TI-007) and the
 * ref tag it is recorded under (TI-022).
 */
export type TradeInEntry = { productGroup: string | null; title: TradeInTitle; ref: string };

/** The group a launch link names (`data-product-group`, or its address's `productGroup`), else null. */
function groupOfLink(link: Element): string | null {
  const href = link.getAttribute('href');
  return (
    link.getAttribute('data-product-group') ??
    (href ? new URL(href, window.location.href).searchParams.get('productGroup') : null)
  );
}

const here = () => `${window.location.pathname}${window.location.search}`;

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

  const launch = useEffectEvent((next: TradeInEntry) => setEntry(next));

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
      launch({ productGroup: resumed.productGroup, title: 'tanookiTitle', ref: 'tradein_resume' });
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
      rememberLaunch={rememberLaunch}
      onClose={() => setEntry(null)}
    />
  );
}

export type TradeInBoxProps = {
  asin: string;
  productGroup: TradeInProductGroup;
  /** The page's price (TI-007's `buyingPrice` once in minor units). */
  price: { amount: number } | null;
  signedIn: boolean;
};

/**
 * The trade-in box in the purchase column (TI-002) of a product with a trade-in product group: a link
 * to the trade-in storefront that, once the page runs, opens the flow over the page instead. It also
 * answers the price block's link and recycle-and-save's (every `data-trade-in-launch` of the page).
 */
export function TradeInBox({ asin, productGroup, price, signedIn }: TradeInBoxProps) {
  // TI-007: the page's price in minor units (a two-decimal currency). Inline: an import of its own would
  // join the small modules every product page fetches (this chunk is shared with the storefront).
  const buyingPrice = price ? Math.round(price.amount * 100) : null;
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
        href={`/tradein?productGroup=${productGroup}`}
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
