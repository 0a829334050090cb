import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createProduct } from '../../../tests/factories/product-factory';
import { createTestApp, Shopper, type TestContext } from '../../../tests/helpers/test-app';

const US = 'ATVPDKIKX0DER';

// Compression does not depend on the database: one dialect is enough.
describe('responses compressed in memory (decision 0038)', () => {
  let ctx: TestContext;
  let asin: string;
  beforeAll(async () => {
    ctx = await createTestApp('sqlite', { seed: false });
    const product = await createProduct(
      ctx.store.db,
      {
        title: 'A compressible lamp',
        bullets: Array.from(
          { length: 8 },
          (_, i) => `Feature ${i}: warm light, dims smoothly, lasts for years.`,
        ),
      },
      { now: ctx.clock.now },
    );
    asin = product.asin;
  });
  afterAll(() => ctx?.close());

  const page = (s: Shopper, acceptEncoding?: string) =>
    s.request({
      method: 'GET',
      url: `/dp/${asin}`,
      headers: { accept: 'text/html', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  test('a page goes out in brotli when the browser accepts it, whole, with its length and Vary', async () => {
    const s = new Shopper(ctx.app);
    const plain = await page(s);
    const response = await page(s, 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(String(response.headers.vary)).toMatch(/Accept-Encoding/);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    const html = brotliDecompressSync(response.rawPayload).toString('utf8');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('A compressible lamp');
    expect(html.endsWith('</html>')).toBe(true);
    // The same document as without compression, but for the per-response slate token.
    const withoutSlate = (text: string) => text.replace(/name="encrypted-slate-token" content="[^"]*"/, '');
    expect(withoutSlate(html)).toBe(withoutSlate(plain.body));
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });

  test('gzip when brotli is not accepted, or refused with q=0', async () => {
    const s = new Shopper(ctx.app);
    for (const accepted of ['gzip', 'gzip;q=1, br;q=0']) {
      const response = await page(s, accepted);
      expect(response.headers['content-encoding'], accepted).toBe('gzip');
      expect(gunzipSync(response.rawPayload).toString('utf8'), accepted).toContain('A compressible lamp');
    }
  });

  test('nothing is compressed without an encoding both sides know, nor a body under 1 KB', async () => {
    const s = new Shopper(ctx.app);
    for (const accepted of [undefined, 'identity', 'zstd']) {
      const response = await page(s, accepted);
      expect(response.headers['content-encoding'], accepted).toBeUndefined();
      expect(response.body, accepted).toContain('A compressible lamp');
    }
    const small = await s.request({
      method: 'GET',
      url: `/api/marketplaces/${US}/products/B0NOTHERE1`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ error: expect.anything() });
  });

  test('a shared product answer from the cache decodes to the same answer every time', async () => {
    const s = new Shopper(ctx.app);
    const url = `/api/marketplaces/${US}/products/${asin}`;
    const fresh = await s.request({ method: 'GET', url });
    expect(fresh.rawPayload.length).toBeGreaterThan(1024);
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const response = await s.request({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.headers['content-encoding']).toBe('br');
      answers.push(JSON.parse(brotliDecompressSync(response.rawPayload).toString('utf8')));
    }
    for (const answer of answers) expect(answer).toEqual(fresh.json());
  });
});
