import { lazy, Suspense } from 'react';
import type { InterstitialCart } from './accessory-interstitial';
import type { AccessoryUpsells } from './use-accessory-upsells';

// Loaded when it first opens, so the interstitial's code stays out of the page's first load.
const AccessoryInterstitial = lazy(() => import('./accessory-interstitial'));

/** The accessory interstitial while it is open (ACC-010). */
export function AccessoryInterstitialSlot({
  upsells,
  cart,
}: {
  upsells: AccessoryUpsells;
  cart: InterstitialCart;
}) {
  if (!upsells.interstitial) return null;
  return (
    <Suspense fallback={null}>
      <AccessoryInterstitial upsells={upsells} cart={cart} />
    </Suspense>
  );
}
