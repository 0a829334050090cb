import { useEffect, useState } from 'react';
import {
  ACCESSORY_BUTTON_RESET_MS,
  type AccessoryAddState,
  accessoryAdded,
  afterAccessoryReset,
} from '../../../domain/bundles/bundle-drawer';
import { isValidBundleProduct } from '../../../domain/bundles/bundles';
import type { BundleCardState, BundleProductEntity, DrawerBundle } from '../../../shared/contracts/bundles';
import { fetchBundleProduct, fetchCartCount, fetchCartItems, fetchCartSubtotal } from '../../api/bundles-api';
import { addItemsToCart, cartApiState } from '../../api/cart-api';
import { Alert } from '../../ui/alert';
import { Spinner } from '../../ui/spinner';

/** BDL-024: the panel's secondary views (count, subtotal, accessory cards) only log when they fail. */
const logSecondaryFailure = (what: string, status: number) =>
  console.warn(`bundles sheet: ${what} could not be loaded (status ${status}); the panel goes on without it`);

type Upsell = { product: BundleProductEntity; inCart: number };

/**
 * BDL-004: after a bundle add, the added item's image, the cart's item count and subtotal (from the
 * count and summary calls), the way to checkout, and the accessories to add next.
 */
export function PostAddPanel({
  bundle,
  cardState,
  onCartCount,
}: {
  bundle: DrawerBundle;
  cardState: BundleCardState;
  onCartCount: (count: number) => void;
}) {
  const [count, setCount] = useState<number | null>(null);
  const [subtotal, setSubtotal] = useState<string | null>(null);
  const [upsells, setUpsells] = useState<Upsell[]>([]);

  useEffect(() => {
    let live = true;
    void fetchCartCount(cardState).then((result) => {
      if (!live) return;
      if (result.ok) setCount(result.answer);
      else logSecondaryFailure('the cart count', result.status);
    });
    void fetchCartSubtotal(cardState).then((result) => {
      if (!live) return;
      if (result.ok) setSubtotal(result.answer);
      else logSecondaryFailure('the cart subtotal', result.status);
    });
    void (async () => {
      const [inCart, ...products] = await Promise.all([
        fetchCartItems(cardState),
        ...bundle.upsellAsins.map((asin) => fetchBundleProduct(cardState, asin)),
      ]);
      if (!live) return;
      if (!inCart.ok) logSecondaryFailure('the cart items', inCart.status);
      const held = (asin: string) =>
        inCart.ok
          ? inCart.answer.filter((line) => line.asin === asin).reduce((sum, l) => sum + l.quantity, 0)
          : 0;
      const loaded: Upsell[] = [];
      products.forEach((result, i) => {
        if (!result.ok) logSecondaryFailure(`accessory ${bundle.upsellAsins[i]}`, result.status);
        else if (isValidBundleProduct(result.answer))
          loaded.push({ product: result.answer, inCart: held(result.answer.asin) });
      });
      setUpsells(loaded);
    })();
    return () => {
      live = false;
    };
  }, [bundle, cardState]);

  return (
    <section className="post-add" aria-labelledby="post-add-heading" data-testid="post-add-panel">
      <div className="post-add__added">
        <img
          src={bundle.image.url}
          alt={bundle.image.altText}
          width={64}
          height={64}
          className="post-add__image"
        />
        <div>
          <h3 id="post-add-heading" className="post-add__heading">
            Added to cart
          </h3>
          <p className="post-add__bundle">{bundle.title}</p>
        </div>
      </div>
      <div className="post-add__cart">
        {count !== null ? (
          <p className="post-add__count" data-testid="post-add-count">
            Cart: {count} {count === 1 ? 'item' : 'items'}
          </p>
        ) : null}
        {subtotal !== null ? (
          <p className="post-add__subtotal" data-testid="post-add-subtotal">
            Cart subtotal: <strong>{subtotal}</strong>
          </p>
        ) : null}
        <a className="button button--buy button--wide" href="/gp/buy/spc/handlers/display.html">
          Proceed to checkout
          {count !== null ? ` (${count} ${count === 1 ? 'item' : 'items'})` : ''}
        </a>
        <a className="post-add__cart-link" href="/gp/cart/view.html">
          Go to cart
        </a>
      </div>
      {upsells.length > 0 ? (
        <div className="post-add__upsells">
          <h3 className="post-add__upsells-heading">Add accessories</h3>
          <ul className="post-add__upsell-list">
            {upsells.map((upsell) => (
              <AccessoryCard
                key={upsell.product.asin}
                upsell={upsell}
                cardState={cardState}
                onCartCount={(n) => {
                  setCount(n);
                  onCartCount(n);
                  // The subtotal follows the cart: an accessory added here changes it too.
                  void fetchCartSubtotal(cardState).then((result) => {
                    if (result.ok) setSubtotal(result.answer);
                    else logSecondaryFailure('the cart subtotal', result.status);
                  });
                }}
              />
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** BDL-014..016: button, spinner, success count; the button returns after 3 s unless the limit is reached. */
function AccessoryCard({
  upsell,
  cardState,
  onCartCount,
}: {
  upsell: Upsell;
  cardState: BundleCardState;
  onCartCount: (count: number) => void;
}) {
  const { product } = upsell;
  const option = product.buyingOptions[0];
  const max = option?.quantity?.maxOrderQuantity;
  const [state, setState] = useState<AccessoryAddState>(
    upsell.inCart > 0 ? accessoryAdded(upsell.inCart, max) : { kind: 'button' },
  );
  // What the cart holds of this accessory: it stays shown beside the button once the button returns.
  const [inCart, setInCart] = useState(upsell.inCart);
  useEffect(() => {
    if (state.kind !== 'success' || state.limitReached) return;
    const timer = window.setTimeout(() => setState(afterAccessoryReset), ACCESSORY_BUTTON_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [state]);
  const image = product.images?.[0];
  const title = product.title?.displayString ?? product.asin;

  const add = async () => {
    if (!option || state.kind === 'spinner') return;
    setState({ kind: 'spinner' });
    const result = await addItemsToCart(
      cartApiState(cardState.marketplace),
      [{ asin: product.asin, offerListingId: option.offerListingId, quantity: 1 }],
      { language: cardState.language, refTag: 'bundles_post_add' },
    );
    if (!result.ok) {
      setState({ kind: 'error' });
      return;
    }
    const line = result.answer.entity.items.find((item) => item.asin === product.asin);
    setInCart(line?.quantity ?? inCart + 1);
    setState(accessoryAdded(line?.quantity ?? inCart + 1, max));
    onCartCount(result.answer.entity.count.entity.items);
  };

  return (
    <li className="post-add__upsell" data-asin={product.asin}>
      {image ? <img src={image.url} alt={image.altText} width={56} height={56} /> : null}
      <div className="post-add__upsell-text">
        <a href={`/dp/${product.asin}`} className="post-add__upsell-title">
          {title}
        </a>
        {option?.price ? (
          <span className="post-add__upsell-price">{option.price.priceToPay.displayString}</span>
        ) : null}
        {state.kind === 'button' && inCart > 0 ? (
          <p className="post-add__upsell-added">
            <span aria-hidden="true">✓ </span>
            {inCart} in cart
          </p>
        ) : null}
        {state.kind === 'button' ? (
          <button
            type="button"
            className="button button--cart button--small"
            onClick={add}
            aria-label={`Add to cart: ${title}`}
          >
            Add to cart
          </button>
        ) : null}
        {state.kind === 'spinner' ? <Spinner label={`Adding ${title} to your cart`} /> : null}
        {state.kind === 'success' ? (
          <p className="post-add__upsell-added" role="status">
            <span aria-hidden="true">✓ </span>
            {state.inCart} in cart{state.limitReached ? ' · limit reached' : ''}
          </p>
        ) : null}
        {state.kind === 'error' ? (
          <div className="post-add__upsell-error">
            <Alert kind="error" title={`${title} could not be added.`}>
              <button type="button" className="link-button" onClick={() => setState({ kind: 'button' })}>
                Try again
              </button>
            </Alert>
          </div>
        ) : null}
      </div>
    </li>
  );
}
