import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDemoCopies } from '../../../../tests/factories/demo-products';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';
import { accessoriesSliceResponse } from '../../../shared/contracts/page-slices';
import { productPageData } from '../../../shared/contracts/pages/product-page';

const US = 'ATVPDKIKX0DER';
const pageDataOf = (html: string) =>
  productPageData.parse(
    JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}'),
  );

describe.each(dialects)('product page slices on %s', (dialect) => {
  let ctx: TestContext;
  // The test's own speaker ($49.99, four accessory slots) and stand (no accessories), shaped like the demo
  // ones.
  let SPK = '';
  let STD = '';
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    const now = ctx.clock.now;
    const copies = await createDemoCopies(ctx.store.db, ['B0PDPSPK01'], { now });
    SPK = copies.asin('B0PDPSPK01');
    STD = copies.asin('B0PDPSTD01');
  });
  afterAll(() => ctx?.close());

  const sliceUrl = (asin: string) => `/api/marketplaces/${US}/products/${asin}/page-slices/accessories`;

  test('ACC-003 the deferred accessory slice answers what the page renders; none for a product without accessories', async () => {
    const s = new Shopper(ctx.app);
    const page = pageDataOf((await s.visit(`/dp/${SPK}`)).body);
    expect(page.deferred).toEqual([]);
    const response = await s.request({ method: 'GET', url: sliceUrl(SPK) });
    expect(response.statusCode).toBe(200);
    const body = accessoriesSliceResponse.parse(response.json());
    expect(body.accessories).toEqual(page.product.accessories);
    expect(body.accessories?.slots).toHaveLength(4);

    const plain = await s.request({ method: 'GET', url: sliceUrl(STD) });
    expect(accessoriesSliceResponse.parse(plain.json()).accessories).toBeNull();
    const unknown = await s.request({ method: 'GET', url: sliceUrl('B0NOTHERE1') });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('unknown_product');
  });

  test('a deferred slice that throws leaves the page rendering: a stored accessories block that cannot be read', async () => {
    const stored = await ctx.store.db
      .selectFrom('products')
      .select('accessories')
      .where('asin', '=', SPK)
      .executeTakeFirstOrThrow();
    await ctx.store.db
      .updateTable('products')
      .set({ accessories: '{"campaignSource": cut off' })
      .where('asin', '=', SPK)
      .execute();
    try {
      const s = new Shopper(ctx.app);
      const response = await s.visit(`/dp/${SPK}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatch(/<h1[^>]*id="productTitle"[^>]*>[^<]*Nimbus/);
      expect(response.body).toContain('$49.99');
      expect(response.body).toContain('Add to Cart');
      expect(response.body).not.toContain('Add an accessory');
      const data = pageDataOf(response.body);
      expect(data.deferred).toEqual(['accessories']);
      expect(data.product.accessories).toBeNull();
      expect(data.product.offer?.price.displayString).toBe('$49.99');

      // The page's own call for the slice fails cleanly too; the page then goes on without it.
      const slice = await s.request({ method: 'GET', url: sliceUrl(SPK) });
      expect(slice.statusCode).toBe(500);
      expect(slice.json().error.code).toBe('internal_error');
      expect(slice.body).not.toMatch(/SyntaxError|at .*\.ts/);
    } finally {
      await ctx.store.db
        .updateTable('products')
        .set({ accessories: stored.accessories })
        .where('asin', '=', SPK)
        .execute();
    }
  });
});
