import { type ComponentType, lazy, type RefObject, Suspense } from 'react';
import type { VasWidgetName } from '../../../shared/add-on-services-constants';
import type { AddOnServicesView } from '../../../shared/contracts/add-on-services';
import type { CartApiItem } from '../../../shared/contracts/cart';

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

type WidgetModule = typeof import('./add-on-widget');

type Loaded = { default: ComponentType<AddOnWidgetProps> };
let loaded: WidgetModule | null = null;
const importWidget = () => import('./add-on-widget');

/**
 * Loads the widget's code and the variants named: the browser awaits this before hydrating a page whose
 * server HTML has the widget; the server loads every variant.
 */
export async function loadAddOnServices(widgets: readonly VasWidgetName[]): Promise<void> {
  const module = await importWidget();
  await Promise.all(widgets.map(module.loadVariant));
  loaded = module;
}

// Once the chunk is in, lazy() gets it synchronously, so the first client render matches the server's.
const Widget = lazy((): Promise<Loaded> => {
  const module = loaded;
  return module
    ? ({
        // biome-ignore lint/suspicious/noThenProperty: a thenable that resolves at once lets lazy() render synchronously.
        then: (resolve: (m: Loaded) => void) => resolve({ default: module.AddOnWidget }),
      } as Promise<Loaded>)
    : importWidget().then((m) => ({ default: m.AddOnWidget }));
});

/** Where the buy box form shows the add-on services (VAS-003). */
export function AddOnServicesSlot(props: AddOnWidgetProps) {
  return (
    <Suspense fallback={null}>
      <Widget {...props} />
    </Suspense>
  );
}
