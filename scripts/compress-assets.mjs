// After `vite build`: write .br and .gz beside each built asset, served by @fastify/static (preCompressed).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = 'dist/client/assets';
for (const name of readdirSync(dir)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const body = readFileSync(join(dir, name));
  writeFileSync(join(dir, `${name}.gz`), gzipSync(body, { level: 9 }));
  writeFileSync(
    join(dir, `${name}.br`),
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}
