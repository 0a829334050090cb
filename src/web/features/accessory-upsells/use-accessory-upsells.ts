import { useRef, useState } from 'react';
import {
  type AccessoryAction,
  type AccessoryEvent,
  type AccessoryOption,
  accessoryOrderQuantity,
  accessoryRefTag,
  accessoryTransition,
  formHelperButton,
  interstitialOpensFor,
} from '../../../domain/accessories/accessory-options';
import { type BuyBoxItems, setPageAsin, setUpsell } from '../../../domain/cart/buy-box-items';
import type {
  AccessoriesView,
  AccessorySlotView,
  VariationProduct,
} from '../../../shared/contracts/accessories';
import { logRefMarker } from '../../api/ref-marker';

export type PageItem = { asin: string; offerId: string };

const initialOptions = (view: AccessoriesView): AccessoryOption[] =>
  view.slots.map((slot) => {
    const selected = slot.variations.find((v) => v.isSelected) ?? slot.variations[0];
    const first = slot.variations[0];
    return {
      slot: slot.slot,
      selectedAsin: selected?.asin ?? '',
      committedAsin: selected?.asin ?? '',
      added: false,
      isAutomated: first?.isAutomated ?? false,
      checkForInteraction: first?.checkForInteraction ?? false,
      hasBeenInteractedWith: first?.hasBeenInteractedWith ?? false,
    };
  });

export const selectedVariation = (slot: AccessorySlotView, option: AccessoryOption): VariationProduct =>
  slot.variations.find((v) => v.asin === option.selectedAsin) ?? (slot.variations[0] as VariationProduct);

/**
 * The accessory options of the page (component state), the items they add to the order, and whether
 * a press on a buy box button should first open the interstitial.
 */
export function useAccessoryUpsells(view: AccessoriesView | null, page: PageItem) {
  const [options, setOptions] = useState<AccessoryOption[]>(() => (view ? initialOptions(view) : []));
  // A view that arrives after first paint (the page's deferred slice) starts its own options.
  const [optionsView, setOptionsView] = useState(view);
  if (view !== optionsView) {
    setOptionsView(view);
    setOptions(view ? initialOptions(view) : []);
  }
  const [interstitial, setInterstitial] = useState<{ replay: () => void } | null>(null);
  const shown = useRef(false);
  const slots = view?.slots ?? [];

  const dispatch = (slotIndex: number, event: AccessoryEvent, action?: AccessoryAction) => {
    const slot = slots.find((s) => s.slot === slotIndex);
    const option = options.find((o) => o.slot === slotIndex);
    if (!slot || !option) return;
    const next = accessoryTransition(option, event);
    setOptions((all) => all.map((o) => (o.slot === slotIndex ? accessoryTransition(o, event) : o)));
    if (action) {
      logRefMarker(accessoryRefTag(page.asin, slotIndex, next.selectedAsin, action, option.isAutomated));
    }
  };

  /** CART-006: the page item first, then every accessory in the order at the page quantity (ACC-006). */
  const orderItems = (pageQuantity: number): BuyBoxItems => {
    let items = setPageAsin([], { asin: page.asin, offerId: page.offerId, quantity: pageQuantity }).items;
    for (const option of options) {
      const slot = slots.find((s) => s.slot === option.slot);
      if (!slot || !option.added) continue;
      const variation = selectedVariation(slot, option);
      items = setUpsell(items, {
        asin: variation.asin,
        offerId: variation.offerListingID,
        quantity: accessoryOrderQuantity(pageQuantity, variation.maxOrderQuantity),
        ...(variation.isDigitalSubscription && variation.customAttributeName && variation.customAttributeValue
          ? {
              customAttribute: { name: variation.customAttributeName, value: variation.customAttributeValue },
            }
          : {}),
      }).items;
    }
    return items;
  };

  /**
   * ACC-010: a press on add to cart, buy now or 1-Click opens the interstitial (once per page view)
   * while an accessory still needs showing; `replay` repeats the press when it hides (ACC-012).
   */
  const interceptPurchase = (buttonId: string, replay: () => void): boolean => {
    formHelperButton(buttonId);
    if (!view || shown.current || !interstitialOpensFor(buttonId, options)) return false;
    shown.current = true;
    setInterstitial({ replay });
    return true;
  };

  const hideInterstitial = () => {
    const pending = interstitial;
    setInterstitial(null);
    // After React has committed the choices made in the interstitial, so the replayed press sends them.
    if (pending) setTimeout(pending.replay, 0);
  };

  return { view, options, dispatch, orderItems, interceptPurchase, interstitial, hideInterstitial };
}

export type AccessoryUpsells = ReturnType<typeof useAccessoryUpsells>;
