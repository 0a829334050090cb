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
