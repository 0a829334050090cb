import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { readClientAssets } from './client-assets';

test('a page loaded as its own chunk brings its stylesheets and script; the product page needs none', () => {
  const root = mkdtempSync(join(os.tmpdir(), 'client-assets-'));
  mkdirSync(join(root, '.vite'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets/entry.css'), '.base{}');
  const manifest = {
    'src/web/entry-client.tsx': {
      file: 'assets/entry.js',
      isEntry: true,
      css: ['assets/entry.css'],
      imports: ['_shared.js'],
    },
    '_shared.js': { file: 'assets/shared.js' },
    'src/web/pages/cart/cart-page.client.ts': {
      file: 'assets/cart-page.client.js',
      isDynamicEntry: true,
      imports: ['src/web/entry-client.tsx', '_shared.js', '_lines.js'],
      css: ['assets/cart-page.css'],
    },
    '_lines.js': { file: 'assets/lines.js', css: ['assets/lines.css'] },
    'src/web/features/deal-buy-box/deal-buy-box.tsx': { file: 'assets/deal.js', isDynamicEntry: true },
  };
  writeFileSync(join(root, '.vite/manifest.json'), JSON.stringify(manifest));
  const assets = readClientAssets(root);
  expect(assets.script).toBe('/assets/entry.js');
  expect(assets.preloads).toEqual(['/assets/shared.js']);
  expect(assets.inlineCss).toBe('.base{}');
  expect(assets.pages).toEqual({
    cart: {
      styles: ['/assets/cart-page.css', '/assets/lines.css'],
      preloads: ['/assets/cart-page.client.js', '/assets/lines.js'],
    },
  });
});

test("another page's document preloads the page loaders' chunk with the page's own (decision 0031)", () => {
  const root = mkdtempSync(join(os.tmpdir(), 'client-assets-'));
  mkdirSync(join(root, '.vite'));
  mkdirSync(join(root, 'assets'));
  const manifest = {
    'src/web/entry-client.tsx': { file: 'assets/entry.js', isEntry: true, imports: ['_runtime.js'] },
    '_runtime.js': { file: 'assets/runtime.js' },
    'src/web/pages/page-chunks.ts': {
      file: 'assets/page-chunks.js',
      isDynamicEntry: true,
      imports: ['src/web/entry-client.tsx', '_runtime.js'],
    },
    'src/web/pages/cart/cart-page.client.ts': {
      file: 'assets/cart-page.client.js',
      isDynamicEntry: true,
      imports: ['src/web/entry-client.tsx', '_runtime.js'],
    },
  };
  writeFileSync(join(root, '.vite/manifest.json'), JSON.stringify(manifest));
  const assets = readClientAssets(root);
  expect(assets.preloads).toEqual(['/assets/runtime.js']);
  expect(assets.pages.cart?.preloads).toEqual(['/assets/page-chunks.js', '/assets/cart-page.client.js']);
  // The loaders are no page of their own.
  expect(Object.keys(assets.pages)).toEqual(['cart']);
});
