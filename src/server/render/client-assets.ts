import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PRODUCT_PART_STYLES, PRODUCT_PARTS, type ProductPart, SHARED_STYLES } from './inline-styles';

/** What one page's chunk adds to the document: its stylesheets and the scripts to preload. */
export type PageAssets = { styles: string[]; preloads: string[] };

/** What the built client needs in the document: its entry script, CSS and preloads. */
export type ClientAssets = {
  root: string;
  script: string | null;
  /** The page's first script, which starts `script` once the main image has painted (src/web/boot.ts). */
  boot: string | null;
  styles: string[];
  preloads: string[];
  /** The stylesheet's text, inlined in each page: one round trip fewer before the first paint. */
  inlineCss: string;
  /** The styles of each part only some product pages show, inlined after `inlineCss` where it is shown. */
  partCss: Record<ProductPart, string>;
  /** Per page that loads as its own chunk (every page but the product page), by its `page` name. */
  pages: Record<string, PageAssets>;
};

type ManifestChunk = {
  file: string;
  src?: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
};

const CLIENT_ENTRY = 'src/web/entry-client.tsx';
const CLIENT_BOOT = 'src/web/boot.ts';
// The loaders of the pages below: a chunk of its own (the product page needs none), preloaded with each.
const PAGE_LOADERS = 'src/web/pages/page-chunks.ts';
// src/web/pages/<page>/<page>-page.client.ts: a page's browser module (its component and its styles).
const PAGE_CHUNK = /^src\/web\/pages\/([a-z-]+)\/\1-page\.client\.ts$/;

const NO_ASSETS = (root: string): ClientAssets => ({
  root,
  script: null,
  boot: null,
  styles: [],
  preloads: [],
  inlineCss: '',
  partCss: noPartCss(),
  pages: {},
});

function noPartCss(): Record<ProductPart, string> {
  return Object.fromEntries(PRODUCT_PARTS.map((part) => [part, ''])) as Record<ProductPart, string>;
}

/** Reads Vite's manifest from the client build; without a build, pages render without scripts. */
export function readClientAssets(root = resolve('dist/client')): ClientAssets {
  const manifestFile = resolve(root, '.vite/manifest.json');
  if (!existsSync(manifestFile)) return NO_ASSETS(root);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) return NO_ASSETS(root);
  /** The chunks a chunk imports statically, all the way down, with their CSS; `skip` are already loaded. */
  const collect = (keys: string[], skip: ReadonlySet<string>) => {
    const styles = new Set<string>();
    const preloads = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || skip.has(chunk.file) || preloads.has(chunk.file)) return;
      preloads.add(chunk.file);
      for (const css of chunk.css ?? []) styles.add(css);
      for (const next of chunk.imports ?? []) visit(next);
    };
    for (const key of keys) visit(key);
    return { styles, preloads };
  };
  /** The built files of stylesheets the client build emitted on their own (inline-styles.ts). */
  const stylesheets = (sources: readonly string[]) =>
    sources.map((source) => manifest[source]?.file).filter((file) => file !== undefined);
  const read = (file: string) => readFileSync(resolve(root, file), 'utf8');
  const first = collect(entry.imports ?? [], new Set([entry.file]));
  const css = [...new Set([...(entry.css ?? []), ...first.styles])];
  const loaded = new Set([entry.file, ...first.preloads]);
  const pages: Record<string, PageAssets> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    const page = PAGE_CHUNK.exec(key)?.[1];
    if (!page || !chunk.isDynamicEntry) continue;
    const own = collect([PAGE_LOADERS, key], loaded);
    pages[page] = {
      styles: [...own.styles].filter((f) => !css.includes(f)).map((f) => `/${f}`),
      preloads: [...own.preloads].map((f) => `/${f}`),
    };
  }
  return {
    root,
    script: `/${entry.file}`,
    boot: manifest[CLIENT_BOOT] ? `/${manifest[CLIENT_BOOT].file}` : null,
    styles: css.map((f) => `/${f}`),
    preloads: [...first.preloads].map((f) => `/${f}`),
    inlineCss: [...css, ...stylesheets(SHARED_STYLES)].map(read).join('\n'),
    partCss: Object.fromEntries(
      PRODUCT_PARTS.map((part) => [part, stylesheets(PRODUCT_PART_STYLES[part]).map(read).join('\n')]),
    ) as Record<ProductPart, string>,
    pages,
  };
}
