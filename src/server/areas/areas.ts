import type { Migration } from 'kysely';
import type { AnyCatalogPart } from '../catalog/catalog-part';
import { FROZEN_MIGRATIONS } from '../db/migrations/frozen-migrations';
import type {
  CheckoutOptionsHook,
  ConfirmationNotesHook,
  OrderPlacedHook,
} from '../services/checkout/order-placed';
import type { ProductPageSlice, ProductPageSlices } from '../services/products/product-page';
import { accessoriesArea } from './accessories';
import { addOnServicesArea } from './add-on-services';
import { bundlesArea } from './bundles';
import { businessArea } from './business';
import { buyBoxArea } from './buy-box';
import { cartArea } from './cart';
import { checkoutArea } from './checkout';
import { dealsArea } from './deals';
import { groceryArea } from './grocery';
import { listsArea } from './lists';
import { productsArea } from './products';
import { registriesArea } from './registries';
import type { ServerArea } from './server-area';
import { siteArea } from './site';
import { smartHomeArea } from './smart-home';
import { sponsoredArea } from './sponsored';
import { tradeInArea } from './trade-in';

/**
 * The store's areas: the one list a new area joins (docs/adding-an-area.md). The app registers their
 * routes in this order, the catalog takes their parts in this order (keys of the file, then writes),
 * and the product page data holds their slices in this order.
 */
export const SERVER_AREAS = [
  siteArea,
  productsArea,
  cartArea,
  checkoutArea,
  buyBoxArea,
  dealsArea,
  accessoriesArea,
  addOnServicesArea,
  businessArea,
  groceryArea,
  bundlesArea,
  smartHomeArea,
  sponsoredArea,
  tradeInArea,
  registriesArea,
  listsArea,
] as const satisfies readonly ServerArea[];

type CatalogPartOf<Area> = Area extends { catalog: infer Part extends AnyCatalogPart } ? Part : never;

/** The areas' catalog parts, in the areas' order (typed part by part, so the catalog's type is exact). */
export const catalogParts = <const Areas extends readonly ServerArea[]>(areas: Areas) =>
  areas.flatMap((area) => (area.catalog ? [area.catalog] : [])) as unknown as readonly CatalogPartOf<
    Areas[number]
  >[];

export const CATALOG_PARTS = catalogParts(SERVER_AREAS);

/** The areas' product page slices by name; a name two areas use is refused. */
export function productPageSlices(areas: readonly ServerArea[]): ProductPageSlices {
  const slices: Record<string, ProductPageSlice> = {};
  for (const area of areas) {
    for (const [name, slice] of Object.entries(area.pageSlices ?? {})) {
      if (name in slices) throw new Error(`area ${area.name}: page slice ${name} is another area's`);
      slices[name] = slice;
    }
  }
  return slices;
}

/**
 * Every migration the store runs: the frozen ones, then those the areas add. The migrator runs them
 * in name order, so an area's new migration must sort after every frozen one (and a new one after any
 * already run: name it with the next number).
 */
export function storeMigrations(areas: readonly ServerArea[]): Record<string, Migration> {
  const all: Record<string, Migration> = { ...FROZEN_MIGRATIONS };
  const lastFrozen = Object.keys(FROZEN_MIGRATIONS).sort().at(-1) ?? '';
  for (const area of areas) {
    for (const [name, migration] of Object.entries(area.migrations ?? {})) {
      if (name in all) throw new Error(`area ${area.name}: migration ${name} is already in the list`);
      if (name <= lastFrozen) {
        throw new Error(`area ${area.name}: migration ${name} must sort after ${lastFrozen}`);
      }
      all[name] = migration;
    }
  }
  return all;
}

export const STORE_MIGRATIONS = storeMigrations(SERVER_AREAS);

/** The areas' checkout options hooks, in the areas' order (read when an order is placed, not at import). */
export function checkoutOptionHooks(areas: readonly ServerArea[] = SERVER_AREAS): CheckoutOptionsHook[] {
  return areas.flatMap((area) => (area.checkoutOptions ? [area.checkoutOptions] : []));
}

/** The areas' confirmation-note hooks, in the areas' order. */
export function confirmationNoteHooks(areas: readonly ServerArea[] = SERVER_AREAS): ConfirmationNotesHook[] {
  return areas.flatMap((area) => (area.confirmationNotes ? [area.confirmationNotes] : []));
}

/** The areas' order-placed hooks, in the areas' order. */
export function orderPlacedHooks(areas: readonly ServerArea[] = SERVER_AREAS): OrderPlacedHook[] {
  return areas.flatMap((area) => (area.orderPlaced ? [area.orderPlaced] : []));
}
