import { lazy, type RefObject, Suspense, useEffect, useId, useRef, useState } from 'react';
import {
  accessoryImageError,
  accessoryProductPath,
  accessoryQuantityLimit,
} from '../../../domain/accessories/accessory-options';
import { upsellFormFields } from '../../../domain/cart/add-to-cart-fields';
import type { AccessorySlotView, VariationProduct } from '../../../shared/contracts/accessories';
import { useIsClient } from '../../ui/use-is-client';
import { type AccessoryUpsells, selectedVariation } from './use-accessory-upsells';

// Loaded when first needed, so the popover's code stays out of the page's first load.
const loadVariationPopover = () => import('./variation-popover');
const VariationPopover = lazy(loadVariationPopover);

/** ACC-026: a failed accessory image raises an error naming the accessory (reported, never breaking the page). */
function reportAccessoryImageError(variation: VariationProduct, url: string) {
  const error = accessoryImageError(variation, url);
  if (typeof window !== 'undefined' && typeof window.reportError === 'function') window.reportError(error);
  else throw error;
}

/**
 * Images of every variation load up front (S1 §7), so the popover and interstitial show them at once;
 * once the page has loaded, so they never compete with the product's own image (LCP).
 */
function usePreloadedImages(slots: readonly AccessorySlotView[]) {
  useEffect(() => {
    const images: HTMLImageElement[] = [];
    const preload = () => {
      for (const variation of slots.flatMap((slot) => slot.variations)) {
        for (const url of new Set([variation.lowResImage, variation.hiResImage])) {
          const image = new Image();
          image.onerror = () => reportAccessoryImageError(variation, url);
          image.src = url;
          images.push(image);
        }
      }
    };
    if (document.readyState === 'complete') preload();
    else window.addEventListener('load', preload, { once: true });
    return () => {
      window.removeEventListener('load', preload);
      for (const image of images) image.onerror = null;
    };
  }, [slots]);
}

export function AccessoryPrice({ variation }: { variation: VariationProduct }) {
  return (
    <span className="accessory__price">
      <span className="accessory__buying-price">{variation.buyingPrice}</span>
      {variation.showPriceStrikethrough && variation.listPrice ? (
        <span className="accessory__list-price">
          <span className="visually-hidden">{variation.listingPriceLabel ?? 'List Price:'} </span>
          <s>{variation.listPrice}</s>
        </span>
      ) : null}
    </span>
  );
}

export function AccessoryNotes({ variation }: { variation: VariationProduct }) {
  const limit = accessoryQuantityLimit(variation.maxOrderQuantity);
  return (
    <>
      {limit !== null ? <span className="accessory__note">Limit {limit} per order</span> : null}
      {variation.isDigitalSubscription ? (
        <span className="accessory__note">Digital subscription, delivered to your account</span>
      ) : null}
      {variation.isAutomated ? <span className="accessory__note">Recommended for you</span> : null}
    </>
  );
}

/**
 * ACC-001: the accessory block inside the buy box form: a row per accessory with a checkbox (ACC-006,
 * ACC-007) and, for accessories with variations, a variation popover (ACC-008, ACC-009). The chosen
 * accessories travel with the form as asin.{i}/offeringID.{i}/quantity.{i} fields.
 */
export function AccessoryBlock({
  upsells,
  pageQuantity,
}: {
  upsells: AccessoryUpsells;
  pageQuantity: number | null;
}) {
  const { view, options, dispatch } = upsells;
  const headingId = useId();
  const [openSlot, setOpenSlot] = useState<number | null>(null);
  // One stable ref object per slot: the popover measures its trigger through it.
  const anchors = useRef(new Map<number, { current: HTMLButtonElement | null }>());
  const anchorOf = (slot: number) => {
    let ref = anchors.current.get(slot);
    if (!ref) {
      ref = { current: null };
      anchors.current.set(slot, ref);
    }
    return ref;
  };
  usePreloadedImages(view?.slots ?? []);
  // Before the script runs a ticked row posts accessory.{slot}={asin}; after, the hidden fields below do.
  const hydrated = useIsClient();
  if (!view) return null;
  const fields = pageQuantity === null ? [] : upsellFormFields(upsells.orderItems(pageQuantity));

  return (
    <section className="accessories" aria-labelledby={headingId}>
      <h2 className="accessories__heading" id={headingId}>
        Add an accessory
      </h2>
      <ul className="accessories__list">
        {view.slots.map((slot) => {
          const option = options.find((o) => o.slot === slot.slot);
          if (!option) return null;
          const variation = selectedVariation(slot, option);
          const checkboxId = `accessory-${slot.slot}`;
          const hasVariations = slot.variations.length > 1;
          return (
            <li key={slot.slot} className="accessory" data-asin={variation.asin}>
              <input
                type="checkbox"
                id={checkboxId}
                className="accessory__checkbox"
                name={hydrated ? undefined : `accessory.${slot.slot}`}
                value={variation.asin}
                checked={option.added}
                onChange={(event) =>
                  dispatch(
                    slot.slot,
                    { type: event.target.checked ? 'tick' : 'untick' },
                    event.target.checked ? 'add' : 'remove',
                  )
                }
              />
              <img
                className="accessory__image"
                src={variation.lowResImage}
                alt=""
                width={48}
                height={48}
                loading="lazy"
                decoding="async"
              />
              <div className="accessory__text">
                <label htmlFor={checkboxId} className="accessory__title">
                  {variation.title}
                </label>
                <AccessoryPrice variation={variation} />
                <AccessoryNotes variation={variation} />
                <span className="accessory__links">
                  <button
                    type="button"
                    className="link-button accessory__options"
                    ref={(element) => {
                      anchorOf(slot.slot).current = element;
                    }}
                    aria-haspopup="dialog"
                    aria-expanded={openSlot === slot.slot}
                    onPointerEnter={() => void loadVariationPopover()}
                    onFocus={() => void loadVariationPopover()}
                    onClick={() => {
                      dispatch(slot.slot, { type: 'openPopover' }, 'select');
                      setOpenSlot(slot.slot);
                    }}
                  >
                    {hasVariations ? (
                      <>
                        {variation.visualDimension ?? 'Option'}: {variation.swatchValue ?? ''}
                        <span className="visually-hidden"> – choose another for {variation.title}</span>
                      </>
                    ) : (
                      <>
                        Quick look<span className="visually-hidden"> at {variation.title}</span>
                      </>
                    )}
                  </button>
                  <a href={accessoryProductPath(variation.asin)} className="accessory__details">
                    Details<span className="visually-hidden"> of {variation.title}</span>
                  </a>
                </span>
              </div>
            </li>
          );
        })}
      </ul>
      {fields.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {openSlot !== null ? (
        <Suspense fallback={null}>
          <OpenVariationPopover
            upsells={upsells}
            slotIndex={openSlot}
            anchorRef={anchorOf(openSlot)}
            onDone={() => setOpenSlot(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

function OpenVariationPopover({
  upsells,
  slotIndex,
  anchorRef,
  onDone,
}: {
  upsells: AccessoryUpsells;
  slotIndex: number;
  anchorRef: RefObject<HTMLElement | null>;
  onDone: () => void;
}) {
  const slot = upsells.view?.slots.find((s) => s.slot === slotIndex);
  const option = upsells.options.find((o) => o.slot === slotIndex);
  // Whether the accessory was in the order when the popover opened decides "Add to order" or "Update".
  const [wasAdded] = useState(option?.added ?? false);
  if (!slot || !option) return null;
  return (
    <VariationPopover
      slot={slot}
      option={option}
      wasAdded={wasAdded}
      anchorRef={anchorRef}
      onChoose={(asin) => upsells.dispatch(slotIndex, { type: 'chooseVariation', asin })}
      onConfirm={() => {
        upsells.dispatch(slotIndex, { type: 'confirmPopover' }, wasAdded ? 'update' : 'add');
        onDone();
      }}
      onClose={() => {
        upsells.dispatch(slotIndex, { type: 'closePopover' }, 'close');
        onDone();
      }}
    />
  );
}
