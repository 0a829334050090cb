import { type RefObject, Suspense } from 'react';
import type { VasWidgetName } from '../../../shared/add-on-services-widgets';
import type { AddOnServicesView } from '../../../shared/contracts/add-on-services';
import type { CartApiItem } from '../../../shared/contracts/cart';
import { serverReadyLazy } from '../../ui/server-ready-lazy';

// Only this module is in the product page's first load (about 0.2 KB gzip): the widget, its variants and
// its interstitial are chunks that only pages with add-on services fetch.

/** What the buy box asks the add-on widget at a press: the services to add, and whether it holds the press. */
export type AddOnBridge = {
  items: (pageQuantity: number) => CartApiItem[];
  intercept: (buttonId: string, replay: () => void) => boolean;
};

export type AddOnPage = {
  asin: string;
  offerListingId: string;
  marketplaceId: string;
  language: string;
  signedIn: boolean;
  onCartCount: (count: number) => void;
};

export type AddOnWidgetProps = {
  /** The page data's add-on services; null when the server left the slice out (it is then fetched). */
  view: AddOnServicesView | null;
  bridge: RefObject<AddOnBridge | null>;
  page: AddOnPage;
  /** The buy box quantity (null until one is chosen). */
  pageQuantity: number | null;
  /** Upsell items already in the buy box form: the services' form fields are numbered after them (VAS-050). */
  upsellCount: number;
};

// Ready on the server and loaded before hydrating a page that shows it (a page part, page-parts.ts).
const widget = serverReadyLazy<AddOnWidgetProps>(() => import('./add-on-widget').then((m) => m.AddOnWidget));
const Widget = widget.Component;

/**
 * Loads the widget's code and the variants named: the browser awaits this before hydrating a page whose
 * server HTML has the widget; the server loads every variant.
 */
export async function loadAddOnServices(widgets: readonly VasWidgetName[]): Promise<void> {
  const [module] = await Promise.all([import('./add-on-widget'), widget.load()]);
  await Promise.all(widgets.map(module.loadVariant));
}

/** Where the buy box form shows the add-on services (VAS-003). */
export function AddOnServicesSlot(props: AddOnWidgetProps) {
  return (
    <Suspense fallback={null}>
      <Widget {...props} />
    </Suspense>
  );
}
