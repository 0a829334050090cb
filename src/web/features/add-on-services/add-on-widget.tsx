import { type ComponentType, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { VasWidgetName } from '../../../shared/add-on-services-widgets';
import type { AddOnServicesView } from '../../../shared/contracts/add-on-services';
import { fetchAddOnServicesSlice } from '../../api/add-on-services-api';
import { onDeliveryZipSaved } from '../../api/delivery-zip-event';
import { useIsClient } from '../../ui/use-is-client';
import type { AddOnPage, AddOnWidgetProps } from './add-on-services-slot';
import { type AddOnServices, useAddOnServices } from './use-add-on-services';

/** What every widget variant is given. */
export type VariantProps = {
  vas: AddOnServices;
  page: AddOnPage;
  pageQuantity: number | null;
  /** False in the server's HTML (the form posts by itself), true once the script runs. */
  hydrated: boolean;
  headingId: string;
};

type VariantModule = { default: ComponentType<VariantProps> };

// VAS-003: one variant per winning widget name, each its own chunk: a page loads the one it shows.
const VARIANT_CHUNKS: Record<VasWidgetName, () => Promise<VariantModule>> = {
  twister: () => import('./variants/twister'),
  twister_xl: () => import('./variants/twister-xl'),
  enhancedPPD: () => import('./variants/enhanced-ppd'),
  ppdBundle: () => import('./variants/ppd-bundle'),
  regularPPD: () => import('./variants/regular-ppd'),
  brandMessagingDesktop: () => import('./variants/brand-messaging'),
  serviceBanner: () => import('./variants/service-banner'),
  prePurchase: () => import('./variants/pre-purchase'),
};
const variants = new Map<VasWidgetName, ComponentType<VariantProps>>();

export async function loadVariant(name: VasWidgetName): Promise<void> {
  if (!variants.has(name)) variants.set(name, (await VARIANT_CHUNKS[name]()).default);
}

// The interstitial's code loads when it first opens.
const ServicesInterstitial = lazy(() => import('./services-interstitial'));

/**
 * The add-on services of the buy box (VAS-003): the product's widget variant, its form fields and its
 * interstitial. A view the server left out is fetched here, after first paint, and its variant loaded.
 */
/** The slice's services, or null when the product has none or the call failed (the widget stays away). */
async function sliceOf(marketplaceId: string, asin: string) {
  const result = await fetchAddOnServicesSlice(marketplaceId, asin, readVasParam());
  return result.ok ? result.answer.addOnServices : null;
}

export function AddOnWidget(props: AddOnWidgetProps) {
  const [view, setView] = useState(props.view);
  const [ready, setReady] = useState(() => props.view !== null && variants.has(props.view.widget));
  const { asin, marketplaceId } = props.page;
  useEffect(() => {
    if (ready) return;
    let live = true;
    const load = async () => {
      const fetched = view ?? (await sliceOf(marketplaceId, asin));
      if (!fetched) return;
      await loadVariant(fetched.widget);
      if (!live) return;
      setView(fetched);
      setReady(true);
    };
    void load();
    return () => {
      live = false;
    };
  }, [ready, view, asin, marketplaceId]);
  return ready && view ? <Widget {...props} view={view} /> : null;
}

const readVasParam = () => new URLSearchParams(window.location.search).get('vas');

function Widget({
  view,
  bridge,
  page,
  pageQuantity,
  upsellCount,
}: AddOnWidgetProps & { view: AddOnServicesView }) {
  const vas = useAddOnServices(view, page.asin);
  const hydrated = useIsClient();
  const headingId = useId();
  useEffect(() => {
    bridge.current = { items: vas.items, intercept: vas.intercept };
  });
  // Decision 0041: a new delivery ZIP brings the offers for it, so the rows, the interstitial and the
  // cart add all quote the offer the server sells there. The newest answer wins.
  const { applyView } = vas;
  const latest = useRef(applyView);
  latest.current = applyView;
  useEffect(() => {
    let asked = 0;
    const off = onDeliveryZipSaved(async () => {
      const ask = ++asked;
      const fresh = await sliceOf(page.marketplaceId, page.asin);
      if (fresh && ask === asked) latest.current(fresh);
    });
    return () => {
      asked = -1;
      off();
    };
  }, [page.marketplaceId, page.asin]);
  const Variant = variants.get(view.widget);
  if (!Variant) return null;
  return (
    <section className={`vas vas--${view.widget}`} aria-labelledby={headingId} data-testid="add-on-services">
      <Variant vas={vas} page={page} pageQuantity={pageQuantity} hydrated={hydrated} headingId={headingId} />
      {/* VAS-011, VAS-050: with the script, the chosen service travels as the form's next item. */}
      {hydrated
        ? vas
            .formFields(upsellCount)
            .map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)
        : null}
      {vas.held ? (
        <Suspense fallback={null}>
          <ServicesInterstitial vas={vas} page={page} pageQuantity={pageQuantity ?? 1} />
        </Suspense>
      ) : null}
    </section>
  );
}
