import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';
import { VAS_WIDGETS } from '../../../shared/add-on-services-widgets';

// The demo catalog shows every add-on widget variant on a product of its own (docs/demo-catalog.md).
const DEMO: Record<(typeof VAS_WIDGETS)[number], string> = {
  enhancedPPD: 'B0PDPTV055',
  twister: 'B0PDPWSH01',
  twister_xl: 'B0PDPFRG01',
  ppdBundle: 'B0PDPSND01',
  regularPPD: 'B0PDPLAP01',
  brandMessagingDesktop: 'B0PDPDBL01',
  serviceBanner: 'B0PDPTHM01',
  prePurchase: 'B0PDPDWS01',
};

describe.each(dialects)('the demo catalog add-on services on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect);
  });
  afterAll(() => ctx?.close());

  test('VAS-003 each of the eight widget variants is on a demo product, with offers for a Seattle shopper', async () => {
    expect(Object.keys(DEMO).sort()).toEqual([...VAS_WIDGETS].sort());
    for (const [widget, asin] of Object.entries(DEMO)) {
      const s = new Shopper(ctx.app);
      s.cookie = 'delivery-zip=98109';
      const page = await s.visit(`/dp/${asin}`);
      expect(page.statusCode).toBe(200);
      const data = JSON.parse(
        /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(page.body)?.[1] ?? '{}',
      );
      expect(data.product.addOnServices?.widget, asin).toBe(widget);
      expect(
        data.product.addOnServices.services.some((s: { offer: unknown }) => s.offer !== null),
        asin,
      ).toBe(true);
      expect(page.body).toContain('data-testid="add-on-services"');
    }
  });

  test('VAS-009 the TV installation: Seattle in-home, New York another installer, elsewhere ship-to-store', async () => {
    const s = new Shopper(ctx.app);
    await s.visit('/dp/B0PDPTV055');
    const refresh = async (zip: string) =>
      (
        await s.request({
          method: 'GET',
          url: `/gp/ls/vas-ajax-handlers/vas-zipcode-refresh.html?asinlist=B0PDPVAS01&vasZipcode=${zip}&clientName=vas_dp`,
        })
      ).json().B0PDPVAS01;
    expect(await refresh('98109')).toMatchObject({
      fulfillmentType: 'in_home',
      price: { displayString: '$99.00' },
    });
    expect(await refresh('10001')).toMatchObject({
      merchantName: 'Metro Mounts LLC',
      price: { displayString: '$109.00' },
    });
    expect(await refresh('60601')).toMatchObject({
      fulfillmentType: 'in_store',
      price: { displayString: '$119.00' },
    });
    expect(await refresh('99501')).toMatchObject({ isOfferAvailable: false });
  });
});
