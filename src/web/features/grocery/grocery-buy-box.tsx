import { useMemo, useRef, useState } from 'react';
import { substitutePageUrl } from '../../../domain/grocery/cart-conflicts';
import { isWeighed } from '../../../domain/grocery/delivery-slots';
import { freshAddQuery, isInApp, missingStoreSheetParams } from '../../../domain/grocery/fresh-cart';
import {
  DEFAULT_SELECTOR_FLAGS,
  quantityItems,
  type SelectorConfig,
} from '../../../domain/quantity/selector';
import { type SliderModel, sliderAnswerLine, sliderRefusalInCart } from '../../../domain/quantity/slider';
import type { FreshAddRequest, GroceryView } from '../../../shared/contracts/grocery';
import type { ProductPageData } from '../../../shared/contracts/pages/product-page';
import {
  ADD_VIBRATE_MS,
  FRESH_CART_PATH,
  FRESH_CLIENT_ID,
  GROCERY_METRICS,
} from '../../../shared/grocery-constants';
import {
  addManyToFreshCart,
  addToFreshCart,
  addToFreshOrder,
  cancelSlot,
  changeAddress,
  conflictSummary,
  navigationCartCount,
  resolveConflicts,
  sendSliderRequest,
  storeSheet,
} from '../../api/grocery-api';
import { sendMetricEvents } from '../../api/metrics-client';
import { isSessionProblem } from '../../api/request';
import { MORE_ITEM_ID, QuantitySelector } from '../../ui/quantity/quantity-selector';
import { QuantityStepper } from '../../ui/quantity/quantity-stepper';
import { type SliderSend, useQuantitySlider } from '../../ui/quantity/use-quantity-slider';
import { Spinner } from '../../ui/spinner';
import { usePhoneLayout } from '../../ui/use-phone-layout';
import { AddressPicker } from './address-picker';
import { FreshErrorModal } from './fresh-error-modal';
import { MultiAdd } from './multi-add';
import { RepeatDelivery } from './repeat-delivery';
import { StoreIntroSheet, type StoreSheetContents } from './store-sheet';
import { useFreshAdd } from './use-fresh-add';

type Offer = NonNullable<ProductPageData['product']['offer']>;

const QUANTITY_CHOICES = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const WEIGHT_CHOICES = [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5];

const page = {
  reload: () => window.location.reload(),
  navigate: (url: string) => window.location.assign(url),
  here: () => `${window.location.pathname}${window.location.search}`,
};

/**
 * The grocery buy box (decision 0023): the price per unit, the store that delivers to the shopper and the
 * address; a quantity and Add to Fresh Cart, which becomes the stepper once the fresh cart holds the item;
 * Add to a scheduled order, multi add, Repeat Delivery, the store sheet and the address change.
 */
export function GroceryBuyBox({
  data,
  grocery,
  offer,
  onCartCount,
}: {
  data: ProductPageData;
  grocery: GroceryView;
  offer: Offer;
  onCartCount: (count: number) => void;
}) {
  const phone = usePhoneLayout();
  const store = grocery.store;
  const [quantity, setQuantity] = useState(1);
  // A product sold by weight (decision 0047): one line of a weight, added in half-unit steps.
  const weighed = isWeighed(grocery.unitOfMeasure);
  const [weight, setWeight] = useState(1);
  const [weightInCart, setWeightInCart] = useState<number | null>(grocery.inCart?.amountInUom ?? null);
  const [sheet, setSheet] = useState<StoreSheetContents | null>(null);
  const [picking, setPicking] = useState(false);
  const [addressProblem, setAddressProblem] = useState<string | null>(null);
  const [changingAddress, setChangingAddress] = useState(false);
  const changeRef = useRef<HTMLButtonElement>(null);
  const sessionId = data.shopper.sessionId;
  const maxOrder = Math.min(offer.maxOrderQuantity, 99);

  const model: SliderModel = {
    asinId: grocery.asin,
    offerListingId: offer.offerListingId,
    quantityInCart: grocery.inCart?.quantity ?? 0,
    minOrderQuantity: grocery.minOrderQuantity,
    maxOrderQuantity: maxOrder,
    cartItemId: grocery.inCart?.itemId ?? null,
    cartType: 'UFG',
    ajaxCartUrl: FRESH_CART_PATH,
    addToCartUrl: FRESH_CART_PATH,
    csrfToken: data.csrfToken,
    clientName: FRESH_CLIENT_ID,
    sessionId,
    loggingUrl: '/api/metrics/events',
    enableQuantityLimitMessage: true,
    additionalInput: store ? { storeId: store.storeId } : null,
    additionalParams: store
      ? {
          storeId: store.storeId,
          brandId: grocery.brandId,
          offerListingDiscriminator: grocery.offerListingDiscriminator,
        }
      : {},
  };

  const refreshCount = () => {
    void navigationCartCount(sessionId, FRESH_CLIENT_ID).then((result) => {
      if (result.ok) onCartCount(result.answer.total.numActiveItem);
    });
  };

  const fresh = useFreshAdd({
    language: data.language,
    onCart: (answer) => {
      const line = answer.clientResponseModel.items.find((item) => item.ASIN === grocery.asin);
      slider.sync(line?.quantity ?? 0, line?.itemId ?? null);
      setWeightInCart(line?.amountInUom ?? null);
    },
    onRefusedCart: (error) => {
      const items = error.clientResponseModel?.items ?? [];
      const line = items.find((item) => item.ASIN === grocery.asin);
      slider.sync(line?.quantity ?? 0, line?.itemId ?? null);
    },
    refreshCount,
    showSheet: (html) => setSheet({ kind: 'html', html }),
    navigate: page.navigate,
    reload: page.reload,
  });

  const send: SliderSend = async (request) => {
    const result = await sendSliderRequest(request, model);
    const line = result.ok ? sliderAnswerLine(result.answer, model) : null;
    if (line) {
      // SL-016: the logging call after a success.
      sendMetricEvents([
        {
          schemaId: GROCERY_METRICS.sliderQuantityChanged,
          producerId: 'quantity-slider',
          data: { asin: model.asinId, quantity: line.quantity, cartType: model.cartType },
        },
      ]);
      refreshCount();
      return { ok: true, ...line };
    }
    if (result.ok) {
      // SL-018
      console.warn('quantity slider: invalid cart response');
      sendMetricEvents([
        {
          schemaId: GROCERY_METRICS.sliderInvalidResponse,
          producerId: 'quantity-slider',
          data: { asin: model.asinId },
        },
      ]);
      return { ok: false, reason: 'invalid' };
    }
    if (isSessionProblem(result.status)) {
      page.reload();
      return { ok: false, reason: 'session' };
    }
    // GRO-029: a refusal with the server's modal shows it, as a fresh add's does.
    if (result.refusal?.errorModalHtml) fresh.showRefusal(result.refusal, 'stepper');
    // SL-017: the buttons come back (the hook) and the failure is logged.
    console.error(`quantity slider: the cart refused ${model.asinId} (${result.status})`);
    sendMetricEvents([
      {
        schemaId: GROCERY_METRICS.sliderError,
        producerId: 'quantity-slider',
        data: { asin: model.asinId, status: result.status },
      },
    ]);
    const inCart = sliderRefusalInCart(result.refusal, model.asinId);
    return { ok: false, reason: 'refused', ...(inCart !== undefined ? { inCart } : {}) };
  };
  const selector = useMemo<SelectorConfig>(
    () => ({
      selectedId: '1',
      selectedQuantity: 1,
      previousSelectedId: null,
      stepperDebounceTime: grocery.stepperDebounceTime,
      staticData: { asin: grocery.asin },
      items: [
        ...quantityItems(QUANTITY_CHOICES.filter((q) => q <= maxOrder)),
        ...(maxOrder > 9 ? [{ id: MORE_ITEM_ID, selectedText: '10+', data: {}, quantity: 10 }] : []),
      ],
      flags: { ...DEFAULT_SELECTOR_FLAGS, textInputRequired: maxOrder > 9, showAddToCartButtonAtZero: true },
    }),
    [grocery.asin, grocery.stepperDebounceTime, maxOrder],
  );
  // QS-002: the stepper waits as long as the selector configuration says.
  const slider = useQuantitySlider(model, send, { debounceMs: selector.stepperDebounceTime });

  const payload = (amount: number): FreshAddRequest => ({
    clientID: FRESH_CLIENT_ID,
    asin: grocery.asin,
    storeId: store?.storeId ?? '',
    brandId: grocery.brandId,
    quantity: amount,
    amountInUom: amount,
    qsUID: `${grocery.asin}-${Date.now()}`,
    sessionID: sessionId,
    setQuantityFlag: false,
    isStepperFlag: false,
    prevSelectedQty: slider.confirmed,
    additionalParams: {
      csrfToken: data.csrfToken,
      shouldRenderSIS: true,
      sisDeliveryMessage: store?.deliveryMessage ?? '',
    },
    reftag: 'dp_atfc',
    offerListingDiscriminator: grocery.offerListingDiscriminator,
  });

  const openStoreSheet = async () => {
    const params = {
      asin: grocery.asin,
      brandId: grocery.brandId,
      offerListingDiscriminator: grocery.offerListingDiscriminator,
      storeId: store?.storeId ?? '',
    };
    const missing = missingStoreSheetParams(params);
    if (missing.length) {
      // GRO-015
      console.error(`store introduction sheet needs ${missing.join(', ')}`);
      return;
    }
    const view = await storeSheet({
      almBrandId: params.brandId,
      almStoreId: params.storeId,
      asin: params.asin,
      isDelivery: 'true',
      offerListingDiscriminator: params.offerListingDiscriminator,
      isAlmDetailPageBopis: 'false',
      clientId: FRESH_CLIENT_ID,
      ...(store ? { deliveryMessage: store.deliveryMessage } : {}),
    });
    if (view.ok) setSheet({ kind: 'view', view: view.answer });
  };

  const goToStorefront = async (url: string, newAddressId: string | null) => {
    // GRO-002: the address first, when the button names one.
    if (newAddressId) {
      const changed = await changeAddress({
        addressId: newAddressId,
        almBrandId: grocery.brandId,
        deviceType: phone ? 'mobile' : 'desktop',
      });
      if (isSessionProblem(changed.status)) return page.reload();
    }
    page.navigate(url);
  };

  const chooseAddress = async (addressId: string) => {
    setPicking(false);
    setChangingAddress(true);
    setAddressProblem(null);
    const changed = await changeAddress({
      addressId,
      almBrandId: grocery.brandId,
      deviceType: phone ? 'mobile' : 'desktop',
    });
    if (!changed.ok) {
      setChangingAddress(false);
      if (isSessionProblem(changed.status)) return page.reload();
      setAddressProblem('We could not change your delivery address. Please try again.');
      return;
    }
    // GRO-025: a slot held for the old address goes.
    if (grocery.slotToken) await cancelSlot(grocery.slotToken);
    // GRO-011/012/022: conflicts go to the substitute page; without, the cart is resolved and the page reloads.
    const summary = await conflictSummary('dp_cc');
    if (isSessionProblem(summary.status)) return page.reload();
    if (summary.ok && summary.answer.hasConflicts) return page.navigate(substitutePageUrl(page.here()));
    await resolveConflicts('dp_cc');
    page.reload();
  };

  const adding = fresh.busy !== null;
  const inCart = slider.view.mode === 'slider';
  return (
    <aside className="buy-box grocery-box" aria-label="Buy box" data-testid="grocery-buy-box">
      <p className="buy-box__price">
        {offer.price.displayString} <span className="grocery-box__unit">/ {grocery.unitOfMeasure}</span>
      </p>
      {store ? (
        <p className="grocery-box__store">
          Fresh from{' '}
          <button type="button" className="link-button" onClick={() => void openStoreSheet()}>
            {store.name}
          </button>
        </p>
      ) : null}
      {grocery.signedIn ? (
        <p className="grocery-box__address">
          {grocery.address ? (
            <>Deliver to {grocery.address.label} </>
          ) : (
            <>Fill your fresh cart now; add a delivery address before you check out. </>
          )}
          {grocery.address ? (
            <button ref={changeRef} type="button" className="link-button" onClick={() => setPicking(true)}>
              Change<span className="visually-hidden"> delivery address</span>
            </button>
          ) : null}
          {changingAddress ? <Spinner label="Changing your delivery address" /> : null}
        </p>
      ) : null}
      {addressProblem ? (
        <p className="alert alert--error" role="alert">
          {addressProblem}
        </p>
      ) : null}
      {!store ? (
        <p className="buy-box__stock buy-box__stock--out">
          Not delivered to your address from any of its stores.
        </p>
      ) : weighed ? (
        <div className="grocery-box__add">
          {weightInCart !== null ? (
            <p className="grocery-box__in-cart" role="status">
              {weightInCart} {grocery.unitOfMeasure} in fresh cart
            </p>
          ) : null}
          <label className="grocery-box__weight">
            Weight:{' '}
            <select value={weight} onChange={(event) => setWeight(Number(event.target.value))}>
              {WEIGHT_CHOICES.map((w) => (
                <option key={w} value={w}>
                  {w} {grocery.unitOfMeasure}
                </option>
              ))}
            </select>
          </label>
          <FreshAddButton
            busy={fresh.busy === 'cart'}
            adding={adding}
            label={weightInCart !== null ? 'Add more to Fresh Cart' : 'Add to Fresh Cart'}
            onAdd={() =>
              fresh.run('cart', () =>
                addToFreshCart({ ...payload(1), amountInUom: weight }, freshAddQuery(window.location.search)),
              )
            }
          />
        </div>
      ) : inCart ? (
        <div className="grocery-box__in-cart">
          <QuantityStepper
            quantity={slider.view.shownQuantity}
            limits={{ min: model.minOrderQuantity, max: model.maxOrderQuantity }}
            busy={slider.view.busy}
            itemLabel={data.product.title}
            incrementDisabled={slider.view.plusDisabled}
            onIncrement={slider.plus}
            onDecrement={slider.minus}
            suffix="in fresh cart"
          />
        </div>
      ) : (
        <div className="grocery-box__add">
          <QuantitySelector
            config={selector}
            label="Quantity:"
            presentation={phone ? 'sheet' : 'popover'}
            onSelect={(item) => {
              if (item) setQuantity(item.quantity);
            }}
            onTyped={(text) => {
              const typed = Number(text.replace(/\D/g, ''));
              if (typed > 0) setQuantity(Math.min(typed, maxOrder));
            }}
          />
          {quantity > 9 ? <p className="grocery-box__typed">Quantity: {quantity}</p> : null}
          <FreshAddButton
            busy={fresh.busy === 'cart'}
            adding={adding}
            label="Add to Fresh Cart"
            onAdd={() =>
              fresh.run('cart', () =>
                addToFreshCart(payload(quantity), freshAddQuery(window.location.search)),
              )
            }
          />
        </div>
      )}
      {store && grocery.freshOrder ? (
        <div className="grocery-box__order">
          {fresh.busy === 'order' ? (
            <Spinner label="Adding to your order" size={22} />
          ) : (
            <button
              type="button"
              className="button button--secondary button--wide"
              aria-disabled={adding || undefined}
              onClick={() => {
                if (adding) return;
                vibrate();
                void fresh.run('order', () => addToFreshOrder(payload(inCart ? 1 : quantity), 'dp_fo'));
              }}
            >
              Add to your order for {grocery.freshOrder.deliveryLabel}
            </button>
          )}
          <p className="grocery-box__cutoff">Order changes close {grocery.freshOrder.cutoffLabel}.</p>
        </div>
      ) : null}
      <div aria-live="polite" className="buy-box__status">
        {fresh.notice ? <p className="alert alert--success">{fresh.notice}</p> : null}
      </div>
      {store && grocery.boughtTogether.length > 0 ? (
        <MultiAdd
          self={{
            asin: grocery.asin,
            title: data.product.title,
            offerListingDiscriminator: grocery.offerListingDiscriminator,
          }}
          companions={grocery.boughtTogether}
          disabled={adding}
          onAdd={(items) => {
            vibrate();
            void fresh.run('multi', () =>
              addManyToFreshCart(
                {
                  clientID: FRESH_CLIENT_ID,
                  sessionID: sessionId,
                  storeId: store.storeId,
                  brandId: grocery.brandId,
                  items: items.map((item) => ({ ...item, quantity: 1 })),
                  additionalParams: { csrfToken: data.csrfToken },
                  reftag: 'dp_multi',
                },
                freshAddQuery(window.location.search),
              ),
            );
          }}
        />
      ) : null}
      {grocery.repeatDelivery ? (
        <RepeatDelivery
          asin={grocery.asin}
          signedIn={grocery.signedIn}
          item={grocery.repeatDelivery.item}
          productPath={`/dp/${grocery.asin}`}
        />
      ) : null}
      <FreshErrorModal modal={fresh.modal} onClose={fresh.closeModal} />
      <StoreIntroSheet
        contents={sheet}
        onClose={() => setSheet(null)}
        onStorefront={(url, id) => void goToStorefront(url, id)}
      />
      <AddressPicker
        open={picking}
        anchorRef={changeRef}
        onClose={() => setPicking(false)}
        onChoose={(id) => void chooseAddress(id)}
      />
    </aside>
  );
}

/** Add to Fresh Cart, or its spinner while an add is on its way; a press while one is pending does nothing. */
function FreshAddButton({
  busy,
  adding,
  label,
  onAdd,
}: {
  busy: boolean;
  adding: boolean;
  label: string;
  onAdd: () => Promise<unknown>;
}) {
  if (busy) {
    return (
      <span className="grocery-box__spinner">
        <Spinner label="Adding to your fresh cart" size={22} />
      </span>
    );
  }
  return (
    <button
      type="button"
      id="freshAddToCartButton"
      className="button button--cart button--wide"
      aria-disabled={adding || undefined}
      onClick={() => {
        if (adding) return;
        vibrate();
        void onAdd();
      }}
    >
      {label}
    </button>
  );
}

/** GRO-037: a short buzz in the app when an add starts. */
function vibrate() {
  if (isInApp(navigator.userAgent)) navigator.vibrate?.(ADD_VIBRATE_MS);
}
