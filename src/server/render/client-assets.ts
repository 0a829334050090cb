import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** What the built client needs in the document: its entry script, CSS and preloads. */
export type ClientAssets = {
  root: string;
  script: string | null;
  styles: string[];
  preloads: string[];
  /** The stylesheet's text, inlined in each page: one round trip fewer before the first paint. */
  inlineCss: string;
};

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };

export const CLIENT_ENTRY = 'src/web/entry-client.tsx';

/** Reads Vite's manifest from the client build; without a build, pages render without scripts. */
export function readClientAssets(root = resolve('dist/client')): ClientAssets {
  const manifestFile = resolve(root, '.vite/manifest.json');
  if (!existsSync(manifestFile)) return { root, script: null, styles: [], preloads: [], inlineCss: '' };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) return { root, script: null, styles: [], preloads: [], inlineCss: '' };
  const styles = new Set(entry.css ?? []);
  const preloads = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preloads.has(chunk.file)) return;
    preloads.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of entry.imports ?? []) visit(key);
  const css = [...styles];
  return {
    root,
    script: `/${entry.file}`,
    styles: css.map((f) => `/${f}`),
    preloads: [...preloads].map((f) => `/${f}`),
    inlineCss: css.map((f) => readFileSync(resolve(root, f), 'utf8')).join('\n'),
  };
}
