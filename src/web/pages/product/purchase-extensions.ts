import { accessoryUpsells } from './extensions/accessory-upsells';
import { addOnServices } from './extensions/add-on-services';
import { lists } from './extensions/lists';
import { recycleAndSave } from './extensions/recycle-and-save';
import { registries } from './extensions/registries';
import { tradeIn } from './extensions/trade-in';
import type { PurchaseExtension } from './purchase-extension';

/**
 * What the buy box carries, in order: their rows in the form, their items after the page item, and
 * the first one to hold a press back wins it (the accessory interstitial first; the add-on
 * interstitial when the press comes back to it). A new area adds its entry here
 * (docs/adding-an-area.md).
 */
export const PURCHASE_EXTENSIONS: readonly PurchaseExtension[] = [
  accessoryUpsells,
  addOnServices,
  recycleAndSave,
  tradeIn,
  lists,
  registries,
];
