import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test } from 'vitest';

// Whoever clones the project gets only the repository: its documents must not point outside it.
function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return ['node_modules', 'dist', '.git'].includes(entry.name) ? [] : filesUnder(path, keep);
    return keep(entry.name) ? [path] : [];
  });
}

const isMarkdown = (name: string) => name.endsWith('.md');
const documents = () => [
  'README.md',
  ...filesUnder('docs', isMarkdown),
  ...filesUnder('src', isMarkdown),
  ...filesUnder('bench', isMarkdown),
];

test('the README and every document stand alone (no link outside the repository)', () => {
  const files = documents();
  expect(files.length).toBeGreaterThan(10);
  const outside = files.filter((file) => /\.\.\/shared|DEMO_CATALOG\.md/.test(readFileSync(file, 'utf8')));
  expect(outside).toEqual([]);
});

test('every relative link in the README and the documents names a file that exists', () => {
  const broken = documents().flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/\]\(([^)\s#]+)(#[^)]*)?\)/g)]
      .map((match) => match[1] ?? '')
      .filter((target) => !/^[a-z]+:/.test(target) && !existsSync(join(dirname(file), target)))
      .map((target) => `${file}: ${target}`),
  );
  expect(broken).toEqual([]);
});

test('comments, test names and documents cite decisions, not tracker numbers a reader cannot look up', () => {
  const code = (name: string) => /\.(ts|tsx|mjs|css|md)$/.test(name);
  const files = [
    ...documents(),
    ...filesUnder('src', code),
    ...filesUnder('tests', code),
    ...filesUnder('bench', code),
    ...filesUnder('scripts', code),
  ];
  const citation = /\b[Ii]ssues? #?\d+|\b(READING|[Rr]eading)(\.md)?( item)? §?\d+/;
  const citing = files.filter((file) => citation.test(readFileSync(file, 'utf8')));
  expect(citing).toEqual([]);
});
