// The product page's script budgets, from the client build's manifest (run after `vite build`): for each
// kind of demo product page, the gzip size of the scripts it fetches without any interaction, and of
// the critical path (the scripts every page starts with). Bytes, not timings, so the check is the same
// on every machine. `node scripts/check-bundle-size.mjs [dist/client]`; exits 1 over a budget.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** What every product page may fetch without interaction, and its critical path (DESIGN.md). */
const BUDGET = { withoutInteraction: 100 * 1024, critical: 75 * 1024 };
/**
 * A chunk under this size is worth merging into what loads it (one request and gzip stream fewer): the
 * small modules several chunks share go into one page-shared chunk (vite.config.ts), so a page kind
 * fetches at most this many of them after the critical path (its own small widgets, each a chunk).
 */
const TINY = 1024;
const MAX_TINY = 4;

// Every product page starts with these: the boot script, then the entry with its static imports.
const CRITICAL = ['src/web/boot.ts', 'src/web/entry-client.tsx'];
// Then, without any interaction, on a first desktop visit: the delivery location prompt, which opens by
// itself, except for a customer with a saved address (decision 0046), as every demo account has.
const EVERY_PAGE = ['src/web/features/delivery-location/delivery-location-dialog.tsx'];
const SEEN_SIGNED_IN = new Set([
  'business (B0PDPPAP01, business customer)',
  'registry owner (B0PDPBAB01, registry@: "Add to registry")',
]);
// The purchase column (hydrated after the rest of the page) on every page but a grocery product's, and
// the page parts (src/web/pages/product/page-parts.ts) each kind shows in its server markup, by the
// modules their `load` imports. Bundles, the smart-home badge and the sponsored ads are below the fold
// on every page: they load as the shopper scrolls to them, so no kind counts them.
const COLUMN = 'src/web/pages/product/purchase-part.tsx';
const VARIANTS = 'src/web/features/add-on-services/variants';
// The add-to-list button (LIST-002): with the column on every page but the business box's.
const LISTS = 'src/web/features/lists/add-to-list-button.tsx';
const PAGE_KINDS = {
  'plain (B0PDPSPK01, accessories; bundles, badge and ads below the fold)': [
    COLUMN,
    LISTS,
    'src/web/features/recycle-and-save/recycle-and-save-launch.tsx',
    'src/web/features/trade-in/trade-in-launcher.tsx',
  ],
  // The phone's trade-in box (gl_wireless) in its own chunk, loaded with the column.
  'trade-in (B0PDPPHN01)': [COLUMN, LISTS, 'src/web/features/trade-in/trade-in-launcher.tsx'],
  // The deals upsell rules the deal slot imports are in the page-shared chunk the deal box imports.
  'deal (B0PDPTAB01)': [COLUMN, LISTS, 'src/web/features/deal-buy-box/deal-buy-box.tsx'],
  'business (B0PDPPAP01, business customer)': [
    COLUMN,
    LISTS,
    'src/web/features/business-buying/business-buying.tsx',
  ],
  'grocery (B0PDPBAN01, the grocery box instead of the column)': [
    'src/web/features/grocery/grocery-buy-box.tsx',
  ],
  'registry owner (B0PDPBAB01, registry@: "Add to registry")': [
    COLUMN,
    LISTS,
    'src/web/features/registries/registry-button.tsx',
  ],
  'invitation (B0PDPCNS01)': [COLUMN, LISTS, 'src/web/features/buy-box/invite-request.tsx'],
  'quantity link (?qty=)': [COLUMN, LISTS, 'src/web/features/buy-box/quantity-updated-tip.tsx'],
  ...Object.fromEntries(
    [
      ['twister', 'B0PDPWSH01'],
      ['twister-xl', 'B0PDPFRG01'],
      ['enhanced-ppd', 'B0PDPTV055'],
      ['ppd-bundle', 'B0PDPSND01'],
      ['regular-ppd', 'B0PDPLAP01'],
      ['brand-messaging', 'B0PDPDBL01'],
      ['service-banner', 'B0PDPTHM01'],
      ['pre-purchase', 'B0PDPDWS01'],
    ].map(([variant, asin]) => [
      `add-on services, ${variant} (${asin})`,
      [COLUMN, LISTS, 'src/web/features/add-on-services/add-on-widget.tsx', `${VARIANTS}/${variant}.tsx`],
    ]),
  ),
};
// Reported, not held to the budget: the widgets below the fold once the shopper has scrolled to them.
const BELOW_THE_FOLD = [COLUMN, LISTS, 'src/web/pages/product/below-the-fold.client.tsx'];

const root = process.argv[2] ?? 'dist/client';
const manifestFile = join(root, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`No client build at ${root} (run \`npm run build\` first).`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const gzipped = new Map();
const gzipSize = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(root, file)), { level: 9 }).length);
  return gzipped.get(file);
};

/**
 * A module's chunk: under its source path when it is a dynamic import's own chunk, else (the bundler
 * put it in a chunk shared with other importers) the shared chunk named after it.
 */
function chunkKey(source) {
  if (manifest[source] || source.startsWith('_')) return source;
  const name = source
    .split('/')
    .pop()
    .replace(/\.tsx?$/, '');
  const shared = Object.keys(manifest).find((key) => key.startsWith('_') && manifest[key].name === name);
  if (!shared) throw new Error(`${source} is not in the build's manifest: is the check's list out of date?`);
  return shared;
}

/** The script files the modules' chunks bring, with their static imports all the way down. */
function scriptsOf(sources) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[chunkKey(key)];
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const source of sources) visit(source);
  return files;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (files) => [...files].reduce((total, file) => total + gzipSize(file), 0);
const critical = scriptsOf(CRITICAL);
const criticalBytes = sum(critical);
const failures = [];
if (criticalBytes > BUDGET.critical) {
  failures.push(`critical path ${kb(criticalBytes)} > ${kb(BUDGET.critical)}`);
}
console.log(`critical path (every product page): ${kb(criticalBytes)} in ${critical.size} files`);
for (const [kind, parts] of Object.entries(PAGE_KINDS)) {
  const files = scriptsOf([...CRITICAL, ...(SEEN_SIGNED_IN.has(kind) ? [] : EVERY_PAGE), ...parts]);
  const bytes = sum(files);
  const tiny = [...files].filter((file) => gzipSize(file) < TINY && !critical.has(file));
  console.log(
    `${kind}: ${kb(bytes)} without interaction in ${files.size} files` +
      (tiny.length > 0 ? ` (${tiny.length} under 1 KB after the critical path: ${tiny.join(', ')})` : ''),
  );
  if (bytes > BUDGET.withoutInteraction) {
    failures.push(`${kind}: ${kb(bytes)} > ${kb(BUDGET.withoutInteraction)}`);
  }
  if (tiny.length > MAX_TINY) {
    failures.push(`${kind}: ${tiny.length} chunks under 1 KB > ${MAX_TINY}`);
  }
}
const scrolled = scriptsOf([...CRITICAL, ...EVERY_PAGE, ...BELOW_THE_FOLD]);
console.log(
  `below the fold, once scrolled to (not budgeted): ${kb(sum(scrolled))} in ${scrolled.size} files`,
);
if (failures.length > 0) {
  console.error(`Over the product page's script budget:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
