import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { TRADE_IN_PATHS, TRADE_IN_PRODUCT_GROUPS } from '../../../shared/trade-in-constants';

// The demo catalog's trade-in part (docs/demo-catalog.md): devices in every group, the demo shoppers'
// past purchases, and the two products that launch a trade-in.
describe('the demo trade-in catalog', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('sqlite');
  });
  afterAll(() => ctx?.close());

  const demoShopper = async (email: string, password: string) => {
    const s = new Shopper(ctx.app);
    await s.signIn(email, password);
    await s.visit('/dp/B0PDPSPK01');
    return s;
  };

  test('TI-012 at least 30 tradeable devices across all seven product groups, some hazmat, some paid later', async () => {
    const devices = await ctx.store.db.selectFrom('trade_in_devices').selectAll().execute();
    expect(devices.length).toBeGreaterThanOrEqual(30);
    expect(new Set(devices.map((d) => d.product_group))).toEqual(new Set(TRADE_IN_PRODUCT_GROUPS));
    expect(devices.some((d) => Number(d.hazmat) === 1)).toBe(true);
    expect(devices.some((d) => Number(d.payable_now) === 0)).toBe(true);
    const groups = await ctx.store.db.selectFrom('trade_in_questionnaires').select('product_group').execute();
    expect(groups).toHaveLength(7);
  });

  test('TI-023 past purchases come first: an older Nimbus speaker for shopper@, a phone and a console for prime@', async () => {
    const shopper = await demoShopper('shopper@example.com', 'shopper-demo');
    const speakers = (
      await shopper.request({
        method: 'GET',
        url: `${TRADE_IN_PATHS.getCustomerItems}?productGroup=gl_digital_products_3`,
      })
    ).json();
    expect(speakers.pastPurchases.map((d: { title: string }) => d.title)).toEqual([
      'Nimbus Smart Speaker (2nd Gen)',
    ]);
    const prime = await demoShopper('prime@example.com', 'prime-demo');
    const phones = (
      await prime.request({
        method: 'GET',
        url: `${TRADE_IN_PATHS.getCustomerItems}?productGroup=gl_wireless`,
      })
    ).json();
    expect(phones.pastPurchases.map((d: { asin: string }) => d.asin)).toEqual(['TIPHN00002']);
    expect(phones.showCreditCardCard).toBe(true);
    const consoles = (
      await prime.request({
        method: 'GET',
        url: `${TRADE_IN_PATHS.getCustomerItems}?productGroup=gl_video_games`,
      })
    ).json();
    expect(consoles.pastPurchases.map((d: { asin: string }) => d.asin)).toEqual(['TIVGM00001']);
  });

  test('TI-002 B0PDPSPK01 and B0PDPPHN01 launch their trade-in groups from the product page', async () => {
    const s = new Shopper(ctx.app);
    const launch = async (asin: string) => {
      const html = (await s.visit(`/dp/${asin}`)).body;
      const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}';
      return JSON.parse(json).product.tradeIn;
    };
    expect(await launch('B0PDPSPK01')).toEqual({ productGroup: 'gl_digital_products_3' });
    expect(await launch('B0PDPPHN01')).toEqual({ productGroup: 'gl_wireless' });
  });
});
