import type { Kysely, Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { buildProduct } from '../../../tests/factories/product-factory';
import { createTestApp, Shopper, type TestContext } from '../../../tests/helpers/test-app';
import { dialects } from '../../../tests/helpers/test-store';
import { catalogPart } from '../catalog/catalog-part';
import { catalogSchemaFor } from '../catalog/catalog-schema';
import { importCatalog, validateCatalog } from '../catalog/import-catalog';
import type { Database } from '../db/schema';
import { CATALOG_PARTS, catalogParts, SERVER_AREAS, storeMigrations } from './areas';
import type { AreaRoutes, ServerArea } from './server-area';

// A throwaway area, written as a new area would be (docs/adding-an-area.md): a gift note a product may
// carry. Its migration, repository, catalog part, page slices and route are all here; it joins the
// store only through the area list it is added to. Nothing else in src/ knows of it.

/** Its migration: frozen in time, it imports nothing of the app. */
const giftNotesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('gift_notes')
      .addColumn('asin', 'text', (c) => c.primaryKey().references('products.asin').onDelete('cascade'))
      .addColumn('note', 'text', (c) => c.notNull())
      .execute();
  },
};

// Its repository: the only code that touches its table.
type GiftNoteTables = { gift_notes: { asin: string; note: string } };
const giftNotes = (db: Kysely<Database>) => db as unknown as Kysely<GiftNoteTables>;
const findGiftNote = async (db: Kysely<Database>, asin: string) =>
  (await giftNotes(db).selectFrom('gift_notes').select('note').where('asin', '=', asin).executeTakeFirst())
    ?.note ?? null;
async function replaceGiftNote(db: Kysely<Database>, asin: string, note: string | null) {
  await giftNotes(db).deleteFrom('gift_notes').where('asin', '=', asin).execute();
  if (note !== null) await giftNotes(db).insertInto('gift_notes').values({ asin, note }).execute();
}

/** Its catalog part: a key of a product's `features`, a check across the file, and its rows. */
const giftNotesCatalog = catalogPart({
  features: { giftNote: z.string().min(1).max(120).optional() },
  problems: ({ products }) =>
    products.flatMap((p, i) =>
      p.features.giftNote?.includes('$')
        ? [{ path: ['products', i, 'features', 'giftNote'], message: 'a gift note names no price' }]
        : [],
    ),
  products: {
    rows: (product) => ({ asin: product.asin, note: product.features.giftNote ?? null }),
    async insertNew(db, rows) {
      for (const { asin, note } of rows) await replaceGiftNote(db, asin, note);
    },
    same: async (db, { asin, note }) => (await findGiftNote(db, asin)) === note,
    replace: (db, { asin, note }) => replaceGiftNote(db, asin, note),
  },
});

/** Its route: schema and one call. */
const giftNoteRoutes: AreaRoutes = async (app) => {
  app.get(
    '/api/gift-notes/:asin',
    {
      schema: {
        params: z.object({ asin: z.string().max(20) }),
        response: { 200: z.object({ note: z.string().nullable() }) },
      },
    },
    async (request) => ({ note: await findGiftNote(app.store.db, request.params.asin) }),
  );
};

const giftNotesArea = {
  name: 'gift-notes',
  routes: [giftNoteRoutes],
  catalog: giftNotesCatalog,
  pageSlices: {
    giftNote: {
      at: 'product',
      deferred: false,
      load: (db, context) => findGiftNote(db, context.product.asin),
    },
    giftNoteSuggestions: {
      at: 'page',
      deferred: true,
      load: async () => {
        throw new Error('the suggestions service is down');
      },
    },
  },
  migrations: { '9000-gift-notes': giftNotesMigration },
} satisfies ServerArea;

const AREAS = [...SERVER_AREAS, giftNotesArea] as const;

type PageData = {
  deferred: string[];
  deal: unknown;
  giftNoteSuggestions?: unknown;
  product: Record<string, unknown>;
};
const pageDataOf = (html: string): PageData =>
  JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}');

describe.each(dialects)('a throwaway area added to the area list, on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false, areas: AREAS });
    // The store's own migrations ran; the area's runs after them, from the same list.
    await ctx.store.migrate(storeMigrations(AREAS));
  });
  afterAll(() => ctx?.close());

  const product = buildProduct({ features: { giftWrap: true } });
  const withNote = { ...product, features: { ...product.features, giftNote: 'Happy birthday, Ada!' } };

  test('its catalog part adds its key to the file, checks it, and imports it through its repository', async () => {
    expect(validateCatalog({ products: [withNote] }).ok).toBe(false);
    const schema = catalogSchemaFor(catalogParts(AREAS));
    const priced = { ...withNote, features: { ...withNote.features, giftNote: 'Worth $50' } };
    expect(validateCatalog({ products: [priced] }, schema)).toEqual({
      ok: false,
      problems: [{ path: '$.products[0].features.giftNote', message: 'a gift note names no price' }],
    });
    const valid = validateCatalog({ products: [withNote] }, schema);
    if (!valid.ok) throw new Error(JSON.stringify(valid.problems));
    const parts = [...CATALOG_PARTS, giftNotesCatalog];
    expect(await importCatalog(ctx.store.db, valid.catalog, ctx.clock.now, parts)).toEqual({
      created: 1,
      updated: 0,
      unchanged: 0,
    });
    expect(await findGiftNote(ctx.store.db, product.asin)).toBe('Happy birthday, Ada!');
    expect(await importCatalog(ctx.store.db, valid.catalog, ctx.clock.now, parts)).toEqual({
      created: 0,
      updated: 0,
      unchanged: 1,
    });
  });

  test('its route answers, and its slices join the product page data by name', async () => {
    const shopper = new Shopper(ctx.app);
    const answer = await shopper.request({ method: 'GET', url: `/api/gift-notes/${product.asin}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ note: 'Happy birthday, Ada!' });

    const page = await shopper.visit(`/dp/${product.asin}`);
    expect(page.statusCode).toBe(200);
    const data = pageDataOf(page.body);
    expect(data.product.giftNote).toBe('Happy birthday, Ada!');
    // The store's own slices are all there, and in their places.
    expect(data.product.features).toMatchObject({ giftWrap: true });
    expect(data.deal).toBeNull();
    // A deferred slice that fails leaves the page whole and is named for the page to load later.
    expect(data.deferred).toEqual(['giftNoteSuggestions']);
    expect(data.giftNoteSuggestions).toBeNull();
  });

  test('an app built on the store list alone knows nothing of it', async () => {
    const plain = await createTestApp(dialect, { seed: false });
    try {
      const shopper = new Shopper(plain.app);
      expect(
        (await shopper.request({ method: 'GET', url: `/api/gift-notes/${product.asin}` })).statusCode,
      ).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
