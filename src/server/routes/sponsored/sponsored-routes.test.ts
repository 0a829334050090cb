import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createProduct } from '../../../../tests/factories/product-factory';
import { type CreatedAd, createSponsoredAd } from '../../../../tests/factories/sponsored-ad-factory';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';
import { adsReport, formatAdsReport } from '../../services/sponsored/ad-events';

const US = 'ATVPDKIKX0DER';

type Carousel = {
  qualifier: string;
  widgetName: string;
  pg: number;
  tot: number;
  start: number;
  num: number;
  oData: string;
  eventsUrl: string;
  ads: { adId: string; adIndex: number; asin: string; clickUrl: string; price: { displayString: string } }[];
};

describe.each(dialects)('sponsored products on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
  });
  afterAll(() => ctx?.close());
  const now = () => ({ now: ctx.clock.now });

  /** A page with `count` ads aimed at it, bids 3.00, 2.99, … so their order is known. */
  const pageWithAds = async (count: number) => {
    const page = await createProduct(ctx.store.db, {}, now());
    const ads: CreatedAd[] = [];
    for (let i = 0; i < count; i++) {
      ads.push(await createSponsoredAd(ctx.store.db, { bid: 3 - i / 100, targets: [page] }, now()));
    }
    return { page, ads };
  };
  const shopper = async (asin: string) => {
    const s = new Shopper(ctx.app);
    await s.visit(`/dp/${asin}`);
    return s;
  };
  const carousel = async (s: Shopper, asin: string, query = '') =>
    s.request({ method: 'GET', url: `/api/marketplaces/${US}/products/${asin}/sponsored-products${query}` });
  const postEvents = (s: Shopper, body: unknown, headers: Record<string, string> = {}) =>
    s.request({
      method: 'POST',
      url: '/api/sponsored-products/events',
      headers: { 'content-type': 'application/json', 'x-csrf-token': s.csrfToken, ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const viewEvent = (c: Carousel, ad: Carousel['ads'][number]) => ({
    data: {
      qualifier: c.qualifier,
      id: `${c.qualifier}-${ad.adId}-view`,
      widgetName: c.widgetName,
      adId: ad.adId,
      adIndex: ad.adIndex,
      eventType: 'view',
    },
  });
  const counts = async (adId: string) => (await adsReport(ctx.store.db)).find((row) => row.adId === adId);

  test('ADS-006 the carousel pages through the ads aimed at a page, highest bid first, one page view throughout', async () => {
    const { page, ads } = await pageWithAds(6);
    const s = await shopper(page.asin);
    const first = (await carousel(s, page.asin, '?pg=1&num=4')).json() as Carousel;
    expect(first).toMatchObject({
      widgetName: 'sp_detail',
      pg: 1,
      start: 0,
      num: 4,
      eventsUrl: '/api/sponsored-products/events',
    });
    expect(first.ads).toHaveLength(4);
    expect(first.ads.slice(0, 4).map((a) => a.adId)).toEqual(ads.slice(0, 4).map((a) => a.adId));
    expect(first.ads.map((a) => a.adIndex)).toEqual([0, 1, 2, 3]);
    // The page's own product is never advertised on it; run-of-site ads of the catalog follow ours.
    expect(first.tot).toBeGreaterThanOrEqual(6);
    const query = new URLSearchParams({
      pg: '2',
      tot: String(first.tot),
      start: '4',
      num: '4',
      cc: '4',
      oData: first.oData,
    });
    const second = (await carousel(s, page.asin, `?${query}`)).json() as Carousel;
    expect(second.qualifier).toBe(first.qualifier);
    expect(second.ads.slice(0, 2).map((a) => a.adId)).toEqual(ads.slice(4).map((a) => a.adId));
    expect(second.ads[0]?.adIndex).toBe(4);
    // Without start, pg and num say where the page starts.
    const byPage = (await carousel(s, page.asin, `?pg=2&num=4&oData=${first.oData}`)).json() as Carousel;
    expect(byPage.start).toBe(4);
    const fresh = (await carousel(s, page.asin)).json() as Carousel;
    expect(fresh.qualifier).not.toBe(first.qualifier);
  });

  test('ADS-010 a page fetch is capped at 30 ads', async () => {
    const { page } = await pageWithAds(31);
    const s = await shopper(page.asin);
    const answer = (await carousel(s, page.asin, '?pg=1&num=500')).json() as Carousel;
    expect(answer.num).toBe(30);
    expect(answer.ads).toHaveLength(30);
    expect(answer.tot).toBeGreaterThan(30);
  });

  test('bad carousel queries are refused: an oData not given out, a page 0, an unknown product', async () => {
    const { page } = await pageWithAds(1);
    const s = await shopper(page.asin);
    expect((await carousel(s, page.asin, '?oData=bm90LW91cnM')).statusCode).toBe(400);
    expect((await carousel(s, page.asin, '?pg=0')).statusCode).toBe(400);
    expect((await carousel(s, page.asin, '?num=abc')).statusCode).toBe(400);
    expect((await carousel(s, 'B0ZZZZZZZZ')).statusCode).toBe(404);
  });

  test('ADS-004 ADS-003 a batch of views is stored once per ad and page view: a replayed batch counts once', async () => {
    const { page, ads } = await pageWithAds(3);
    const s = await shopper(page.asin);
    const c = (await carousel(s, page.asin, '?num=3')).json() as Carousel;
    const batch = { events: c.ads.map((ad) => viewEvent(c, ad)) };
    const first = await postEvents(s, batch);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ accepted: 3, counted: 3 });
    const replay = await postEvents(s, batch);
    expect(replay.json()).toEqual({ accepted: 3, counted: 0 });
    // The same ad twice in one batch counts once too.
    const twice = await postEvents(s, {
      events: [viewEvent(c, c.ads[0] as never), viewEvent(c, c.ads[0] as never)],
    });
    expect(twice.json()).toEqual({ accepted: 2, counted: 0 });
    for (const ad of ads) expect((await counts(ad.adId))?.impressions).toBe(1);
    // Another page view of the same ads counts again.
    const again = (await carousel(s, page.asin, '?num=3')).json() as Carousel;
    expect(
      (await postEvents(s, { events: again.ads.map((ad) => viewEvent(again, ad)) })).json().counted,
    ).toBe(3);
    expect((await counts(ads[0]?.adId ?? ''))?.impressions).toBe(2);
  });

  test('ADS-003 an event without its fields, or of an ad not in the inventory, stores nothing', async () => {
    const { page, ads } = await pageWithAds(1);
    const s = await shopper(page.asin);
    const c = (await carousel(s, page.asin, '?num=1')).json() as Carousel;
    const good = viewEvent(c, c.ads[0] as never);
    for (const field of ['qualifier', 'id', 'widgetName', 'adId', 'adIndex', 'eventType']) {
      const { [field]: _gone, ...data } = good.data as Record<string, unknown>;
      const response = await postEvents(s, { events: [{ data }] });
      expect(response.statusCode, field).toBe(400);
    }
    const unknown = await postEvents(s, { events: [good, { data: { ...good.data, adId: 'AD-NOPE' } }] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.code).toBe('unknown_ad');
    expect((await counts(ads[0]?.adId ?? ''))?.impressions).toBe(0);
    expect((await postEvents(s, { events: [good] }, { 'x-csrf-token': 'forged' })).statusCode).toBe(403);
  });

  test('ADS-004 a page hiding sends its batch with sendBeacon: text/plain, the CSRF token in the body', async () => {
    const { page, ads } = await pageWithAds(1);
    const s = await shopper(page.asin);
    const c = (await carousel(s, page.asin, '?num=1')).json() as Carousel;
    const beacon = await s.request({
      method: 'POST',
      url: '/api/sponsored-products/events',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ events: [viewEvent(c, c.ads[0] as never)], csrfToken: s.csrfToken }),
    });
    expect(beacon.statusCode).toBe(200);
    expect((await counts(ads[0]?.adId ?? ''))?.impressions).toBe(1);
    const forged = await s.request({
      method: 'POST',
      url: '/api/sponsored-products/events',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ events: [viewEvent(c, c.ads[0] as never)], csrfToken: 'forged' }),
    });
    expect(forged.statusCode).toBe(403);
  });

  test('ADS-005 a click is a POST to the ad click URL, stored once per ad and page view', async () => {
    const { page, ads } = await pageWithAds(1);
    const s = await shopper(page.asin);
    const c = (await carousel(s, page.asin, '?num=1')).json() as Carousel;
    const ad = c.ads[0] as Carousel['ads'][number];
    expect(ad.clickUrl).toBe(
      `/api/sponsored-products/ads/${ad.adId}/clicks?qualifier=${c.qualifier}&widgetName=sp_detail&adIndex=0`,
    );
    const click = () =>
      s.request({ method: 'POST', url: ad.clickUrl, headers: { 'x-csrf-token': s.csrfToken } });
    expect((await click()).json()).toEqual({ counted: true });
    expect((await click()).json()).toEqual({ counted: false });
    expect((await counts(ads[0]?.adId ?? ''))?.clicks).toBe(1);
    const unknown = await s.request({
      method: 'POST',
      url: `/api/sponsored-products/ads/AD-NOPE/clicks?qualifier=${c.qualifier}&widgetName=sp_detail&adIndex=0`,
      headers: { 'x-csrf-token': s.csrfToken },
    });
    expect(unknown.statusCode).toBe(404);
  });

  test('the ads report gives impressions, clicks and click-through rate per ad', async () => {
    const { page, ads } = await pageWithAds(2);
    for (let view = 0; view < 4; view++) {
      const s = await shopper(page.asin);
      const c = (await carousel(s, page.asin, '?num=2')).json() as Carousel;
      const mine = c.ads.filter((a) => ads.some((ad) => ad.adId === a.adId));
      await postEvents(s, { events: mine.map((ad) => viewEvent(c, ad)) });
      if (view === 0)
        await s.request({
          method: 'POST',
          url: mine[0]?.clickUrl ?? '',
          headers: { 'x-csrf-token': s.csrfToken },
        });
    }
    const rows = await adsReport(ctx.store.db);
    expect(rows.find((r) => r.adId === ads[0]?.adId)).toMatchObject({ impressions: 4, clicks: 1, ctr: 25 });
    expect(rows.find((r) => r.adId === ads[1]?.adId)).toMatchObject({ impressions: 4, clicks: 0, ctr: 0 });
    const text = formatAdsReport(rows);
    expect(text.split('\n')[0]).toMatch(/^ad\s+asin\s+advertiser\s+impressions\s+clicks\s+CTR$/);
    expect(text).toMatch(
      new RegExp(`${ads[0]?.adId}\\s+${ads[0]?.asin}\\s+Test Advertiser\\s+4\\s+1\\s+25\\.00%`),
    );
  });

  test.runIf(dialect === 'sqlite')(
    'npm run report:ads prints the report of the store DATABASE_URL names',
    async () => {
      // Two ads: the first is seen, the second never shown (as the demo ads were before), yet listed.
      const { page, ads } = await pageWithAds(2);
      const s = await shopper(page.asin);
      const c = (await carousel(s, page.asin, '?num=1')).json() as Carousel;
      await postEvents(s, { events: [viewEvent(c, c.ads[0] as never)] });
      const { stdout } = await promisify(execFile)(
        'npx',
        ['tsx', 'src/server/services/sponsored/report-ads-cli.ts'],
        {
          env: { ...process.env, DATABASE_URL: ctx.store.url, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
        },
      );
      expect(stdout).toMatch(
        new RegExp(`${ads[0]?.adId}\\s+${ads[0]?.asin}\\s+Test Advertiser\\s+1\\s+0\\s+0\\.00%`),
      );
      expect(stdout).toContain(ads[1]?.adId);
    },
    60_000,
  );
});
