import { type CSSProperties, type RefObject, useEffect, useId, useReducer, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import {
  type BundleAddState,
  bundleAddButtonShown,
  DRAWER_BACKDROP_DELAY_MS,
  DRAWER_SLIDE_MS,
  type DrawerEvent,
  type DrawerState,
  drawerTransition,
} from '../../../domain/bundles/bundle-drawer';
import { isValidBundleProduct } from '../../../domain/bundles/bundles';
import type { BundleCardState, BundleProductEntity, DrawerBundle } from '../../../shared/contracts/bundles';
import { addBundleToCart, fetchBundlesDrawer } from '../../api/bundles-api';
import { failureMessage } from '../../api/request';
import { Alert } from '../../ui/alert';
import { CloseButton } from '../../ui/overlay-dialog';
import { Spinner } from '../../ui/spinner';
import { useFocusTrap } from '../../ui/use-focus-trap';
import { useScrollLock } from '../../ui/use-scroll-lock';
import { whileBusy } from '../../ui/while-busy';
import { PostAddPanel } from './post-add-panel';

export type BundlesDrawerProps = {
  asin: string;
  marketplaceId: string;
  open: boolean;
  /** The bundle whose expander opens with the sheet (a bundle box link), if any. */
  focusBundleId: string | null;
  returnFocusRef: RefObject<HTMLElement | null>;
  onClose: () => void;
  onCartCount: (count: number) => void;
};

const REACH_CART_LIMIT =
  'This bundle is already in your cart. You have reached the cart limit for this bundle.';

type Loaded = { cardState: BundleCardState; bundles: DrawerBundle[] };

/**
 * The bundles side sheet (a bottom sheet on phones): not ready until its data is in, then shown and
 * closed as the shopper opens and closes it (BDL-008). It slides over 0.5 s and its backdrop follows
 * about 0.4 s later (BDL-009/010); focus stays inside while it is shown and goes back after.
 */
export default function BundlesDrawer({
  asin,
  open,
  focusBundleId,
  returnFocusRef,
  onClose,
  onCartCount,
}: BundlesDrawerProps) {
  const [machine, dispatch] = useReducer(
    (current: { state: DrawerState; wantsOpen: boolean }, event: DrawerEvent) =>
      drawerTransition(current, event),
    { state: 'not-ready', wantsOpen: false },
  );
  const [data, setData] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [added, setAdded] = useState<{ bundle: DrawerBundle } | null>(null);

  const asked = useRef(false);
  useEffect(() => {
    dispatch(open ? 'open' : 'close');
    // Mounted on the shopper's first sign of interest, the sheet gets ready before it is opened; each
    // opening asks again, since what is in the cart may have changed.
    if (!open && asked.current) return;
    asked.current = true;
    if (open) setAdded(null);
    let live = true;
    void fetchBundlesDrawer(asin).then((result) => {
      if (!live) return;
      if (result.ok) {
        setData({ cardState: result.answer.cardState, bundles: result.answer.bundles });
        setLoadError(null);
      } else {
        setLoadError(failureMessage(result));
      }
      dispatch('loaded');
    });
    return () => {
      live = false;
    };
  }, [open, asin]);

  // A closed sheet slides out before it leaves the page.
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    if (machine.state !== 'closed') return;
    setLeaving(true);
    const timer = window.setTimeout(() => setLeaving(false), DRAWER_SLIDE_MS);
    return () => window.clearTimeout(timer);
  }, [machine.state]);

  const mounted = machine.state === 'shown' || (machine.state === 'closed' && leaving);
  return (
    <>
      <span hidden data-testid="bundles-drawer-state" data-state={machine.state} />
      {mounted
        ? createPortal(
            <DrawerPanel shown={machine.state === 'shown'} onClose={onClose} returnFocusRef={returnFocusRef}>
              {loadError ? (
                <Alert kind="error" title="The bundles could not be loaded.">
                  {loadError}
                </Alert>
              ) : null}
              {added && data ? (
                <PostAddPanel bundle={added.bundle} cardState={data.cardState} onCartCount={onCartCount} />
              ) : null}
              {data ? (
                <div className="bundles-drawer__bundles" hidden={added !== null}>
                  {data.bundles.length === 0 ? <p>There are no bundles for this item right now.</p> : null}
                  {data.bundles
                    .filter((bundle) => bundle.components.every((c) => isValidBundleProduct(c.product)))
                    .map((bundle) => (
                      <BundleCard
                        key={bundle.bundleId}
                        bundle={bundle}
                        cardState={data.cardState}
                        startExpanded={bundle.bundleId === focusBundleId}
                        onAdded={(count) => {
                          onCartCount(count);
                          setAdded({ bundle });
                        }}
                      />
                    ))}
                </div>
              ) : null}
            </DrawerPanel>,
            document.body,
          )
        : null}
    </>
  );
}

function DrawerPanel({
  shown,
  onClose,
  returnFocusRef,
  children,
}: {
  shown: boolean;
  onClose: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
  children: React.ReactNode;
}) {
  const titleId = useId();
  const panelRef = useFocusTrap<HTMLDivElement>(shown, { onClose, returnFocusRef });
  useScrollLock(shown);
  // One frame in the starting position, so the slide and the backdrop's fade run from there.
  const [entered, setEntered] = useState(false);
  useEffect(() => {
    const frame = window.requestAnimationFrame(() => setEntered(true));
    return () => window.cancelAnimationFrame(frame);
  }, []);
  const timing = {
    '--bundles-slide': `${DRAWER_SLIDE_MS}ms`,
    '--bundles-backdrop-delay': `${DRAWER_BACKDROP_DELAY_MS}ms`,
  } as CSSProperties;
  return (
    <div className="bundles-drawer" data-visible={shown && entered} style={timing}>
      <div className="bundles-drawer__backdrop" data-testid="bundles-drawer-backdrop" />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="bundles-drawer__panel"
        data-testid="bundles-drawer-panel"
      >
        <div className="bundles-drawer__header">
          <h2 id={titleId} className="bundles-drawer__title">
            Bundles with this item
          </h2>
          <CloseButton onClose={onClose} />
        </div>
        <div className="bundles-drawer__body">{children}</div>
      </div>
    </div>
  );
}

function BundleCard({
  bundle,
  cardState,
  startExpanded,
  onAdded,
}: {
  bundle: DrawerBundle;
  cardState: BundleCardState;
  startExpanded: boolean;
  onAdded: (count: number) => void;
}) {
  const [expanded, setExpanded] = useState(startExpanded);
  const [add, setAdd] = useState<BundleAddState>(bundle.inCart ? { kind: 'in-cart' } : { kind: 'idle' });
  const componentsId = useId();
  const headingId = useId();
  const cardRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (startExpanded) cardRef.current?.scrollIntoView({ block: 'nearest' });
  }, [startExpanded]);
  const items = bundle.components.reduce((sum, c) => sum + c.quantity, 0);

  const addToCart = async () => {
    if (add.kind !== 'idle') return;
    setAdd({ kind: 'adding' });
    const result = await addBundleToCart(cardState, bundle.bundleId);
    if (result.ok) {
      setAdd({ kind: 'added' });
      onAdded(result.answer.entity.count.entity.items);
    } else if (result.status === 409) {
      setAdd({ kind: 'in-cart' });
    } else {
      setAdd({ kind: 'failed', message: failureMessage(result) });
    }
  };

  return (
    <article
      ref={cardRef}
      className="bundle-card"
      aria-labelledby={headingId}
      data-bundle-id={bundle.bundleId}
    >
      <img
        src={bundle.image.url}
        alt={bundle.image.altText}
        width={96}
        height={96}
        className="bundle-card__image"
      />
      <div className="bundle-card__text">
        <h3 id={headingId} className="bundle-card__title">
          {bundle.title}
        </h3>
        <p className="bundle-card__price">
          <span className="bundle-card__buying-price">{bundle.price.displayString}</span>{' '}
          <span className="bundle-card__separately">
            Bought separately: <s>{bundle.separatelyPrice.displayString}</s>
          </span>
        </p>
        <p className="bundle-card__saving">You save {bundle.saving.displayString}</p>
      </div>
      <button
        type="button"
        className="bundle-card__expander"
        aria-expanded={expanded}
        aria-controls={componentsId}
        onClick={() => setExpanded((value) => !value)}
      >
        What's in the bundle ({items} items)
      </button>
      <ul id={componentsId} className="bundle-card__components" hidden={!expanded}>
        {bundle.components.map(({ product, quantity }) => (
          <ComponentRow key={product.asin} product={product} quantity={quantity} />
        ))}
      </ul>
      {bundleAddButtonShown(add) ? (
        <button
          type="button"
          className="button button--cart bundle-card__add"
          {...whileBusy(add.kind === 'adding')}
          aria-describedby={headingId}
          onClick={addToCart}
        >
          {add.kind === 'adding' ? <Spinner label="Adding the bundle to your cart" /> : null}
          Add bundle to cart
        </button>
      ) : null}
      {add.kind === 'in-cart' ? (
        <p className="bundle-card__limit" role="status">
          {REACH_CART_LIMIT}
        </p>
      ) : null}
      {add.kind === 'failed' ? (
        <div className="bundle-card__error">
          <Alert kind="error" title="This bundle could not be added to your cart.">
            {add.message}
          </Alert>
        </div>
      ) : null}
    </article>
  );
}

function ComponentRow({ product, quantity }: { product: BundleProductEntity; quantity: number }) {
  const image = product.images?.[0];
  const option = product.buyingOptions[0];
  return (
    <li className="bundle-card__component">
      {image ? <img src={image.url} alt={image.altText} width={48} height={48} /> : null}
      <span className="bundle-card__component-text">
        <a href={`/dp/${product.asin}`} className="bundle-card__component-title">
          {product.title?.displayString}
        </a>
        <span className="bundle-card__component-meta">
          Qty: {quantity}
          {option?.price ? ` · ${option.price.priceToPay.displayString} each` : ''}
        </span>
      </span>
    </li>
  );
}
