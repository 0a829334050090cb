import { readFileSync } from 'node:fs';
import type { DealInput, OfferInput, ProductInput, ProductOverrides } from './product-factory';

const catalogFile = new URL('../../catalog/demo/catalog.json', import.meta.url);
let demo: ProductInput[] | undefined;

/**
 * A demo product's catalog entry as factory overrides: the same shape (title, offers, deal, features,
 * accessories), without the ids, so the factory gives it a fresh ASIN and ids derived from it.
 */
export function demoProductShape(asin: string): ProductOverrides {
  demo ??= (JSON.parse(readFileSync(catalogFile, 'utf8')) as { products: ProductInput[] }).products;
  const product = demo.find((p) => p.asin === asin);
  if (!product) throw new Error(`no demo product ${asin}`);
  const { asin: _asin, offers, deal, ...fields } = structuredClone(product);
  return {
    ...fields,
    offers: offers.map(({ offerListingId: _id, ...offer }: OfferInput) => offer),
    ...(deal ? { deal: withoutIds(deal) } : {}),
  };
}

function withoutIds({ dealId: _dealId, offerListingId: _offerListingId, ...deal }: DealInput) {
  return deal;
}
