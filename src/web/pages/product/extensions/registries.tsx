import { RegistryButtonSlot } from '../../../features/registries/registry-button-slot';
import { showsRegistryButton } from '../page-parts';
import type { PurchaseExtension } from '../purchase-extension';

/**
 * "Add to registry" (REG-001) below the purchase box for a signed-in shopper with registries; it adds
 * no items and holds no press. The lead places it beside "Add to list" when both areas are in.
 */
export const registries: PurchaseExtension = {
  name: 'registries',
  shown: showsRegistryButton,
  useParts: ({ data }) => ({
    beside: data.registries ? (
      <RegistryButtonSlot asin={data.product.asin} sessionId={data.shopper.sessionId} />
    ) : null,
    items: () => [],
    intercept: () => false,
  }),
};
