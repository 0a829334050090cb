import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { BuyBoxKind } from '../../../domain/business/business-offers';
import { lockedDiscountsShown } from '../../../domain/business/picker';
import { availabilityView, splitOfferUrl, summaryReloadUrl } from '../../../domain/business/quantity-check';
import { BUY_BOX_FIELDS, PURCHASE_BUTTONS, pageItemPayload } from '../../../domain/cart/add-to-cart-form';
import { unitPriceShownRounded } from '../../../domain/pricing/rounded-unit-price';
import { BUSINESS_METRICS } from '../../../shared/business-constants';
import type { BusinessBuyBoxView, BusinessBuyingView } from '../../../shared/contracts/business';
import { fetchDeepCheck } from '../../api/business-api';
import { sendMetricEvents } from '../../api/metrics-client';
import { pageTokens } from '../../api/page-tokens';
import { useAddToCart } from '../../api/use-add-to-cart';
import { whileBusy } from '../../ui/while-busy';
import type { BoxQuote } from './box-quote';
import { PriceExplanation } from './price-explanation';
import { QuantityPicker } from './quantity-picker';
import type { Draft } from './use-business-quantity';
import { usePriceTable } from './use-price-table';

export type BoxPage = {
  marketplaceId: string;
  asin: string;
  language: string;
  currency: string;
  csrfToken: string;
  refTag: string | null;
  sessionId: string;
};

const BOX_HEADINGS: Record<BuyBoxKind, string> = {
  default: 'Business price',
  customOffer: 'Custom offer',
  b2bRd: 'Business renewed',
};

/** One business buy box: its price for the quantity, the ladder, the picker and table, availability and purchase. */
export function BusinessBox({
  box,
  view,
  page,
  quantity,
  quote,
  draft,
  typed,
  checking,
  onDraft,
  onResolve,
  onCommit,
  onOpenOffers,
  onCartCount,
}: {
  box: BusinessBuyBoxView;
  view: BusinessBuyingView;
  page: BoxPage;
  quantity: number;
  quote: BoxQuote | null;
  draft: Draft | null;
  /** The quantity typed in this box and not applied yet. */
  typed: number | null;
  checking: boolean;
  onDraft: (quantity: number | null) => void;
  /** What this box offers for a quantity (the quantity check, cached). */
  onResolve: (quantity: number) => Promise<BoxQuote | null | 'error'>;
  onCommit: (quantity: number) => void;
  onOpenOffers: () => void;
  onCartCount: (count: number) => void;
}) {
  const { settings } = box;
  const kind = settings.buyingOptionStereotype;
  const headingId = useId();
  const mobile = view.device !== 'desktop';
  // The box's value is what is added (decision 0044): a typed quantity, applied or not, is the one its
  // price, availability and purchase buttons are for; its check answers what the box offers for it.
  const pending = typed !== null && typed !== quantity ? typed : null;
  const shownQuantity = pending ?? quantity;
  const checked = pending !== null && draft?.quantity === pending ? draft : null;
  const shownQuote = pending === null ? quote : (checked?.quote ?? null);
  const priceKnown = pending === null || checked !== null;
  const available = pending === null ? (quote?.available ?? false) : (checked?.available ?? true);
  const availability = availabilityView(available, shownQuantity);
  const shown = shownQuote ?? quote;
  const [resolving, setResolving] = useState(false);
  const table = usePriceTable(
    { ...page, buyingInBulkUrl: settings.buyingInBulkUrl },
    quote?.offerListingId ?? null,
    quote?.available ?? false,
  );
  const { state, add } = useAddToCart({
    marketplaceId: page.marketplaceId,
    language: page.language,
    refTag: page.refTag,
    sessionId: page.sessionId,
    onCartCount,
  });
  const action = page.refTag ? `/gp/product/handle-buy-box/ref=${page.refTag}` : '/gp/product/handle-buy-box';
  const summaryId = `${settings.buyBoxId}-summary`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    // A press while the price is checked or an add runs does nothing (the buttons stay focusable).
    if (!quote || !available || resolving || checking || state.status === 'adding') {
      event.preventDefault();
      return;
    }
    // Buy now posts the form (checkout) with the box's quantity as it applies (0 reads 1, decision 0044);
    // add to cart stays on the page through the cart API.
    if (!(submitter instanceof HTMLButtonElement) || submitter.name !== PURCHASE_BUTTONS.addToCart) {
      const field = event.currentTarget.elements.namedItem('quantity');
      if (field instanceof HTMLInputElement) field.value = String(shownQuantity);
      return;
    }
    event.preventDefault();
    if (pending === null) {
      void add(pageItemPayload({ asin: page.asin, offerListingId: quote.offerListingId, quantity }, {}));
      return;
    }
    // A typed quantity is added as typed, from the offer the box has for it (its check, cached).
    setResolving(true);
    void onResolve(pending).then((offer) => {
      setResolving(false);
      // BIZ-055: a failed check counts as available, so the box's offer is used; none means unavailable.
      const listing = offer === 'error' ? quote : offer;
      if (!listing?.available) return;
      void add(
        pageItemPayload({ asin: page.asin, offerListingId: listing.offerListingId, quantity: pending }, {}),
      );
    });
  };

  const summaryClick = () => {
    if (!quote) return;
    // BIZ-011: what a summary click records.
    sendMetricEvents([
      {
        schemaId: BUSINESS_METRICS.summaryClick,
        producerId: `business-picker:${page.asin}`,
        data: {
          selectedQuantity: quantity,
          deviceType: view.device,
          bestTier: quote.ladder?.quantity ?? quantity,
          recommendedTier: quote.ladder?.quantity ?? null,
          asinDetailPageUrl: `/dp/${page.asin}`,
          tierSelected: quote.ladder !== null,
          selectedBuyingOption: quote.type,
        },
      },
    ]);
  };
  const summaryTarget = quote?.ladder
    ? summaryReloadUrl(
        typeof window === 'undefined' ? `/dp/${page.asin}` : window.location.href,
        quote.ladder.quantity,
        { mobile, anchor: `#${summaryId}`, refTag: page.refTag },
      )
    : null;

  return (
    <section
      className={`business-box business-box--${kind}`}
      id={settings.buyBoxId}
      aria-labelledby={headingId}
    >
      <h2 className="business-box__heading" id={headingId}>
        {BOX_HEADINGS[kind]}
      </h2>
      {quote && shown ? (
        <>
          <p className="business-box__price">
            <span className="business-box__unit" data-testid="business-unit-price">
              {shown.quantityPrice.unitPrice.displayString}
            </span>{' '}
            each from {shown.merchant.name}
          </p>
          <p className="business-box__total" data-testid="business-total" aria-live="polite">
            {shownQuote
              ? `Total for ${shownQuote.quantityPrice.quantity}: ${shownQuote.quantityPrice.total.displayString}`
              : `Total for ${shownQuantity}${priceKnown ? '' : ': checking the price…'}`}
            {shownQuote &&
            unitPriceShownRounded(
              shownQuote.quantityPrice.unitPrice.amount,
              shownQuote.quantityPrice.quantity,
              shownQuote.quantityPrice.total.amount,
            ) ? (
              <span className="business-box__rounded">
                {' (the unit price is rounded to the cent; the total is exact)'}
              </span>
            ) : null}
          </p>
          <PriceExplanation explanation={shown.explanation} />
          {shown.ladder ? (
            <p className="business-box__ladder">
              <button
                type="button"
                className="link-button"
                {...whileBusy(checking)}
                onClick={() => {
                  if (!checking) onCommit(shown.ladder?.quantity ?? quantity);
                }}
              >
                {shown.ladder.message}
              </button>
            </p>
          ) : null}
          <form className="business-box__form" method="post" action={action} onSubmit={onSubmit}>
            <input type="hidden" name="csrfToken" value={page.csrfToken} />
            <input type="hidden" name={BUY_BOX_FIELDS.asin} value={page.asin} />
            <input type="hidden" name={BUY_BOX_FIELDS.offerListingId} value={shown.offerListingId} />
            <QuantityPicker
              settings={settings}
              quantity={quantity}
              disabled={checking}
              platform={mobile ? 'mobile' : 'desktop'}
              table={table}
              singleTier={{
                quantity: settings.leastMinimumOrderQuantity,
                priceText: `${quote.quantityPrice.unitPrice.displayString}/unit`,
              }}
              onDraft={onDraft}
              onCommit={(next) => onCommit(next)}
              onOpenOffers={onOpenOffers}
            />
            {checking ? (
              <p className="business-box__checking" role="status">
                Checking the price for {quantity}…
              </p>
            ) : null}
            {availability.limitedMessage ? (
              <div
                className="business-box__limited alert alert--info"
                role="status"
                data-testid="limited-availability"
              >
                <p>
                  {settings.messages.unavailable} {quote.availability}
                </p>
                {availability.splitOffer ? (
                  <p className="business-box__split">
                    <a href={splitOfferUrl(page.asin, shownQuantity)}>{settings.messages.unavailableLink}</a>
                  </p>
                ) : null}
              </div>
            ) : (
              <p className="buy-box__stock">{quote.availability}</p>
            )}
            {lockedDiscountsShown(settings.lockedMerchantDiscounts, view.offerCount > 1) ? (
              <p className="business-box__locked">
                More discounts from other sellers unlock once your business is verified.
              </p>
            ) : null}
            <button
              className="button button--cart button--wide"
              type="submit"
              name={PURCHASE_BUTTONS.addToCart}
              value="Add to Cart"
              disabled={!availability.addToCartEnabled}
              {...whileBusy(checking || resolving || state.status === 'adding')}
              aria-busy={resolving || state.status === 'adding'}
            >
              {resolving || state.status === 'adding' ? 'Adding…' : 'Add to Cart'}
            </button>
            <button
              className="button button--buy button--wide"
              type="submit"
              name={PURCHASE_BUTTONS.buyNow}
              value="Buy Now"
              disabled={!availability.addToCartEnabled}
              {...whileBusy(checking)}
            >
              Buy Now
            </button>
          </form>
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
          {settings.summaryEnabled && quote.ladder && summaryTarget ? (
            <div className="business-box__summary" id={summaryId}>
              <p>
                Best value: {quote.ladder.quantity} at {quote.ladder.unitPrice.displayString} each.
              </p>
              {mobile ? (
                <a href={summaryTarget} onClick={summaryClick}>
                  See the price for {quote.ladder.quantity}
                </a>
              ) : (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    summaryClick();
                    window.location.assign(summaryTarget);
                  }}
                >
                  See the price for {quote.ladder.quantity}
                </button>
              )}
            </div>
          ) : null}
          <DeepCheck
            request={{
              asin: page.asin,
              buyingOptionIndex: quote.buyingOptionIndex,
              customerId: view.customerId,
              device: view.device,
              marketplaceId: page.marketplaceId,
              merchantId: quote.merchant.merchantId,
              sessionId: page.sessionId,
            }}
            language={page.language}
          />
        </>
      ) : (
        <p className="buy-box__stock buy-box__stock--out">Currently unavailable from this seller.</p>
      )}
    </section>
  );
}

/**
 * The deep-check delivery promise (BIZ-051): asked for after first paint; the server's HTML goes in
 * its container; a failure hides it (BIZ-058); a missing container is only counted (BIZ-059).
 */
export function DeepCheck({
  request,
  language,
}: {
  request: {
    asin: string;
    buyingOptionIndex: number | null;
    customerId: string;
    device: 'desktop' | 'mobile' | 'app';
    marketplaceId: string;
    merchantId: string;
    sessionId: string;
  };
  language: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [content, setContent] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const { asin, buyingOptionIndex, customerId, device, marketplaceId, merchantId, sessionId } = request;
  useEffect(() => {
    if (buyingOptionIndex === null || !container.current) {
      sendMetricEvents([
        {
          schemaId: BUSINESS_METRICS.deepCheckContainerMissing,
          producerId: `business-picker:${asin}`,
          data: {},
        },
      ]);
      return;
    }
    let live = true;
    void fetchDeepCheck(
      {
        asin,
        buyingOptionIndex,
        customerId,
        device,
        marketplaceId,
        merchantId,
        requestId: `${sessionId}-${buyingOptionIndex}-${Date.now()}`,
        sessionId,
        slateToken: pageTokens().slateToken,
      },
      language,
    ).then((result) => {
      if (!live) return;
      if (result.ok) setContent(result.answer.content);
      else setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [asin, buyingOptionIndex, customerId, device, marketplaceId, merchantId, sessionId, language]);
  if (buyingOptionIndex === null) return null;
  return (
    <div
      ref={container}
      className="business-box__promise"
      data-testid="deep-check"
      hidden={failed}
      // The server rendered this from the page's own DeliveryPromise component, escaped.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own server's renderToString output.
      dangerouslySetInnerHTML={{ __html: content ?? '' }}
    />
  );
}
