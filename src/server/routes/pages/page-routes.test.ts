import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDemoCopies } from '../../../../tests/factories/demo-products';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';

describe.each(dialects)('product page on %s', (dialect) => {
  let ctx: TestContext;
  // The test's own speaker, shaped like the demo one ($49.99, reviews, demo images).
  let SPK = '';
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    SPK = (await createDemoCopies(ctx.store.db, ['B0PDPSPK01'], { now: ctx.clock.now })).asin('B0PDPSPK01');
  });
  afterAll(() => ctx?.close());

  test('/dp/{asin} renders the title, price, image and add-to-cart button on the server', async () => {
    const s = new Shopper(ctx.app);
    const response = await s.visit(`/dp/${SPK}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toMatch(/<h1[^>]*id="productTitle"[^>]*>[^<]*Nimbus/);
    expect(response.body).toContain('$49.99');
    expect(response.body).toMatch(/<img[^>]+src="\/images\/demo\/[^"]+\.svg"/);
    expect(response.body).toContain('Add to Cart');
    expect(response.body).toContain(`<link rel="canonical" href="http://localhost:80/dp/${SPK}">`);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['cache-control']).toBe('no-store');
  });

  test('SEO: title, description, canonical URL, Open Graph and JSON-LD Product with Offer and AggregateRating', async () => {
    const s = new Shopper(ctx.app);
    const response = await s.visit(`/dp/${SPK}`);
    expect(response.body).toMatch(/<title>Nimbus[^<]*\| Northwind Market<\/title>/);
    expect(response.body).toMatch(/<meta name="description" content="[^"]{20,}">/);
    expect(response.body).toContain(`<meta property="og:url" content="http://localhost:80/dp/${SPK}">`);
    const ld = JSON.parse(
      /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(response.body)?.[1] ?? '{}',
    );
    expect(ld).toMatchObject({
      '@type': 'Product',
      sku: SPK,
      offers: {
        '@type': 'Offer',
        price: '49.99',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: expect.any(Number),
        reviewCount: expect.any(Number),
      },
    });
  });

  test('/dp/{asin}/ref=… serves the same page and keeps the tag for the cart call', async () => {
    const s = new Shopper(ctx.app);
    const response = await s.visit(`/dp/${SPK}/ref=ods_dabb_${SPK}_productInfo`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`"refTag":"ods_dabb_${SPK}_productInfo"`);
  });

  test('page data is JSON that cannot break out of its script tag', async () => {
    const s = new Shopper(ctx.app);
    const response = await s.visit(`/dp/${SPK}`);
    const data =
      /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(response.body)?.[1] ?? '';
    expect(data).not.toContain('<');
    expect(JSON.parse(data).product.asin).toBe(SPK);
  });

  test('an unknown ASIN is a 404 page', async () => {
    const s = new Shopper(ctx.app);
    const response = await s.visit('/dp/B0NOTHERE1');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Sorry, we couldn&#x27;t find that page');
    expect(response.body).toContain('<meta name="csrf-token"');
  });

  test('the sign-in page is a plain form that posts the CSRF token', async () => {
    const s = new Shopper(ctx.app);
    const response = await s.visit('/gp/sign-in.html');
    expect(response.body).toMatch(/<form[^>]* action="\/gp\/sign-in.html" method="post"/);
    expect(response.body).toContain(`name="csrfToken" value="${s.csrfToken}"`);
  });

  test('decision 0016: a lower-case ASIN or a trailing slash redirects (301) to the canonical product URL', async () => {
    const s = new Shopper(ctx.app);
    for (const [from, to] of [
      [`/dp/${SPK.toLowerCase()}`, `/dp/${SPK}`],
      [`/dp/${SPK}/`, `/dp/${SPK}`],
      [`/dp/${SPK.toLowerCase()}/`, `/dp/${SPK}`],
      [`/dp/${SPK.toLowerCase()}?qty=2`, `/dp/${SPK}?qty=2`],
      [`/dp/${SPK.toLowerCase()}/ref=sr_1_1`, `/dp/${SPK}/ref=sr_1_1`],
    ]) {
      const response = await s.visit(from);
      expect(response.statusCode, from).toBe(301);
      expect(response.headers.location, from).toBe(to);
    }
    expect((await s.visit('/dp/b0nothere1')).statusCode).toBe(404);
    expect((await s.visit('/dp/B0NOTHERE1/')).statusCode).toBe(404);
  });
});
