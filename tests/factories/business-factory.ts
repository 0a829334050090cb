import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema';
import { type CreatedProduct, createProduct, type ProductOverrides } from './product-factory';

/**
 * A product with business buying, like the demo copy paper but with its own ASIN and prices chosen so
 * that exact arithmetic matters: a NEW offer (no tiers), a B2B_NEW offer with fixed and percent tiers
 * (one uncompetitive, hidden) and a CUSTOM_OFFER whose percent tiers give unit prices between cents.
 */
export async function createBusinessProduct(
  db: Kysely<Database>,
  overrides: ProductOverrides = {},
  /** One stock for every offer instead of 500 / 300 / 999. */
  stock?: number,
): Promise<CreatedProduct & { ids: { regular: string; b2b: string; custom: string } }> {
  const product = await createProduct(db, { ...businessProductShape(stock), ...overrides });
  const [regular, b2b, custom] = product.offers.map((o) => o.offerListingId);
  return { ...product, ids: { regular: regular ?? '', b2b: b2b ?? '', custom: custom ?? '' } };
}

/** The catalog fields of createBusinessProduct's product (for a browser test's `world.product`). */
export function businessProductShape(stock?: number): ProductOverrides {
  return {
    title: 'Test copy paper, 10 reams',
    productGroup: 'gl_office_product',
    features: { business: true, businessBuying: { requestDiscountUrl: '/gp/help/quantity-discounts.html' } },
    offers: [
      { price: 9.6, listPrice: 12, stock: stock ?? 500 },
      {
        condition: 'B2B_NEW',
        merchant: { id: 'M-B2B-SUPPLY', name: 'Summit Test Supply' },
        price: 9.6,
        listPrice: 12,
        stock: stock ?? 300,
        quantityTiers: [
          { minimumQuantity: 12, price: 8.4 },
          { minimumQuantity: 24, percentOff: 22.5 },
          { minimumQuantity: 30, price: 9, hidden: true },
          { minimumQuantity: 40, percentOff: 23.37 },
          { minimumQuantity: 100, percentOff: 27.13 },
        ],
      },
      {
        condition: 'CUSTOM_OFFER',
        merchant: { id: 'M-CUSTOM-DIRECT', name: 'Paperworks Test Direct' },
        price: 1,
        stock: stock ?? 999,
        quantityTiers: [
          { minimumQuantity: 2, percentOff: 0.5 },
          { minimumQuantity: 10, percentOff: 3.33 },
          { minimumQuantity: 250, percentOff: 7.77 },
        ],
      },
    ],
  };
}
