import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createProduct } from '../../../../tests/factories/product-factory';
import { createSmartHomeBadge } from '../../../../tests/factories/smart-home-factory';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';

const US = 'ATVPDKIKX0DER';
const JP = 'A1VC38T7YXB528';

describe.each(dialects)('smart-home badge on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
  });
  afterAll(() => ctx?.close());
  const now = () => ({ now: ctx.clock.now });
  const slice = (marketplaceId: string, asin: string) =>
    new Shopper(ctx.app).request({
      method: 'GET',
      url: `/api/marketplaces/${marketplaceId}/products/${asin}/page-slices/smart-home`,
    });

  test('SH-001 SH-002 the badge lists the compatible devices, each with asin, offerlistingid and price', async () => {
    const speaker = await createProduct(ctx.store.db, {}, now());
    const plug = await createProduct(ctx.store.db, { title: 'Plug', offers: [{ price: 24.99 }] }, now());
    const bulb = await createProduct(ctx.store.db, { title: 'Bulb', offers: [{ price: 14.99 }] }, now());
    const gone = await createProduct(ctx.store.db, { title: 'Sold out', offers: [{ stock: 0 }] }, now());
    await createSmartHomeBadge(ctx.store.db, speaker, [plug, bulb, gone], now());
    const response = await slice(US, speaker.asin);
    expect(response.statusCode).toBe(200);
    const { smartHome } = response.json();
    expect(smartHome.pageState).toMatchObject({
      currencyCode: 'USD',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a dollar sign before the {} price placeholder.
      priceFormat: { priceFormat: '${}', fractionDigits: 2, groupingSeparator: ',' },
      buttonMessages: { add: 'Add {count} to Cart' },
    });
    // A device that cannot be bought now is left out.
    expect(smartHome.devices.map((d: { asin: string }) => d.asin)).toEqual([plug.asin, bulb.asin]);
    expect(smartHome.devices[0]).toMatchObject({
      asin: plug.asin,
      offerlistingid: plug.offers[0]?.offerListingId,
      price: 24.99,
      title: 'Plug',
      displayPrice: '$24.99',
    });
  });

  test('SH-006 a yen badge carries whole-yen prices and the yen format', async () => {
    const jpOffer = (price: number) => ({ marketplaceId: JP as 'A1VC38T7YXB528', price });
    const speaker = await createProduct(ctx.store.db, { offers: [jpOffer(5980)] }, now());
    const plug = await createProduct(ctx.store.db, { offers: [jpOffer(2980)] }, now());
    await createSmartHomeBadge(ctx.store.db, speaker, [plug], now());
    const { smartHome } = (await slice(JP, speaker.asin)).json();
    expect(smartHome.pageState).toMatchObject({ currencyCode: 'JPY', priceFormat: { fractionDigits: 0 } });
    expect(smartHome.devices[0]).toMatchObject({ price: 2980, displayPrice: '￥2,980' });
  });

  test('no badge is null; an unknown product or marketplace is a 404', async () => {
    const plain = await createProduct(ctx.store.db, {}, now());
    expect((await slice(US, plain.asin)).json()).toEqual({
      type: 'page-slice.smart-home/v1',
      smartHome: null,
    });
    expect((await slice(US, 'B0ZZZZZZZZ')).statusCode).toBe(404);
    expect((await slice('NOPE', plain.asin)).statusCode).toBe(404);
  });

  test('the catalog refuses a badge naming a product the store does not have, and writes nothing', async () => {
    const { importCatalogFile } = await import('../../catalog/catalog-files');
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const speaker = await createProduct(ctx.store.db, {}, now());
    const file = join(mkdtempSync(join(tmpdir(), 'sh-')), 'catalog.json');
    writeFileSync(
      file,
      JSON.stringify({ products: [speaker], smartHome: [{ asin: speaker.asin, devices: ['B0ZZZZZZZZ'] }] }),
    );
    const result = await importCatalogFile(ctx.store.db, file, ctx.clock.now);
    expect(result).toEqual({
      ok: false,
      problems: [{ path: '$.smartHome[0].devices[0]', message: 'no product B0ZZZZZZZZ in the catalog' }],
    });
    expect((await slice(US, speaker.asin)).json().smartHome).toBeNull();
  });
});
