import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type CreatedProduct, createProduct } from '../../../tests/factories/product-factory';
import { createTestApp, Shopper, type TestContext } from '../../../tests/helpers/test-app';
import { dialects } from '../../../tests/helpers/test-store';

const US = 'ATVPDKIKX0DER';

describe.each(dialects)('security headers on %s', (dialect) => {
  let ctx: TestContext;
  let product: CreatedProduct;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    product = await createProduct(ctx.store.db);
  });
  afterAll(() => ctx?.close());

  const restrictive = (headers: Record<string, unknown>, what: string) => {
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    const csp = String(headers['content-security-policy'] ?? '');
    expect(csp, what).toContain("default-src 'none'");
    expect(csp, what).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options'], what).toBe('DENY');
  };

  test('decision 0016: every JSON answer, errors included, carries nosniff and a policy that allows nothing', async () => {
    const s = new Shopper(ctx.app);
    await s.visit(`/dp/${product.asin}`);
    const answers = {
      product: await s.request({ method: 'GET', url: `/api/marketplaces/${US}/products/${product.asin}` }),
      'unknown product (404)': await s.request({
        method: 'GET',
        url: `/api/marketplaces/${US}/products/B0NOTHERE1`,
      }),
      'no route (404)': await s.request({ method: 'GET', url: '/api/nothing-here' }),
      'bad query (400)': await s.request({
        method: 'GET',
        url: `/api/marketplaces/${US}/products/${product.asin}?itemQuantity=abc`,
      }),
      'no CSRF token (403)': await s.request({
        method: 'POST',
        url: `/api/marketplaces/${US}/cart/carts/retail/items`,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      }),
      'form redirect (303)': await s.postForm('/gp/product/handle-buy-box', {
        ASIN: product.asin,
        offerListingID: `OL-${product.asin}-NEW`,
        quantity: '1',
        'submit.add-to-cart': 'Add to Cart',
      }),
      health: await s.request({ method: 'GET', url: '/healthz' }),
    };
    for (const [what, response] of Object.entries(answers)) {
      expect(response.statusCode, what).toBeLessThan(500);
      restrictive(response.headers, what);
    }
    expect(answers['unknown product (404)'].statusCode).toBe(404);
    expect(answers['bad query (400)'].statusCode).toBe(400);
    expect(answers['no CSRF token (403)'].statusCode).toBe(403);
  });

  test('decision 0016 HTML pages keep their own policy, nosniff and referrer policy', async () => {
    const s = new Shopper(ctx.app);
    for (const path of [`/dp/${product.asin}`, '/gp/sign-in.html', '/gp/cart/view.html', '/dp/B0NOTHERE1']) {
      const response = await s.visit(path);
      expect(response.headers['content-type'], path).toContain('text/html');
      expect(response.headers['x-content-type-options'], path).toBe('nosniff');
      const csp = String(response.headers['content-security-policy']);
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).not.toContain('upgrade-insecure-requests');
      expect(response.headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    }
  });

  test('decision 0016 a page allows its own <style> elements by hash and no inline style at all', async () => {
    const s = new Shopper(ctx.app);
    for (const path of [`/dp/${product.asin}`, '/gp/sign-in.html', '/gp/cart/view.html', '/dp/B0NOTHERE1']) {
      const response = await s.visit(path);
      const csp = String(response.headers['content-security-policy']);
      const styleSrc = csp.split(';').find((directive) => directive.trim().startsWith('style-src')) ?? '';
      expect(styleSrc, path).not.toContain('unsafe');
      const styles = [...response.body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
        (match) => match[1] ?? '',
      );
      expect(styles.length, path).toBeGreaterThan(0);
      for (const css of styles) {
        const hash = createHash('sha256').update(css, 'utf8').digest('base64');
        expect(styleSrc, path).toContain(`'sha256-${hash}'`);
      }
      // The server's markup carries no style attribute (the policy would refuse it).
      expect(response.body, path).not.toMatch(/<[^>]+\sstyle=/);
    }
  });

  test('HTML pages carry the headers only a document reads; JSON answers leave them out', async () => {
    const s = new Shopper(ctx.app);
    const page = await s.visit(`/dp/${product.asin}`);
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['origin-agent-cluster']).toBe('?1');
    expect(page.headers['x-dns-prefetch-control']).toBe('off');
    expect(page.headers['x-download-options']).toBe('noopen');
    expect(page.headers['x-permitted-cross-domain-policies']).toBe('none');
    expect(page.headers['x-xss-protection']).toBe('0');
    const json = await s.request({ method: 'GET', url: `/api/marketplaces/${US}/products/${product.asin}` });
    expect(json.headers['x-content-type-options']).toBe('nosniff');
    expect(json.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(json.headers['x-dns-prefetch-control']).toBeUndefined();
    expect(json.headers['cross-origin-opener-policy']).toBeUndefined();
  });
});
