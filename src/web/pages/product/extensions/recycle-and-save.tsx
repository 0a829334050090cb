import { RecycleAndSaveSlot } from '../../../features/recycle-and-save/recycle-and-save-slot';
import { showsRecycleAndSave } from '../page-parts';
import type { PurchaseExtension } from '../purchase-extension';

/** Recycle-and-save (RS-001): its launch below the purchase box; it adds no items and holds no press. */
export const recycleAndSave: PurchaseExtension = {
  name: 'recycle-and-save',
  shown: showsRecycleAndSave,
  useParts: ({ data }) => ({
    beside: data.product.recycleAndSave ? (
      <RecycleAndSaveSlot
        asin={data.product.asin}
        launch={data.product.recycleAndSave}
        signedIn={data.shopper.signedIn}
      />
    ) : null,
    items: () => [],
    intercept: () => false,
  }),
};
