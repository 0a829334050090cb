import { z } from 'zod';
import { CATALOG_PARTS } from '../areas/areas';
import {
  type AnyCatalogPart,
  type CatalogIssue,
  type CatalogOffer,
  catalogOfferSchema,
  coreProductShape,
} from './catalog-part';

type Shape = z.ZodRawShape;
// The parts' shapes merged into one at run time, and typed part by part so that `Catalog` keeps every
// area's keys with their types (factories and the importer read them).
type Intersected<U> = (U extends unknown ? (shape: U) => void : never) extends (shape: infer I) => void
  ? I
  : never;
type ShapeOf<Part, Key extends string> = Part extends { [K in Key]?: infer S }
  ? NonNullable<S> extends Shape
    ? NonNullable<S>
    : Record<never, never>
  : Record<never, never>;
type Merged<
  Parts extends readonly AnyCatalogPart[],
  Key extends 'features' | 'product' | 'sections',
> = Intersected<ShapeOf<Parts[number], Key>> & Record<never, never>;

const merged = (parts: readonly AnyCatalogPart[], key: 'features' | 'product' | 'sections'): Shape =>
  Object.assign({}, ...parts.map((part) => part[key] ?? {}));

function schemaOf<Features extends Shape, ProductKeys extends Shape, Sections extends Shape>(
  parts: readonly AnyCatalogPart[],
  features: Features,
  productKeys: ProductKeys,
  sections: Sections,
) {
  const product = z
    .object({
      ...coreProductShape,
      /** A product's `features`: each area adds its own keys; the file format stays one object. */
      features: z
        .object(features)
        .strict()
        .default({} as never),
      offers: z.array(catalogOfferSchema).min(1).max(20),
      ...productKeys,
    })
    .strict();
  return z
    .object({
      $schema: z.string().optional(),
      products: z.array(product).min(1),
      // Sections of the areas that name products by ASIN (in this file or already stored).
      ...sections,
    })
    .strict()
    .superRefine((catalog, ctx) => {
      for (const issue of productProblems(parts, (catalog as { products: CheckedProduct[] }).products))
        ctx.addIssue({ code: 'custom', ...issue });
      for (const part of parts) {
        for (const issue of part.problems?.(catalog as never) ?? [])
          ctx.addIssue({ code: 'custom', ...issue });
      }
    })
    .meta({ id: 'Catalog', title: 'Store catalog' });
}

/** The catalog file's schema with the parts of these areas (the store's own list, or a test's). */
export function catalogSchemaFor<const Parts extends readonly AnyCatalogPart[]>(parts: Parts) {
  return schemaOf(
    parts,
    merged(parts, 'features') as Merged<Parts, 'features'>,
    merged(parts, 'product') as Merged<Parts, 'product'>,
    merged(parts, 'sections') as Merged<Parts, 'sections'>,
  );
}

type CheckedProduct = { asin: string; offers: CatalogOffer[] };

/** ASINs and offer ids are unique in the file, offers the areas add (a deal's) included. */
function productProblems(
  parts: readonly AnyCatalogPart[],
  products: readonly CheckedProduct[],
): CatalogIssue[] {
  const problems: CatalogIssue[] = [];
  const asins = new Set<string>();
  const offers = new Map<string, string>();
  products.forEach((p, i) => {
    if (asins.has(p.asin))
      problems.push({ message: `duplicate asin ${p.asin}`, path: ['products', i, 'asin'] });
    asins.add(p.asin);
    const added = parts.flatMap((part) => part.offers?.(p as never) ?? []);
    for (const { row, path } of added) {
      const owner = offers.get(row.id);
      if (owner !== undefined || p.offers.some((o) => o.offerListingId === row.id)) {
        problems.push({
          message: `offerListingId ${row.id} is already used by ${owner ?? p.asin}`,
          path: ['products', i, ...path],
        });
      }
    }
    p.offers.forEach((o, j) => {
      const owner = offers.get(o.offerListingId);
      if (owner !== undefined) {
        problems.push({
          message: `offerListingId ${o.offerListingId} is already used by ${owner}`,
          path: ['products', i, 'offers', j, 'offerListingId'],
        });
      }
      offers.set(o.offerListingId, p.asin);
    });
    for (const { row } of added) offers.set(row.id, p.asin);
  });
  return problems;
}

/** The store's catalog file format (docs/catalog.md), with every area's part. */
export const catalogSchema = catalogSchemaFor(CATALOG_PARTS);

export type Catalog = z.output<typeof catalogSchema>;
export type CatalogProduct = Catalog['products'][number];
