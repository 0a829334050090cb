import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestStore, type TestStore } from '../../../tests/helpers/test-store';
import { buildApp } from '../app';
import { readEnv } from '../env';
import { readClientAssets } from '../render/client-assets';

const env = readEnv({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SESSION_SECRET: 'test-secret-test-secret-test-secret-42',
});
const SVG = readFileSync('catalog/demo/images/aurora-streaming-stick-home.svg');

async function appWith(clientRoot: string, store: TestStore): Promise<FastifyInstance> {
  const app = await buildApp({ env, store, assets: readClientAssets(clientRoot) });
  await app.ready();
  return app;
}

describe('catalog images (decision 0038)', () => {
  let store: TestStore;
  let built: string;
  beforeAll(async () => {
    store = await createTestStore('sqlite');
    // A client build as scripts/compress-assets.mjs leaves the images: each beside its brotli and gzip copy.
    built = mkdtempSync(join(os.tmpdir(), 'pdp-static-'));
    const images = join(built, 'images/demo');
    mkdirSync(images, { recursive: true });
    writeFileSync(join(images, 'aurora-streaming-stick-home.svg'), SVG);
    writeFileSync(join(images, 'aurora-streaming-stick-home.svg.br'), brotliCompressSync(SVG));
    writeFileSync(join(images, 'aurora-streaming-stick-home.svg.gz'), gzipSync(SVG));
  });
  afterAll(async () => {
    await store?.drop();
    rmSync(built, { recursive: true, force: true });
  });

  test('from a build, an image is sent from its brotli copy, marked as varying with Accept-Encoding', async () => {
    const app = await appWith(built, store);
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/images/demo/aurora-streaming-stick-home.svg',
        headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      // The copy itself, sent with its length (compressing on the way would send a chunked stream).
      expect(response.rawPayload.equals(brotliCompressSync(SVG))).toBe(true);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(brotliDecompressSync(response.rawPayload).equals(SVG)).toBe(true);
      const plain = await app.inject({ method: 'GET', url: '/images/demo/aurora-streaming-stick-home.svg' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.equals(SVG)).toBe(true);
    } finally {
      await app.close();
    }
  });

  test('without a build, images come from the catalog as they are', async () => {
    const app = await appWith(join(built, 'no-build-here'), store);
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/images/demo/aurora-streaming-stick-home.svg',
      });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(SVG)).toBe(true);
    } finally {
      await app.close();
    }
  });

  test('files mint no session for a request without one; pages and calls still do', async () => {
    // A build with one hashed asset beside the images.
    mkdirSync(join(built, 'assets'), { recursive: true });
    writeFileSync(join(built, 'assets', 'entry-test.js'), 'console.log(1);');
    writeFileSync(join(built, 'assets', 'entry-test.js.br'), brotliCompressSync('console.log(1);'));
    writeFileSync(join(built, 'assets', 'entry-test.js.gz'), gzipSync('console.log(1);'));
    const app = await appWith(built, store);
    try {
      for (const url of [
        '/images/demo/aurora-streaming-stick-home.svg',
        '/assets/entry-test.js',
        '/favicon.svg',
      ]) {
        const response = await app.inject({ method: 'GET', url });
        expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
        expect({ url, cookie: response.headers['set-cookie'] }).toEqual({ url, cookie: undefined });
      }
      const call = await app.inject({ method: 'GET', url: '/healthz' });
      expect(String(call.headers['set-cookie'])).toContain('session-token=');
      const missing = await app.inject({ method: 'GET', url: '/assets/not-there.js' });
      expect(missing.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
