import { useRef, useState } from 'react';
import {
  type AddOnChoice,
  type AddOnChoiceEvent,
  type AddOnChoices,
  boughtServices,
  choiceOfKind,
  chooseAddOns,
  noChoice,
} from '../../../domain/add-on-services/add-on-choice';
import { interstitialHolds } from '../../../domain/add-on-services/interstitial';
import { replaceUrlState, vasUrl, writeVasState } from '../../../domain/add-on-services/vas-url-state';
import { serviceFormFields } from '../../../domain/add-on-services/widget-rules';
import { associationWith } from '../../../domain/cart/cart-request';
import {
  SERVICE_QUANTITY,
  VAS_METRIC_PRODUCER,
  VAS_METRICS,
} from '../../../shared/add-on-services-constants';
import type {
  AddOnOfferView,
  AddOnServicesView,
  AddOnServiceView,
  ZipRefreshEntry,
} from '../../../shared/contracts/add-on-services';
import type { CartApiItem } from '../../../shared/contracts/cart';
import { sendMetricEvents } from '../../api/metrics-client';
import { logRefMarker } from '../../api/ref-marker';

/** A service as a row shows it: a service of the widget or an enhanced widget's upgrade. */
export type ServiceLike = Pick<
  AddOnServiceView,
  'serviceAsin' | 'title' | 'kind' | 'description' | 'bullets' | 'image' | 'detailsPath' | 'offer'
>;

/** The held add-to-cart press while the interstitial is open (VAS-021). */
export type HeldPress = { replay: () => void; heldAt: number };

const vasMetric = (schemaId: string, data: Record<string, string | number | boolean | null> = {}) =>
  sendMetricEvents([{ schemaId, producerId: VAS_METRIC_PRODUCER, data }]);

/** The initial choice: the service the address or precheck names; an upgrade's asin chooses its base, upgraded. */
function startingChoices(view: AddOnServicesView): AddOnChoices {
  const id = view.initialChoice;
  if (!id) return {};
  const base = view.services.find((s) => s.upgrade?.serviceAsin === id);
  if (base) return { [base.kind]: { selected: base.serviceAsin, upgraded: true, expanded: true } };
  const service = view.services.find((s) => s.serviceAsin === id);
  return service ? { [service.kind]: { selected: id, upgraded: false, expanded: true } } : {};
}

/**
 * The add-on widget's state (component state): the shopper's choice, the services' offers (a zip update
 * or a seller refresh replaces them), the held press of the interstitial; and what the buy box asks.
 */
export function useAddOnServices(view: AddOnServicesView, pageAsin: string) {
  const [choices, setChoices] = useState<AddOnChoices>(() => startingChoices(view));
  const [services, setServices] = useState(view.services);
  const [zip, setZip] = useState(view.model.zipCode);
  const [merchantId, setMerchantId] = useState(view.model.merchantId);
  const [held, setHeld] = useState<HeldPress | null>(null);
  const shown = useRef(false);
  const releasing = useRef(false);

  const find = (asin: string | null): ServiceLike | undefined => {
    if (!asin) return undefined;
    for (const service of services) {
      if (service.serviceAsin === asin) return service;
      if (service.upgrade?.serviceAsin === asin) return service.upgrade;
    }
    return undefined;
  };
  const upgradeOf = (asin: string) =>
    services.find((s) => s.serviceAsin === asin)?.upgrade?.serviceAsin ?? null;
  const kindOf = (asin: string) =>
    services.find((s) => s.serviceAsin === asin || s.upgrade?.serviceAsin === asin)?.kind;
  const kinds = [...new Set(services.map((s) => s.kind))];
  /** Decision 0041: one service per kind: a plan and installation together. */
  const boughtAsins = boughtServices(choices, kinds, upgradeOf);
  const bought = boughtAsins.flatMap((asin) => {
    const offer = find(asin)?.offer;
    return offer ? [{ asin, offer }] : [];
  });
  /** The choice that holds a service (its kind's); for an option list, the one chosen in it. */
  const choiceOf = (asin: string): AddOnChoice => choiceOfKind(choices, kindOf(asin));
  const choice: AddOnChoice = kinds.map((k) => choiceOfKind(choices, k)).find((c) => c.selected) ?? noChoice;
  const boughtAsin = boughtAsins.at(-1) ?? null;
  const boughtOffer: AddOnOfferView | null = bought.at(-1)?.offer ?? null;

  /** VAS-002, VAS-045: the chosen add-on in the address (`vw`), when the browser can replace its state. */
  const writeUrl = (chosen: string | null) => {
    replaceUrlState(window.history, vasUrl(window.location.href, chosen), () =>
      vasMetric(VAS_METRICS.urlStateUnsupported),
    );
  };

  /** VAS-011, VAS-012, VAS-014..017: the choice changes; it is logged and written to the address. */
  const choose = (event: AddOnChoiceEvent) => {
    const next = chooseAddOns(choices, event, kindOf);
    setChoices(next);
    const before = boughtAsins;
    const after = boughtServices(next, kinds, upgradeOf);
    const added = after.filter((asin) => !before.includes(asin));
    const removed = before.filter((asin) => !after.includes(asin));
    if (added.length === 0 && removed.length === 0) return;
    for (const asin of removed) logRefMarker(`vas_${view.widget}_${pageAsin}_${asin}_remove`);
    for (const asin of added) logRefMarker(`vas_${view.widget}_${pageAsin}_${asin}_add`);
    // `vw` holds one add-on (VAS-002): the one just chosen, else one still chosen.
    writeUrl(added.at(-1) ?? after.at(-1) ?? null);
  };

  /**
   * The services for the buy box's own add: each bought one as one item (VAS-029), tied to the page item;
   * the server has it cover the devices added with it (decision 0041).
   */
  const items = (): CartApiItem[] =>
    bought.map(({ asin, offer }) => ({
      asin,
      offerListingId: offer.offerListingId,
      quantity: SERVICE_QUANTITY,
      additionalParameters: { itemAssociation: associationWith(pageAsin) },
    }));

  /** VAS-050: the bought services' form fields, numbered after the upsells already in the form. */
  const formFields = (upsellCount: number) =>
    serviceFormFields(
      bought.map(({ asin, offer }) => ({ asin, offerListingId: offer.offerListingId })),
      upsellCount,
    );

  /** VAS-021: an add-to-cart press is held once per page view while no service is chosen. */
  const intercept = (buttonId: string, replay: () => void): boolean => {
    if (releasing.current) {
      releasing.current = false;
      return false;
    }
    if (
      !interstitialHolds({
        mode: view.interstitial,
        buttonId,
        chosen: boughtAsins[0] ?? null,
        alreadyShown: shown.current,
      }) ||
      !view.services.some((s) => s.offer)
    ) {
      return false;
    }
    shown.current = true;
    setHeld({ replay, heldAt: Date.now() });
    return true;
  };

  /** Lets the held press go on (after React commits the choice made, so the replay sends it). */
  const release = () => {
    const press = held;
    setHeld(null);
    if (press) {
      releasing.current = true;
      setTimeout(press.replay, 0);
    }
  };

  /** VAS-037: the normal add-to-cart press, past the interstitial. */
  const forceAddToCart = () => {
    releasing.current = true;
    document.getElementById('add-to-cart-button')?.click();
  };

  /** Closes the interstitial without replaying the press (the page goes somewhere else). */
  const drop = () => setHeld(null);

  /** VAS-025: an available offer for a new zip replaces the service's price, merchant and fulfillment. */
  const applyZipOffer = (serviceAsin: string, newZip: string, entry: ZipRefreshEntry) => {
    setZip(newZip);
    setServices((all) =>
      all.map((service) => {
        const patch = (s: ServiceLike) =>
          s.serviceAsin === serviceAsin &&
          s.offer &&
          entry.offerListingId &&
          entry.price &&
          entry.fulfillmentType
            ? {
                ...s,
                offer: {
                  ...s.offer,
                  offerListingId: entry.offerListingId,
                  merchantId: entry.merchantId ?? s.offer.merchantId,
                  merchantName: entry.merchantName ?? s.offer.merchantName,
                  merchantAddress: entry.merchantAddress ?? null,
                  price: entry.price,
                  winningServiceMinPrice: entry.winningServiceMinPrice ?? entry.price,
                  nextOfferPrice: entry.nextOfferPrice,
                  fulfillmentType: entry.fulfillmentType,
                  isCBM: entry.isCBM,
                  sellerReviewLink: entry.sellerReviewLink,
                },
              }
            : s;
        return {
          ...patch(service),
          upgrade: service.upgrade ? { ...service.upgrade, ...patch(service.upgrade) } : null,
        } as AddOnServiceView;
      }),
    );
  };

  /** VAS-018: the page parts from a seller refresh: the offers of that merchant's services. */
  const applySellerRefresh = (refreshed: AddOnServicesView, merchant: string) => {
    setMerchantId(merchant);
    setServices(refreshed.services);
  };

  /** The offers for the shopper's ZIP as the server now has them (after a "Deliver to" change, decision 0041). */
  const applyView = (fresh: AddOnServicesView) => {
    setZip(fresh.model.zipCode);
    setServices(fresh.services);
  };

  const vasParam = boughtAsin ? writeVasState({ vw: boughtAsin }) : null;

  return {
    view,
    services,
    choice,
    choiceOf,
    boughtAsins,
    choose,
    find,
    boughtAsin,
    boughtOffer,
    zip,
    merchantId,
    vasParam,
    items,
    formFields,
    intercept,
    held,
    release,
    drop,
    forceAddToCart,
    applyZipOffer,
    applySellerRefresh,
    applyView,
    metric: vasMetric,
  };
}

export type AddOnServices = ReturnType<typeof useAddOnServices>;
