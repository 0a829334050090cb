import { useEffect, useRef, useState } from 'react';
import {
  accessoryProductPath,
  declineButtonText,
  INTERSTITIAL_ADD_DELAY_MS,
  INTERSTITIAL_ADD_QUANTITY,
  type InterstitialAdd,
  interstitialAddFailed,
  interstitialAddSucceeded,
  interstitialContent,
  interstitialControl,
  needsShowing,
} from '../../../domain/accessories/accessories';
import { associationWith, checkSingleItemCall } from '../../../domain/cart/cart-request';
import type { AccessorySlotView } from '../../../shared/contracts/accessories';
import { METRIC_SCHEMAS } from '../../../shared/metric-schemas';
import { addItemsToCart, cartApiState } from '../../api/cart-api';
import { sendMetricEvents } from '../../api/metrics-client';
import { failureMessage } from '../../api/request';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { AccessoryNotes, AccessoryPrice } from './accessory-block';
import { type AccessoryUpsells, selectedVariation } from './use-accessory-upsells';

export type InterstitialCart = {
  marketplaceId: string;
  language: string;
  pageAsin: string;
  onCartCount: (count: number) => void;
};

/**
 * ACC-010..018: the accessories still to show, offered once more before the purchase goes on. Each
 * has a checkbox, a select button or, in deal mode, its own add to cart; hiding replays the press.
 */
export default function AccessoryInterstitial({
  upsells,
  cart,
}: {
  upsells: AccessoryUpsells;
  cart: InterstitialCart;
}) {
  const { view, options, dispatch } = upsells;
  const dealMode = view?.dealMode ?? false;
  // The rows are fixed when it opens, so a row does not vanish once it is chosen.
  const [shown] = useState<AccessorySlotView[] | null>(() => {
    const slots = view?.slots.filter((slot) => {
      const option = options.find((o) => o.slot === slot.slot);
      return dealMode || (option ? needsShowing(option) : false);
    });
    return interstitialContent(slots, (message) => console.warn(message)) as AccessorySlotView[] | null;
  });
  const [adds, setAdds] = useState<Record<number, InterstitialAdd>>({});
  const declineRef = useRef<HTMLButtonElement>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  if (!view || !shown) return null;

  const shownOptions = options.filter((o) => shown.some((s) => s.slot === o.slot));
  const anyChosen = shownOptions.some((o) => o.added);
  const anyAddedToCart = Object.values(adds).some((a) => a.status === 'added');

  // ACC-014/021/022: spinner at once, the add itself 2000 ms after the press, one unit at a time.
  const addToCart = (slot: AccessorySlotView) => {
    const option = options.find((o) => o.slot === slot.slot);
    if (!option) return;
    const variation = selectedVariation(slot, option);
    const single = {
      asin: variation.asin,
      offerId: variation.offerListingID,
      quantity: INTERSTITIAL_ADD_QUANTITY,
    };
    // CART-021: a single-item call without asin, offer or quantity is a page bug; it is logged, not sent.
    if (!checkSingleItemCall(single, { warn: console.warn, fatal: console.error })) {
      setAdds((all) => ({
        ...all,
        [slot.slot]: interstitialAddFailed('This item cannot be added right now.'),
      }));
      return;
    }
    dispatch(slot.slot, { type: 'interacted' }, 'atc');
    setAdds((all) => ({ ...all, [slot.slot]: { status: 'waiting' } }));
    timers.current.push(
      setTimeout(async () => {
        const result = await addItemsToCart(
          cartApiState(cart.marketplaceId),
          [
            {
              asin: variation.asin,
              offerListingId: variation.offerListingID,
              quantity: INTERSTITIAL_ADD_QUANTITY,
              additionalParameters: { itemAssociation: associationWith(cart.pageAsin) },
              ...(variation.isDigitalSubscription && variation.customAttributeName
                ? {
                    customAttributes: [
                      { name: variation.customAttributeName, value: variation.customAttributeValue ?? '' },
                    ],
                  }
                : {}),
            },
          ],
          { language: cart.language },
        );
        if (result.ok) {
          const line = result.answer.entity.items.find((i) => i.asin === variation.asin);
          cart.onCartCount(result.answer.entity.count.entity.items);
          setAdds((all) => ({
            ...all,
            [slot.slot]: interstitialAddSucceeded(
              line?.quantity ?? INTERSTITIAL_ADD_QUANTITY,
              variation.maxOrderQuantity,
            ),
          }));
          return;
        }
        // ACC-027: hide the spinner, show the error and try again, record the failure.
        sendMetricEvents([
          {
            schemaId: METRIC_SCHEMAS.accessoryAddFailed,
            producerId: 'pdp-accessory-interstitial',
            data: { asin: variation.asin, status: result.status },
          },
        ]);
        setAdds((all) => ({ ...all, [slot.slot]: interstitialAddFailed(failureMessage(result)) }));
      }, INTERSTITIAL_ADD_DELAY_MS),
    );
  };

  return (
    <Modal
      open
      onClose={upsells.hideInterstitial}
      title="Add accessories to your order"
      width={560}
      footer={
        <button
          ref={declineRef}
          type="button"
          className="button button--secondary accessory-interstitial__decline"
          onClick={upsells.hideInterstitial}
        >
          {declineButtonText({ anyChosen, anyAddedToCart })}
        </button>
      }
    >
      <ul className="accessory-interstitial">
        {shown.map((slot) => {
          const option = options.find((o) => o.slot === slot.slot);
          if (!option) return null;
          const variation = selectedVariation(slot, option);
          const control = interstitialControl(slot.variations.length, dealMode);
          const add = adds[slot.slot] ?? { status: 'idle' };
          const checkboxId = `interstitial-accessory-${slot.slot}`;
          return (
            <li key={slot.slot} className="accessory accessory--interstitial">
              <img className="accessory__image" src={variation.hiResImage} alt="" width={72} height={72} />
              <div className="accessory__text">
                {control === 'checkbox' ? (
                  <span className="accessory__choice">
                    <input
                      type="checkbox"
                      id={checkboxId}
                      checked={option.added}
                      onChange={(event) =>
                        dispatch(
                          slot.slot,
                          { type: event.target.checked ? 'tick' : 'untick' },
                          event.target.checked ? 'add' : 'remove',
                        )
                      }
                    />
                    <label htmlFor={checkboxId} className="accessory__title">
                      {variation.title}
                    </label>
                  </span>
                ) : (
                  <a className="accessory__title" href={accessoryProductPath(variation.asin)}>
                    {variation.title}
                  </a>
                )}
                <AccessoryPrice variation={variation} />
                <AccessoryNotes variation={variation} />
                {control === 'select' ? (
                  <SelectControl
                    slot={slot}
                    selectedAsin={option.selectedAsin}
                    added={option.added}
                    onChoose={(asin) => dispatch(slot.slot, { type: 'chooseVariation', asin })}
                    onToggle={() =>
                      dispatch(
                        slot.slot,
                        { type: option.added ? 'untick' : 'confirmPopover' },
                        option.added ? 'remove' : 'select',
                      )
                    }
                  />
                ) : null}
                {control === 'addToCart' ? (
                  <DealAdd title={variation.title} add={add} onAdd={() => addToCart(slot)} />
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}

function SelectControl({
  slot,
  selectedAsin,
  added,
  onChoose,
  onToggle,
}: {
  slot: AccessorySlotView;
  selectedAsin: string;
  added: boolean;
  onChoose: (asin: string) => void;
  onToggle: () => void;
}) {
  const selected = slot.variations.find((v) => v.asin === selectedAsin);
  return (
    <div className="accessory__select">
      <fieldset className="variation-popover__swatches">
        <legend>
          {selected?.visualDimension ?? 'Option'}: <strong>{selected?.swatchValue}</strong>
        </legend>
        {slot.variations.map((variation) => (
          <label key={variation.asin} className="swatch">
            <input
              type="radio"
              name={`interstitial-variation-${slot.slot}`}
              value={variation.asin}
              checked={variation.asin === selectedAsin}
              onChange={() => onChoose(variation.asin)}
            />
            <img src={variation.lowResImage} alt="" width={32} height={32} />
            <span>{variation.swatchValue ?? variation.title}</span>
          </label>
        ))}
      </fieldset>
      <button type="button" className="button button--secondary" aria-pressed={added} onClick={onToggle}>
        {added ? 'Selected' : 'Select'}
        <span className="visually-hidden"> {selected?.title}</span>
      </button>
    </div>
  );
}

function DealAdd({ title, add, onAdd }: { title: string; add: InterstitialAdd; onAdd: () => void }) {
  return (
    <div className="accessory__deal-add" aria-live="polite">
      {add.status === 'idle' ? (
        <button type="button" className="button button--cart" onClick={onAdd}>
          Add to Cart<span className="visually-hidden"> {title}</span>
        </button>
      ) : null}
      {add.status === 'waiting' ? <Spinner label={`Adding ${title} to your cart`} /> : null}
      {add.status === 'added' ? (
        <>
          <span className="accessory__in-cart">
            <span aria-hidden="true" className="accessory__check">
              ✓
            </span>{' '}
            {add.inCartQuantity} in cart
          </span>
          {add.canAddMore ? (
            <button type="button" className="link-button" onClick={onAdd}>
              Add another<span className="visually-hidden"> {title}</span>
            </button>
          ) : null}
        </>
      ) : null}
      {add.status === 'failed' ? (
        <>
          <span className="alert alert--error accessory__error" role="alert">
            {add.message}
          </span>
          <button type="button" className="button button--secondary" onClick={onAdd}>
            Try again<span className="visually-hidden"> to add {title}</span>
          </button>
        </>
      ) : null}
    </div>
  );
}
