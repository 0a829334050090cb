// After `vite build`: write .br and .gz beside each built asset, served by @fastify/static (preCompressed);
// the demo catalog's images are copied beside them (dist/client/images/demo) with theirs.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

function compressBeside(dir, file) {
  const body = readFileSync(join(dir, file));
  writeFileSync(join(dir, `${file}.gz`), gzipSync(body, { level: 9 }));
  writeFileSync(
    join(dir, `${file}.br`),
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}

const assets = 'dist/client/assets';
for (const name of readdirSync(assets)) {
  if (/\.(js|css|svg|json)$/.test(name)) compressBeside(assets, name);
}

const images = 'dist/client/images/demo';
mkdirSync(images, { recursive: true });
for (const name of readdirSync('catalog/demo/images')) {
  copyFileSync(join('catalog/demo/images', name), join(images, name));
  if (name.endsWith('.svg')) compressBeside(images, name);
}
