import { z } from 'zod';
import {
  findGroceryListing,
  type GroceryListing,
  writeGroceryListing,
} from '../../db/repositories/grocery-catalog-repository';
import { catalogPart } from '../catalog-part';
import { asin } from './catalog-values';

const code = z.string().regex(/^[A-Z0-9_-]{1,40}$/, 'may hold A-Z, 0-9, _ and - only (1-40)');

/** A grocery store as the catalog names it; products sharing a store repeat it identically. */
const groceryStore = z
  .object({
    storeId: code,
    name: z.string().min(1).max(120),
    /** Shown in the store introduction sheet, e.g. "FREE delivery on orders over $100". */
    deliveryMessage: z.string().min(1).max(200),
    /** The first three digits of the US postal codes the store delivers to; none: everywhere. */
    postalCodePrefixes: z
      .array(z.string().regex(/^[0-9]{3}$/, 'must be three digits'))
      .max(200)
      .default([]),
    /** How a shopper's first add meets the store: its introduction sheet, or its store front page. */
    introduction: z.enum(['sheet', 'storefront']).default('sheet'),
  })
  .strict();

/**
 * The grocery area's key of a product's `features` (decision 0023): a product sold by grocery stores goes to
 * the fresh cart, never the retail cart. Stored in product_grocery and the tables beside it.
 */
const groceryFeatures = {
  grocery: z
    .object({
      brandId: code,
      offerListingDiscriminator: z.string().min(1).max(80),
      /** What one unit is called (bunch, gallon, each). */
      unitOfMeasure: z.string().min(1).max(40).default('each'),
      stores: z.array(groceryStore).min(1).max(10),
      /** Staples that can be put on Repeat Delivery. */
      repeatDelivery: z.boolean().default(false),
      /** Grocery products offered with this one, added together with one press (multi add). */
      boughtTogether: z.array(asin).max(5).default([]),
    })
    .strict()
    .optional(),
};

const groceryFeaturesSchema = z.object(groceryFeatures);
export type GroceryCatalogFeatures = NonNullable<z.output<typeof groceryFeaturesSchema>['grocery']>;
export type GroceryCatalogStore = GroceryCatalogFeatures['stores'][number];

/**
 * A store named by several products must be described the same way by each (the import writes one
 * row per store); a product's stores must be of its brand.
 */
function groceryStoreProblems(
  products: readonly { features: { grocery?: GroceryCatalogFeatures | undefined } }[],
): { message: string; path: (string | number)[] }[] {
  const seen = new Map<string, string>();
  const problems: { message: string; path: (string | number)[] }[] = [];
  products.forEach((product, i) => {
    product.features.grocery?.stores.forEach((store, j) => {
      const described = JSON.stringify({ ...store, brandId: product.features.grocery?.brandId });
      const earlier = seen.get(store.storeId);
      if (earlier !== undefined && earlier !== described) {
        problems.push({
          message: `store ${store.storeId} is described differently elsewhere in the catalog`,
          path: ['products', i, 'features', 'grocery', 'stores', j],
        });
      }
      seen.set(store.storeId, described);
    });
  });
  return problems;
}

/** The product's grocery listing as the repository stores and reads it. */
function groceryListing(grocery: GroceryCatalogFeatures | undefined): GroceryListing | null {
  if (!grocery) return null;
  return {
    brandId: grocery.brandId,
    offerListingDiscriminator: grocery.offerListingDiscriminator,
    unitOfMeasure: grocery.unitOfMeasure,
    repeatDelivery: grocery.repeatDelivery,
    stores: grocery.stores.map((store) => ({
      storeId: store.storeId,
      brandId: grocery.brandId,
      name: store.name,
      deliveryMessage: store.deliveryMessage,
      introduction: store.introduction,
      postalCodePrefixes: [...store.postalCodePrefixes].sort(),
    })),
    boughtTogether: grocery.boughtTogether,
  };
}

/** Grocery's part of the catalog: a product's listing and the stores that sell it. */
export const groceryCatalog = catalogPart({
  features: groceryFeatures,
  problems: ({ products }) => groceryStoreProblems(products),
  products: {
    rows: (product) => ({ asin: product.asin, listing: groceryListing(product.features.grocery) }),
    async insertNew(db, rows) {
      for (const { asin, listing } of rows) if (listing) await writeGroceryListing(db, asin, listing);
    },
    same: async (db, { asin, listing }) =>
      JSON.stringify(await findGroceryListing(db, asin)) === JSON.stringify(listing),
    replace: (db, { asin, listing }) => writeGroceryListing(db, asin, listing),
  },
});
