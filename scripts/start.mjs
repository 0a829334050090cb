// npm start: build when the build is missing or older than the sources, then run the server.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const outputs = ['dist/server/server.js', 'dist/client/.vite/manifest.json'];

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const built = outputs.every((file) => existsSync(file));
const stale =
  built &&
  Math.min(...outputs.map((f) => statSync(f).mtimeMs)) <
    Math.max(newest('src'), statSync('package.json').mtimeMs);
if (!built || stale) {
  console.log(built ? 'sources changed since the last build; building…' : 'no build yet; building…');
  execSync('npm run build', { stdio: 'inherit' });
}
await import(new URL('../dist/server/server.js', import.meta.url).href);
