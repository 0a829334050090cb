import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import type { CreatedProduct } from '../factories/product-factory';
import { expect, test, type World } from './fixtures';

// Sponsored-product carousels (ADS): a page with 6 ads aimed at it (4 cards a page). The carousel sits
// below the fold, so it is out of view until the shopper scrolls to it.

type EventBody = { events: { data: Record<string, unknown> }[]; csrfToken?: string };

async function pageWithAds(world: World, count = 6) {
  // A long description keeps the carousel well below the fold until the test scrolls to it.
  const page = await world.product(undefined, {
    title: 'Test Page Product',
    description: 'A product page long enough to scroll. '.repeat(120),
    bullets: Array.from(
      { length: 10 },
      (_, i) => `Feature ${i + 1}: ${'it does a useful thing. '.repeat(8)}`,
    ),
  });
  const ads: { adId: string; product: CreatedProduct }[] = [];
  for (let i = 0; i < count; i++) {
    const product = await world.product(undefined, {
      title: `Sponsored Thing ${i + 1}`,
      offers: [{ price: 10 + i }],
    });
    ads.push(
      await world.ad({ product, bid: 5 - i / 10, targets: [page], advertiser: `Advertiser ${i + 1}` }),
    );
  }
  return { page, ads };
}

const region = (page: Page) => page.getByRole('region', { name: /Products related to this item/ });

/** The view events the page sends (fetch or beacon), as they arrive. */
function recordEvents(page: Page) {
  const batches: { body: EventBody; contentType: string; request: Request }[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/sponsored-products/events') {
      batches.push({
        body: JSON.parse(request.postData() ?? '{}') as EventBody,
        contentType: request.headers()['content-type'] ?? '',
        request,
      });
    }
  });
  return {
    batches,
    viewed: () => batches.flatMap((b) => b.body.events.map((e) => String(e.data.adId))),
  };
}

const scrollToCarousel = (page: Page) =>
  region(page).evaluate((el) => el.scrollIntoView({ block: 'center' }));
const scrollToTop = (page: Page) => page.evaluate(() => window.scrollTo(0, 0));

/**
 * Opens the product page and brings the row below the fold near the viewport, still out of view, so the
 * carousel loads (the widgets there load as they near the viewport), then goes back to the top.
 */
async function openPage(page: Page, asin: string) {
  await page.goto(`/dp/${asin}`);
  await page.evaluate(() => {
    const description = document.getElementById('product-description');
    const rowTop = (description?.getBoundingClientRect().bottom ?? 0) + window.scrollY;
    window.scrollTo(0, Math.max(0, rowTop - window.innerHeight - 200));
  });
  await expect(region(page)).toBeAttached();
  await scrollToTop(page);
}

test('ADS-001 ADS-008 ADS-003 ADS-004 a view counts once the card has been on screen 500 ms, once per ad and page view', async ({
  page,
  world,
}) => {
  const { page: product, ads } = await pageWithAds(world);
  const events = recordEvents(page);
  await openPage(page, product.asin);
  await expect(region(page).getByRole('listitem')).toHaveCount(4);
  // ADS-001: labelled as sponsored.
  await expect(region(page).getByText('Sponsored', { exact: true })).toBeVisible();
  await expect(region(page).getByText('Sponsored · Advertiser 1')).toBeAttached();
  // Out of view: nothing counts.
  await page.waitForTimeout(1200);
  expect(events.viewed()).toEqual([]);
  // In view for less than 500 ms: nothing counts.
  await region(page).evaluate((el) => {
    el.scrollIntoView({ block: 'center' });
    setTimeout(() => window.scrollTo(0, 0), 80);
  });
  await page.waitForTimeout(1200);
  expect(events.viewed()).toEqual([]);
  // In view long enough: the four cards count.
  await scrollToCarousel(page);
  await expect
    .poll(() => events.viewed().sort())
    .toEqual(
      ads
        .slice(0, 4)
        .map((a) => a.adId)
        .sort(),
    );
  const first = events.batches[0]?.body.events[0]?.data ?? {};
  expect(Object.keys(first).sort()).toEqual([
    'adId',
    'adIndex',
    'eventType',
    'id',
    'qualifier',
    'widgetName',
  ]);
  expect(first).toMatchObject({ widgetName: 'sp_detail', eventType: 'view' });
  expect(events.batches[0]?.contentType).toContain('application/json');
  // Out and in again: already counted in this page view.
  await scrollToTop(page);
  await page.waitForTimeout(300);
  await scrollToCarousel(page);
  await page.waitForTimeout(1200);
  expect(events.viewed()).toHaveLength(4);
  // A batch replayed twice counts once: the server has it already.
  const replay = events.batches[0]?.body as EventBody;
  const csrf = (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? '';
  for (let i = 0; i < 2; i++) {
    const response = await page.request.post('/api/sponsored-products/events', {
      data: replay,
      headers: { 'x-csrf-token': csrf },
    });
    expect(await response.json()).toMatchObject({ counted: 0 });
  }
});

test('ADS-001 ADS-008 with the tab hidden nothing counts; shown again, the cards in view count 500 ms later', async ({
  page,
  world,
}) => {
  const { page: product } = await pageWithAds(world, 2);
  const events = recordEvents(page);
  await openPage(page, product.asin);
  await expect(region(page).getByRole('listitem')).toHaveCount(2);
  const setVisibility = (state: 'hidden' | 'visible') =>
    page.evaluate((value) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => value === 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);
  await setVisibility('hidden');
  await scrollToCarousel(page);
  await page.waitForTimeout(1500);
  expect(events.viewed()).toEqual([]);
  await setVisibility('visible');
  await expect.poll(() => events.viewed()).toHaveLength(2);
});

test('ADS-009 ADS-004 views wait at most 250 ms, and what waits when the page is left goes by sendBeacon', async ({
  page,
  world,
}) => {
  const { page: product, ads } = await pageWithAds(world, 2);
  const events = recordEvents(page);
  // Beacons leave with the page, out of the test's sight: each call is noted in the tab's session storage.
  await page.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      const calls = JSON.parse(sessionStorage.getItem('beacons') ?? '[]') as string[];
      sessionStorage.setItem('beacons', JSON.stringify([...calls, String(url)]));
      return send(url, data);
    };
  });
  await page.clock.install();
  await openPage(page, product.asin);
  await expect(region(page).getByRole('listitem')).toHaveCount(2);
  await page.clock.pauseAt(Date.now() + 60_000);
  await scrollToCarousel(page);
  // The cards' 500 ms on screen pass, the views are queued; the batch waits for its 250 ms.
  await page.waitForTimeout(300);
  await page.clock.runFor(500);
  await page.waitForTimeout(300);
  expect(events.batches).toHaveLength(0);
  await page.clock.runFor(250);
  await expect.poll(() => events.batches.length).toBe(1);
  expect(events.viewed()).toHaveLength(2);
  // A fresh page view: its views are queued, then the page is left before the batch is due.
  await page.clock.resume();
  // From the top (a reload would restore the scroll position, carousel in view).
  await scrollToTop(page);
  await openPage(page, product.asin);
  await expect(region(page).getByRole('listitem')).toHaveCount(2);
  await page.clock.pauseAt(Date.now() + 120_000);
  await scrollToCarousel(page);
  await page.waitForTimeout(300);
  await page.clock.runFor(500);
  await page.goto('/gp/cart/view.html');
  expect(await page.evaluate(() => sessionStorage.getItem('beacons'))).toBe(
    JSON.stringify(['/api/sponsored-products/events']),
  );
  // The beacon arrived: each ad has its two page views counted.
  for (const ad of ads)
    await expect.poll(() => world.adCounts(ad.adId)).toEqual({ impressions: 2, clicks: 0 });
});

test('ADS-006 ADS-010 the next page is fetched with pg, tot, start, num, cc and oData, never more than 30', async ({
  page,
  world,
}) => {
  const { page: product, ads } = await pageWithAds(world);
  const queries: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/sponsored-products')) queries.push(url.searchParams);
  });
  await openPage(page, product.asin);
  await expect(region(page).getByRole('listitem')).toHaveCount(4);
  await expect(region(page).getByRole('button', { name: 'Previous page of sponsored products' })).toHaveCount(
    0,
  );
  await region(page).getByRole('button', { name: 'Next page of sponsored products' }).click();
  await expect(region(page).getByRole('link', { name: 'Sponsored Thing 5' })).toBeVisible();
  const next = queries[1] as URLSearchParams;
  expect([...next.keys()]).toEqual(['pg', 'tot', 'start', 'num', 'cc', 'oData']);
  expect(next.get('pg')).toBe('2');
  expect(next.get('start')).toBe('4');
  expect(next.get('cc')).toBe('4');
  expect(Number(next.get('num'))).toBeLessThanOrEqual(30);
  expect(Number(next.get('tot'))).toBeGreaterThanOrEqual(ads.length);
  expect(next.get('oData')).toBeTruthy();
  await expect(
    region(page).getByRole('button', { name: 'Previous page of sponsored products' }),
  ).toBeVisible();
  const results = await new AxeBuilder({ page }).include('.sponsored').analyze();
  expect(results.violations.map((v) => `${v.id} ${v.nodes[0]?.target}`)).toEqual([]);
});

test('ADS-002 ADS-005 a click is logged by a POST to the ad click URL, then the product opens', async ({
  page,
  world,
}) => {
  const { page: product, ads } = await pageWithAds(world, 1);
  await openPage(page, product.asin);
  const link = region(page).getByRole('link', { name: 'Sponsored Thing 1' });
  const click = page.waitForRequest((request) =>
    request.url().includes(`/api/sponsored-products/ads/${ads[0]?.adId}/clicks`),
  );
  await link.click();
  const request = await click;
  expect(request.method()).toBe('POST');
  expect(new URL(request.url()).searchParams.get('widgetName')).toBe('sp_detail');
  await expect(page).toHaveURL(new RegExp(`/dp/${ads[0]?.product.asin}$`));
  // The click was stored: the same click URL again counts nothing.
  const csrf = (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? '';
  const again = await page.request.post(request.url(), { headers: { 'x-csrf-token': csrf } });
  expect(await again.json()).toEqual({ counted: false });
});

test('ADS-007 a misconfigured events endpoint is logged as a warning and nothing is sent', async ({
  page,
  world,
}) => {
  const { page: product } = await pageWithAds(world, 1);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const events = recordEvents(page);
  await page.route('**/sponsored-products?**', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.eventsUrl = 'https://ads.example.net/collect';
    body.ads[0].clickUrl = '';
    await route.fulfill({ response, json: body });
  });
  await openPage(page, product.asin);
  await expect(region(page).getByRole('listitem')).toHaveCount(1);
  await expect
    .poll(() => warnings.some((w) => w.includes('the view events endpoint is misconfigured')))
    .toBe(true);
  await scrollToCarousel(page);
  await page.waitForTimeout(1500);
  expect(events.batches).toEqual([]);
  await region(page).getByRole('link', { name: 'Sponsored Thing 1' }).click();
  await expect.poll(() => warnings.some((w) => w.includes('the click endpoint is misconfigured'))).toBe(true);
});
