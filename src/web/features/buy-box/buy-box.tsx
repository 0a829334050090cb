import { type ReactNode, useId, useRef, useState } from 'react';
import {
  initialGiftAndPreregistration,
  isPreregistrationOffered,
  preregistrationSelector,
  sendsPreregistration,
} from '../../../domain/buy-box/gift-and-preregistration';
import { installmentsChanged, installmentsProgramIdToSend } from '../../../domain/buy-box/installments';
import {
  emptyDropdownForMinimumOrder,
  purchaseLocked,
  quantityOptionChosen,
  quantityOptions,
  restrictionMessage,
} from '../../../domain/buy-box/quantity-restriction';
import { quantityUrl } from '../../../domain/buy-box/url-quantity';
import { BUY_BOX_FIELDS, PURCHASE_BUTTONS } from '../../../domain/cart/add-to-cart-fields';
import type { ProductPageData } from '../../../shared/contracts/pages/product-page';
import { Popover } from '../../ui/lazy-overlays';
import { PopupLink } from '../../ui/popup-link';
import { useIsClient } from '../../ui/use-is-client';
import { CouponOffer } from './coupon-offer';
import { GiftOptions } from './gift-options';
import { InviteRequestSlot } from './invite-request-slot';
import { QuantityNoteSlot } from './quantity-note-slot';
import { TabularBuyBox } from './tabular-buy-box';
import { type PurchaseUpsells, usePurchaseForm } from './use-purchase-form';

type Offer = NonNullable<ProductPageData['product']['offer']>;

/** What the page composes into the buy box form: upsell rows, their cart items and the interstitial's hook. */
export type BuyBoxUpsells = PurchaseUpsells & {
  /** Rendered inside the form above the buttons, given the page quantity (null until one is chosen). */
  render: (pageQuantity: number | null) => ReactNode;
};

/**
 * The buy box. It is a plain form first (add to cart, buy now and 1-Click post to
 * /gp/product/handle-buy-box and work without JavaScript); with JavaScript, add to cart goes through
 * the cart API and stays on the page.
 */
export function BuyBox({
  data,
  offer,
  onCartCount,
  upsells,
}: {
  data: ProductPageData;
  offer: Offer;
  onCartCount: (count: number) => void;
  upsells?: BuyBoxUpsells;
}) {
  const { product, shopper } = data;
  const { features } = product;
  const productPath = `/dp/${product.asin}`;
  // BB-024: a product with a minimum order quantity starts with nothing chosen, unless the URL chose.
  const [quantity, setQuantity] = useState<number | null>(
    data.initialQuantity ??
      (emptyDropdownForMinimumOrder(offer.minOrderQuantity) ? null : offer.minOrderQuantity),
  );
  const [showRestriction, setShowRestriction] = useState(false);
  const quantityRef = useRef<HTMLSelectElement>(null);
  const [gift, setGift] = useState(() =>
    initialGiftAndPreregistration(features.preregistration?.defaultValue ?? false),
  );
  const [installments, setInstallments] = useState(false);
  const [inviteRequested, setInviteRequested] = useState(features.highDemand?.requested ?? false);
  const ids = { lock: useId(), restriction: useId(), adjusted: useId() };
  const options = quantityOptions({
    min: offer.minOrderQuantity,
    max: Math.min(offer.maxOrderQuantity, 30),
    restricted: features.quantityRestriction !== null,
  });
  const locked = purchaseLocked(quantity);
  // The minimum order quantity locks the buttons by script only: without it the form still posts and
  // the server answers a quantity under the minimum with this form and a message (decision 0016).
  const scripted = useIsClient();
  const lockedByScript = scripted && locked;
  const belowMinimum = locked && data.purchaseProblem === 'below_min_order_quantity';
  const action = data.refTag ? `/gp/product/handle-buy-box/ref=${data.refTag}` : '/gp/product/handle-buy-box';
  const installmentsView = installmentsChanged(installments);
  // BB-017: the quantity pre-registration reads is the dropdown of the active variant; installments swap it.
  const quantityId = preregistrationSelector(
    installmentsView.quantityControls === 'installments' ? '-installment' : '',
  );
  const preregistrationOffered =
    features.preregistration !== null &&
    isPreregistrationOffered(
      { asin: product.asin, showStatus: true, status: 'ALLOWED', ...features.preregistration },
      quantity ?? offer.minOrderQuantity,
    );
  const programId = features.installments
    ? installmentsProgramIdToSend(installments, features.installments.programId)
    : undefined;
  const purchase = usePurchaseForm({
    page: {
      marketplaceId: data.marketplaceId,
      language: data.language,
      refTag: data.refTag,
      sessionId: shopper.sessionId,
    },
    item: { asin: product.asin, offerListingId: offer.offerListingId },
    quantity,
    locked,
    choices: {
      ...(features.giftWrap ? { giftWrap: gift.giftWrap } : {}),
      ...(features.preregistration
        ? { preregistration: preregistrationOffered && sendsPreregistration(gift) }
        : {}),
      ...(programId ? { installmentsProgramId: programId } : {}),
    },
    upsells,
    onCartCount,
  });
  const { state } = purchase;

  const chooseQuantity = (value: string) => {
    const option = options.find((o) => String(o.value) === value);
    if (!option) return;
    const chosen = quantityOptionChosen(option, quantity ?? offer.minOrderQuantity);
    setShowRestriction(chosen.openRestriction);
    if (chosen.quantity === null) return;
    setQuantity(chosen.quantity);
    // DP-009: the quantity lives in the URL without a reload.
    window.history.pushState(null, '', quantityUrl(window.location.href, chosen.quantity));
  };

  const highDemand = features.highDemand !== null;
  return (
    <aside className="buy-box" aria-label="Buy box">
      <p className="buy-box__price">{offer.price.displayString}</p>
      {features.coupon ? (
        <CouponOffer
          coupon={features.coupon}
          signedIn={shopper.signedIn}
          productPath={productPath}
          csrfToken={data.csrfToken}
        />
      ) : null}
      {highDemand && inviteRequested ? null : (
        <p className={offer.canAddToCart ? 'buy-box__stock' : 'buy-box__stock buy-box__stock--out'}>
          {offer.availability}
        </p>
      )}
      {highDemand ? (
        <InviteRequestSlot
          kind={features.highDemand?.button ?? 'request-invitation'}
          asin={product.asin}
          marketplaceId={data.marketplaceId}
          signedIn={shopper.signedIn}
          requested={inviteRequested}
          productPath={productPath}
          csrfToken={data.csrfToken}
          onRequested={() => setInviteRequested(true)}
        />
      ) : offer.canAddToCart ? (
        // biome-ignore lint/a11y/noNoninteractiveElementInteractions: the pointer, focus and change handlers only fetch the press code ahead of a press; the buttons inside are what is operated.
        <form
          className="buy-box__form"
          method="post"
          action={action}
          onSubmit={purchase.onSubmit}
          onPointerDown={purchase.warm}
          onFocus={purchase.warm}
          onChange={purchase.warm}
        >
          <input type="hidden" name="csrfToken" value={data.csrfToken} />
          <input type="hidden" name={BUY_BOX_FIELDS.asin} value={product.asin} />
          <input type="hidden" name={BUY_BOX_FIELDS.offerListingId} value={offer.offerListingId} />
          {features.installments ? (
            <label className="checkbox buy-box__installments">
              <input
                type="checkbox"
                checked={installments}
                onChange={(event) => setInstallments(event.target.checked)}
              />
              Pay in {features.installments.months} monthly payments of{' '}
              {features.installments.monthlyPayment.displayString}
            </label>
          ) : null}
          {features.installments ? (
            <p className="buy-box__note">
              No interest, no fees. <PopupLink href="/gp/help/installments.html">Details</PopupLink>
            </p>
          ) : null}
          {/* BB-018/019: the installments choice travels as a hidden field only while checked. */}
          {installmentsView.hiddenInput && programId ? (
            <input type="hidden" name={BUY_BOX_FIELDS.installments} value={programId} />
          ) : null}
          <label className="buy-box__quantity" htmlFor={quantityId}>
            Quantity:
            <select
              key={quantityId}
              ref={quantityRef}
              id={quantityId}
              name={BUY_BOX_FIELDS.quantity}
              value={quantity ?? ''}
              aria-describedby={
                [locked ? ids.lock : null, data.quantityAdjustment ? ids.adjusted : null]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              aria-invalid={belowMinimum || undefined}
              onChange={(event) => chooseQuantity(event.target.value)}
            >
              {quantity === null ? (
                <option value="" disabled>
                  Select
                </option>
              ) : null}
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          {data.initialQuantity !== null ? (
            <QuantityNoteSlot
              adjustment={data.quantityAdjustment}
              quantity={data.initialQuantity}
              id={ids.adjusted}
            />
          ) : null}
          {belowMinimum ? (
            <p className="alert alert--error" id={ids.lock} role="alert">
              This item is sold in quantities of at least {offer.minOrderQuantity}. Choose a quantity of{' '}
              {offer.minOrderQuantity} or more, then try again.
            </p>
          ) : locked ? (
            <p className="alert alert--info" id={ids.lock} role="status">
              This item is sold in quantities of at least {offer.minOrderQuantity}. Choose a quantity to
              continue.
            </p>
          ) : null}
          {features.quantityRestriction ? (
            <Popover
              open={showRestriction}
              onClose={() => setShowRestriction(false)}
              anchorRef={quantityRef}
              id={ids.restriction}
              title={features.quantityRestriction.popoverTitle}
            >
              <p>{restrictionMessage(features.quantityRestriction.message, offer.maxOrderQuantity)}</p>
            </Popover>
          ) : null}
          {installmentsView.quantityControls === 'installments' ? (
            <p className="buy-box__installments-note">
              Installments are charged monthly; the quantity applies to each payment plan.
            </p>
          ) : null}
          {upsells?.render(quantity)}
          <button
            className="button button--cart button--wide"
            type="submit"
            name={PURCHASE_BUTTONS.addToCart}
            value="Add to Cart"
            id="add-to-cart-button"
            onClick={() => purchase.clicked('add-to-cart-button')}
            disabled={lockedByScript || state.status === 'adding'}
            aria-busy={state.status === 'adding'}
          >
            {state.status === 'adding' ? <span className="spinner" aria-hidden="true" /> : null}
            {state.status === 'adding' ? 'Adding…' : 'Add to Cart'}
          </button>
          <button
            className="button button--buy button--wide"
            type="submit"
            name={PURCHASE_BUTTONS.buyNow}
            value="Buy Now"
            id="buy-now-button"
            onClick={() => purchase.clicked('buy-now-button')}
            disabled={lockedByScript}
          >
            Buy Now
          </button>
          {shopper.signedIn ? (
            <button
              className="button button--secondary button--wide"
              type="submit"
              name={PURCHASE_BUTTONS.oneClick}
              value="1-Click"
              id="one-click-button"
              onClick={() => purchase.clicked('one-click-button')}
              disabled={lockedByScript || purchase.oneClickBlocked}
            >
              Buy now with 1-Click
            </button>
          ) : null}
          <GiftOptions
            state={gift}
            onChange={setGift}
            giftWrap={features.giftWrap}
            preregistration={features.preregistration}
            preregistrationOffered={preregistrationOffered}
          />
        </form>
      ) : null}
      <div aria-live="polite" className="buy-box__status">
        {state.status === 'added' ? (
          <p className="alert alert--success">
            Added to cart. <a href="/gp/cart/view.html">Go to cart</a>
          </p>
        ) : state.status === 'failed' ? (
          <p className="alert alert--error" role="alert">
            {state.message}
          </p>
        ) : null}
      </div>
      <TabularBuyBox merchantName={offer.merchantName} />
    </aside>
  );
}
