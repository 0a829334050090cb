import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema';
import {
  buildProduct,
  type CreatedProduct,
  type DealInput,
  type FactoryOptions,
  importProducts,
  type OfferInput,
  type ProductInput,
  type ProductOverrides,
} from './product-factory';
import { uniqueAsin, uniqueCode } from './unique';

// A path, not a URL: a happy-dom test replaces the global URL, which node:fs does not take.
const catalogFile = join(dirname(fileURLToPath(import.meta.url)), '../../catalog/demo/catalog.json');
let demo: ProductInput[] | undefined;
const demoProducts = () =>
  (demo ??= (JSON.parse(readFileSync(catalogFile, 'utf8')) as { products: ProductInput[] }).products);
const DEMO_ASIN = /B0PDP[A-Z0-9]{5}/g;

/**
 * A demo product's catalog entry as factory overrides: the same shape (title, offers, deal, features,
 * accessories), without the ids, so the factory gives it a fresh ASIN and ids derived from it.
 */
export function demoProductShape(asin: string): ProductOverrides {
  const product = demoProducts().find((p) => p.asin === asin);
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

/** Demo products copied under fresh ASINs, by the demo ASIN each copies. */
export type DemoCopies = {
  /** The copy of `demoAsin`, as written. */
  of(demoAsin: string): CreatedProduct;
  /** The fresh ASIN of the copy of `demoAsin`. */
  asin(demoAsin: string): string;
  /** The copy's ASIN and first offer id, as a cart item names them. */
  item(demoAsin: string): { asin: string; offerListingId: string };
  /** Any text with the copied demo ASINs in it (`OL-B0PDPSPK01-NEW`, a path) as the copies name them. */
  id(demoText: string): string;
};

/**
 * Copies demo products (catalog/demo/catalog.json) into `db` under fresh ASINs, with every demo product
 * they name (accessories, protection plans, add-on services, cart partners) copied too, and every
 * reference, offer id and deal id rewritten to the copies'. Families get an id of their own, so the
 * copies of one call form a family without joining anyone else's. For a test that needs the demo
 * products' shapes (a speaker with its four accessory slots) but must not share their state.
 */
export async function createDemoCopies(
  db: Kysely<Database>,
  demoAsins: readonly string[],
  options: FactoryOptions & {
    /** Per demo ASIN, fields to set on its copy (after the references are rewritten). */
    overrides?: Record<string, ProductOverrides>;
  } = {},
): Promise<DemoCopies> {
  const byAsin = new Map(demoProducts().map((p) => [p.asin, p]));
  const wanted = new Set<string>();
  const visit = (asin: string) => {
    if (wanted.has(asin)) return;
    const product = byAsin.get(asin);
    if (!product) throw new Error(`no demo product ${asin}`);
    wanted.add(asin);
    for (const named of JSON.stringify(product).match(DEMO_ASIN) ?? []) if (byAsin.has(named)) visit(named);
  };
  for (const asin of demoAsins) visit(asin);

  const fresh = new Map([...wanted].map((asin) => [asin, uniqueAsin()]));
  const familySuffix = uniqueCode(6).toLowerCase();
  const rewrite = (text: string) => text.replace(DEMO_ASIN, (asin) => fresh.get(asin) ?? asin);
  const products = [...wanted].map((asin) => {
    const copy = JSON.parse(rewrite(JSON.stringify(byAsin.get(asin)))) as ProductInput;
    if (copy.family) copy.family = { ...copy.family, id: `${copy.family.id}-${familySuffix}` };
    const { offers, deal, ...fields } = { ...copy, ...(options.overrides?.[asin] ?? {}) };
    return buildProduct({
      ...fields,
      offers: offers as Partial<OfferInput>[],
      ...(deal ? { deal: deal as Partial<DealInput> } : {}),
    });
  });
  await importProducts(db, products, options);

  const made = new Map([...wanted].map((asin, i) => [asin, products[i] as CreatedProduct]));
  const of = (demoAsin: string) => {
    const copy = made.get(demoAsin);
    if (!copy) throw new Error(`${demoAsin} was not copied`);
    return copy;
  };
  return {
    of,
    asin: (demoAsin) => of(demoAsin).asin,
    item: (demoAsin) => {
      const { asin, offers } = of(demoAsin);
      return { asin, offerListingId: offers[0]?.offerListingId ?? '' };
    },
    id: rewrite,
  };
}
