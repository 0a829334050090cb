import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { BundlesSliceResponse } from '../../../shared/contracts/bundles';
import { fetchBundlesSlice } from '../../api/bundles-api';

// The sheet is its own chunk: it loads when the shopper first opens it.
const BundlesDrawer = lazy(() => import('./bundles-drawer'));

/** BDL-001: the address that opens the sheet (the open-drawer action a link elsewhere can use). */
const OPEN_DRAWER_HASH = '#bundles';

export type BundlesIngressProps = {
  marketplaceId: string;
  asin: string;
  onCartCount: (count: number) => void;
};

type Teaser = NonNullable<BundlesSliceResponse['bundles']>;

/**
 * The bundles ingress below the product details (loaded after first paint, never failing the page):
 * the ingress card and the bundle box link open the side sheet (BDL-001), as does the open-drawer
 * action (`#bundles` in the address).
 */
export function BundlesIngress({ marketplaceId, asin, onCartCount }: BundlesIngressProps) {
  const [teaser, setTeaser] = useState<Teaser | null>(null);
  const [open, setOpen] = useState(false);
  // The sheet's chunk and data load at the first sign of interest (hover, focus), so it opens at once.
  const [interested, setInterested] = useState(false);
  const [focusBundle, setFocusBundle] = useState<string | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    let live = true;
    void fetchBundlesSlice(marketplaceId, asin).then((loaded) => {
      if (live) setTeaser(loaded);
    });
    return () => {
      live = false;
    };
  }, [marketplaceId, asin]);

  const openDrawer = (from: HTMLElement | null, bundleId: string | null = null) => {
    returnFocus.current = from;
    setFocusBundle(bundleId);
    setInterested(true);
    setOpen(true);
  };

  // The open-drawer action: the page's address names the sheet, now or later.
  const fromHash = useEffectEvent(() => {
    if (window.location.hash === OPEN_DRAWER_HASH) openDrawer(null);
  });
  const hasTeaser = teaser !== null;
  useEffect(() => {
    if (!hasTeaser) return;
    fromHash();
    window.addEventListener('hashchange', fromHash);
    return () => window.removeEventListener('hashchange', fromHash);
  }, [hasTeaser]);

  if (!teaser) return null;
  const close = () => {
    setOpen(false);
    if (window.location.hash === OPEN_DRAWER_HASH) {
      window.history.replaceState(null, '', window.location.pathname + window.location.search);
    }
  };

  return (
    // The section is the target of the box links' #bundles, the address that opens the sheet.
    <section id="bundles" className="bundles-ingress" aria-labelledby="bundles-ingress-heading">
      <h2 id="bundles-ingress-heading" className="bundles-ingress__heading">
        Bundles with this item
      </h2>
      <button
        type="button"
        className="bundles-ingress__card"
        aria-haspopup="dialog"
        onPointerEnter={() => setInterested(true)}
        onFocus={() => setInterested(true)}
        onClick={(event) => openDrawer(event.currentTarget)}
      >
        <img src={teaser.image.url} alt="" width={72} height={72} className="bundles-ingress__image" />
        <span className="bundles-ingress__text">
          <span className="bundles-ingress__title">
            {teaser.count === 1 ? '1 bundle' : `${teaser.count} bundles`} from{' '}
            {teaser.fromPrice.displayString}
          </span>
          <span className="bundles-ingress__saving">Save up to {teaser.bestSaving.displayString}</span>
          <span className="bundles-ingress__cta">See all bundles</span>
        </span>
      </button>
      <ul className="bundles-ingress__boxes">
        {teaser.items.map((item) => (
          <li key={item.bundleId} className="bundles-ingress__box">
            <span className="bundles-ingress__box-title">{item.title}</span>
            <span className="bundles-ingress__box-price">{item.price.displayString}</span>
            <a
              href={OPEN_DRAWER_HASH}
              className="bundles-ingress__box-link"
              aria-haspopup="dialog"
              onPointerEnter={() => setInterested(true)}
              onFocus={() => setInterested(true)}
              onClick={(event) => {
                event.preventDefault();
                openDrawer(event.currentTarget, item.bundleId);
              }}
            >
              See what's in this bundle
            </a>
          </li>
        ))}
      </ul>
      {interested ? (
        <Suspense fallback={null}>
          <BundlesDrawer
            asin={asin}
            marketplaceId={marketplaceId}
            open={open}
            focusBundleId={focusBundle}
            returnFocusRef={returnFocus}
            onClose={close}
            onCartCount={onCartCount}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
