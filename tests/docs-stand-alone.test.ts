import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

// Whoever clones the project gets only the repository: its documents must not point outside it.
function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return ['node_modules', 'dist', '.git'].includes(entry.name) ? [] : markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

test('issue 10 #18: the README and every document stand alone (no link outside the repository)', () => {
  const files = ['README.md', ...markdownFiles('docs'), ...markdownFiles('src'), ...markdownFiles('bench')];
  expect(files.length).toBeGreaterThan(10);
  const outside = files.filter((file) => /\.\.\/shared|DEMO_CATALOG\.md/.test(readFileSync(file, 'utf8')));
  expect(outside).toEqual([]);
});
