import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';
import type { TradeInPageData } from '../../../shared/contracts/pages/trade-in-page';
import { PAGE_DATA_ELEMENT_ID } from '../../../shared/page-data-element';
import { TRADE_IN_PRODUCT_GROUPS } from '../../../shared/trade-in-constants';

const pageDataOf = (html: string): TradeInPageData =>
  JSON.parse(
    new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">(.*?)</script>`, 's').exec(
      html,
    )?.[1] ?? '{}',
  );

describe.each(dialects)('trade-in storefront on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
  });
  afterAll(() => ctx?.close());

  test('TI-002 TI-012 /tradein renders a tile per product group, each a link that opens its flow', async () => {
    const response = await new Shopper(ctx.app).visit('/tradein');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>Trade in your devices</h1>');
    for (const group of TRADE_IN_PRODUCT_GROUPS) {
      expect(response.body).toContain(`href="/tradein?productGroup=${group}"`);
    }
    const data = pageDataOf(response.body);
    expect(data.tiles.map((tile) => tile.productGroup).sort()).toEqual([...TRADE_IN_PRODUCT_GROUPS].sort());
    expect(data.open).toEqual({ launch: false, productGroup: null });
  });

  test('TI-002 TI-026 a group in the address opens its flow as the page loads; an unknown or missing one opens it without a group', async () => {
    const shopper = new Shopper(ctx.app);
    expect(pageDataOf((await shopper.visit('/tradein?productGroup=gl_wireless')).body).open).toEqual({
      launch: true,
      productGroup: 'gl_wireless',
    });
    expect(pageDataOf((await shopper.visit('/tradein?productGroup=gl_nonsense')).body).open).toEqual({
      launch: true,
      productGroup: null,
    });
    expect(pageDataOf((await shopper.visit('/tradein?launch=1')).body).open).toEqual({
      launch: true,
      productGroup: null,
    });
  });
});
