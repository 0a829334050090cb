// npm run bench:growth [-- --products N]: the store with a large generated catalog beside the demo
// catalog, same run. Imports the catalog (timed), compares product reads and product pages on both
// stores, then sends mixed traffic (pages, product reads, cart adds) at a fixed rate to the large store
// and samples its memory. Writes bench/growth-report.md. Never a test.
import { type ChildProcess, execFileSync, execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { sign } from '@fastify/cookie';
import autocannon from 'autocannon';
import {
  csrfToken,
  deriveKeys,
  encryptSlateToken,
  newAnonymousSessionToken,
  publicSessionId,
} from '../src/server/security/tokens';
import { benchPinning, SERVER_ENV, SERVER_NODE_FLAGS, waitForServer } from './server-flags';

const argument = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const PRODUCTS = Number(argument('products') ?? process.env.BENCH_PRODUCTS ?? 100_000);
/** Seconds of mixed traffic while memory is sampled; the committed report is from a 300 s run. */
const TRAFFIC_S = Number(argument('duration') ?? process.env.GROWTH_DURATION ?? 30);
const READ_S = Number(process.env.BENCH_DURATION ?? 10);
const RATE = 1000;
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3201) + 25;
const SECRET = 'bench-secret-bench-secret-bench-secret';
const keys = deriveKeys(SECRET);
const MARKETPLACE = 'ATVPDKIKX0DER';

type CatalogProduct = {
  asin: string;
  title: string;
  family?: { id: string; label: string };
  offers: { offerListingId: string }[];
  deal?: unknown;
  [field: string]: unknown;
};

/**
 * The demo catalog plus `count` products copied from the shapes of its products that have no deal,
 * each with its own ASIN, offers and a family of three (a family stripe lists the whole family, so
 * generated products must not all join one).
 */
/** A product whose first offer takes an add of one with nothing else in the cart. */
const plainlyAddable = (p: CatalogProduct) => {
  const offer = p.offers[0] as { minOrderQuantity?: number; buyable?: boolean } | undefined;
  const features = p.features as Record<string, unknown> | undefined;
  return (
    (offer?.minOrderQuantity ?? 1) === 1 &&
    offer?.buyable !== false &&
    !features?.fresh &&
    Object.keys(features ?? {}).length === 0
  );
};

function generateCatalog(count: number): {
  file: string;
  asins: string[];
  generated: { asin: string; offer: string }[];
  addable: { asin: string; offer: string }[];
} {
  const demo = JSON.parse(readFileSync('catalog/demo/catalog.json', 'utf8')) as {
    products: CatalogProduct[];
  };
  const shapes = demo.products.filter((p) => !p.deal).map((p) => ({ asin: p.asin, json: JSON.stringify(p) }));
  const generated: CatalogProduct[] = [];
  for (let i = 0; i < count; i++) {
    const shape = shapes[i % shapes.length] as { asin: string; json: string };
    const asin = `B0G${i.toString(36).toUpperCase().padStart(7, '0')}`;
    // The shape's own ASIN also names its offers and what points at them (a service offer's offer).
    const product = JSON.parse(shape.json.replaceAll(shape.asin, asin)) as CatalogProduct;
    product.title = `${product.title} (${i + 1})`;
    product.family = { id: `generated-${Math.floor(i / 3)}`, label: `Style ${(i % 3) + 1}` };
    generated.push(product);
  }
  const dir = mkdtempSync(join(os.tmpdir(), 'pdp-growth-'));
  const file = join(dir, 'catalog.json');
  writeFileSync(file, JSON.stringify({ ...demo, products: [...demo.products, ...generated] }));
  return {
    file,
    asins: demo.products.map((p) => p.asin),
    generated: generated.map((p) => ({ asin: p.asin, offer: p.offers[0]?.offerListingId ?? '' })),
    addable: generated
      .filter(plainlyAddable)
      .map((p) => ({ asin: p.asin, offer: p.offers[0]?.offerListingId ?? '' })),
  };
}

function start(port: number, databaseUrl: string, extra: Record<string, string> = {}): ChildProcess {
  return spawn(...benchPinning().server('node', [...SERVER_NODE_FLAGS, 'dist/server/server.js']), {
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      SESSION_SECRET: SECRET,
      ...extra,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** Requests cycling over random products of the catalog: product reads or product pages. */
function readRun(base: string, asins: readonly string[], kind: 'product' | 'page', duration: number) {
  return run({
    url: base,
    connections: 10,
    duration,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({
          ...request,
          path:
            kind === 'product'
              ? `/api/marketplaces/${MARKETPLACE}/products/${pick(asins)}`
              : `/dp/${pick(asins)}`,
          headers: kind === 'page' ? { accept: 'text/html' } : {},
        }),
      },
    ],
  });
}

function firstVisit() {
  const token = newAnonymousSessionToken();
  return {
    cookie: `session-token=${encodeURIComponent(sign(token, SECRET))}`,
    csrf: csrfToken(keys, token),
    slate: encryptSlateToken(keys, publicSessionId(keys, token), Date.now()),
  };
}

/** Resident memory of a process in MB, from /proc. */
function rssMb(pid: number): number {
  return statusMb(pid, 'VmRSS');
}

/** One memory line of /proc/PID/status in MB (VmRSS; RssAnon: heap and other private memory; RssFile: the mapped binary and libraries). */
function statusMb(pid: number, field: 'VmRSS' | 'RssAnon' | 'RssFile'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

/**
 * Mixed traffic at RATE requests/s: half product reads, a quarter product pages (random products of the
 * large catalog) and a quarter cart adds (each session adds at most 8).
 */
async function mixedTraffic(
  base: string,
  products: readonly { asin: string; offer: string }[],
  addable: readonly { asin: string; offer: string }[],
  pid: number,
  durationS: number,
) {
  let adds = 0;
  let session = firstVisit();
  const counts = { product: 0, page: 0, cart: 0 };
  const refusals = new Map<string, number>();
  const samples: { x: number; y: number }[] = [];
  const started = Date.now();
  const split = { anonPeak: 0, file: 0 };
  const sampler = setInterval(() => {
    samples.push({ x: (Date.now() - started) / 1000, y: rssMb(pid) });
    split.anonPeak = Math.max(split.anonPeak, statusMb(pid, 'RssAnon'));
    split.file = statusMb(pid, 'RssFile');
  }, 1000);
  const result = await run({
    url: base,
    connections: 20,
    duration: durationS,
    overallRate: RATE,
    requests: [
      {
        setupRequest: (request, raw) => {
          const context = raw as { kind?: string };
          const roll = Math.random();
          const { asin } = pick(products);
          if (roll < 0.5) {
            counts.product++;
            context.kind = 'product';
            return {
              ...request,
              method: 'GET',
              path: `/api/marketplaces/${MARKETPLACE}/products/${asin}`,
            };
          }
          if (roll < 0.75) {
            counts.page++;
            context.kind = 'page';
            return { ...request, method: 'GET', path: `/dp/${asin}`, headers: { accept: 'text/html' } };
          }
          counts.cart++;
          context.kind = 'cart';
          if (adds++ % 8 === 7) session = firstVisit();
          const line = pick(addable);
          return {
            ...request,
            method: 'POST',
            path: `/api/marketplaces/${MARKETPLACE}/cart/carts/retail/items`,
            body: JSON.stringify({ items: [{ asin: line.asin, offerListingId: line.offer, quantity: 1 }] }),
            headers: {
              'content-type': 'application/vnd.com.amazon.api+json; type="cart.add-items.request/v1"',
              accept: 'application/vnd.com.amazon.api+json; type="cart.add-items/v1"',
              cookie: session.cookie,
              'x-csrf-token': session.csrf,
              'x-encrypted-slate-token': session.slate,
            },
          };
        },
        onResponse: (status, body, raw) => {
          if (status < 300) return;
          const context = raw as { kind?: string };
          const code = /"code":"([^"]+)"/.exec(body)?.[1] ?? '';
          const key = `${context.kind} ${status}${code ? ` ${code}` : ''}`;
          refusals.set(key, (refusals.get(key) ?? 0) + 1);
        },
      },
    ],
  });
  clearInterval(sampler);
  samples.push({ x: (Date.now() - started) / 1000, y: rssMb(pid) });
  return { result, samples, counts, refusals, split };
}

async function main() {
  if (!existsSync('dist/server/server.js')) execSync('npm run build', { stdio: 'inherit' });
  const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`;
  console.log(`generating ${PRODUCTS} products…`);
  const catalog = generateCatalog(PRODUCTS);
  const catalogMb = statSync(catalog.file).size / 2 ** 20;
  const dir = mkdtempSync(join(os.tmpdir(), 'pdp-growth-db-'));
  const largeUrl = `sqlite:${join(dir, 'large.sqlite')}`;
  const demoUrl = `sqlite:${join(dir, 'demo.sqlite')}`;

  // The import as a merchant runs it: npm run catalog:import -- FILE (validation, then one transaction).
  console.log(`importing ${catalogMb.toFixed(0)} MB of catalog…`);
  const importLoad = os.loadavg()[0]?.toFixed(1);
  const importStarted = performance.now();
  execFileSync('node', ['--import', 'tsx', 'src/server/catalog/catalog-cli.ts', 'import', catalog.file], {
    env: { ...process.env, DATABASE_URL: largeUrl },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const importS = (performance.now() - importStarted) / 1000;
  const databaseMb = statSync(largeUrl.slice('sqlite:'.length)).size / 2 ** 20;
  rmSync(catalog.file);

  // Reads on both stores with the product cache off, so every read goes to the database.
  const demoPort = BASE_PORT;
  const largePort = BASE_PORT + 1;
  const demo = start(demoPort, demoUrl, { PRODUCT_CACHE_TTL_MS: '0' });
  const large = start(largePort, largeUrl, { PRODUCT_CACHE_TTL_MS: '0' });
  const demoBase = `http://127.0.0.1:${demoPort}`;
  const largeBase = `http://127.0.0.1:${largePort}`;
  type Row = { name: string; demo: autocannon.Result; large: autocannon.Result; load: string };
  const rows: Row[] = [];
  try {
    await waitForServer(`${demoBase}/healthz`, demo);
    await waitForServer(`${largeBase}/healthz`, large);
    const largeAsins = [...catalog.asins, ...catalog.generated.map((p) => p.asin)];
    for (const kind of ['product', 'page'] as const) {
      await readRun(demoBase, catalog.asins, kind, 2);
      await readRun(largeBase, largeAsins, kind, 2);
      const load = os.loadavg()[0]?.toFixed(1) ?? '?';
      const demoResult = await readRun(demoBase, catalog.asins, kind, READ_S);
      const largeResult = await readRun(largeBase, largeAsins, kind, READ_S);
      rows.push({
        name:
          kind === 'product'
            ? `GET …/products/{random ASIN}, product cache off, 10 connections`
            : `GET /dp/{random ASIN} (the product page), 10 connections`,
        demo: demoResult,
        large: largeResult,
        load,
      });
    }
  } finally {
    await Promise.all([stop(demo), stop(large)]);
  }

  // Memory under mixed traffic on the large store, as it runs by default (product cache on).
  const served = start(largePort, largeUrl);
  let traffic: Awaited<ReturnType<typeof mixedTraffic>>;
  const trafficLoad = os.loadavg()[0]?.toFixed(1) ?? '?';
  try {
    await waitForServer(`${largeBase}/healthz`, served);
    console.log(`mixed traffic for ${TRAFFIC_S} s…`);
    traffic = await mixedTraffic(
      largeBase,
      catalog.generated,
      catalog.addable,
      served.pid as number,
      TRAFFIC_S,
    );
  } finally {
    await stop(served);
  }
  const endLoad = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  // GROWTH_KEEP_DB=1 leaves the databases in place (their folder is printed) to profile against later.
  if (process.env.GROWTH_KEEP_DB) console.log(`databases kept in ${dir}`);
  else rmSync(dir, { recursive: true, force: true });

  const { samples, result, counts, refusals, split } = traffic;
  // The memory figure only answers the target when the store took the whole rate.
  const answered = Math.round(result.requests.average);
  const fullRate = answered >= 0.95 * RATE;
  const settled = samples.filter((s) => s.x >= Math.min(30, TRAFFIC_S / 4));
  const peak = Math.max(...samples.map((s) => s.y));
  const first = settled[0]?.y ?? 0;
  const last = samples.at(-1)?.y ?? 0;
  const perMinute = slope(settled) * 60;
  const flat = Math.abs(perMinute) * (TRAFFIC_S / 60) < 0.05 * Math.max(first, 1);
  const ratio = (row: Row) => row.large.latency.p99 / Math.max(row.demo.latency.p99, 1);
  const [product, page] = rows as [Row, Row];
  const lines = [
    '# Growth: a large catalog',
    '',
    `Generated by \`npm run bench:growth -- --products ${PRODUCTS}\` on ${new Date().toISOString()}.`,
    '',
    `Machine: ${machine}. The built server (NODE_ENV=production) on SQLite files; autocannon on the same machine (${benchPinning().note}). The large catalog is the demo catalog plus ${PRODUCTS.toLocaleString('en-US')} products copied from the demo products' shapes (each with its own ASIN, offers and a family of three): ${catalogMb.toFixed(0)} MB of JSON, ${databaseMb.toFixed(0)} MB of database.`,
    '',
    '## Import',
    '',
    `\`npm run catalog:import\` of the whole file into an empty database (validation, then one transaction): **${importS.toFixed(1)} s** (target at most 60 s) ${importS <= 60 ? '✅' : '❌'}; load average ${importLoad} at the start.`,
    '',
    '## Reads: the same calls on the demo catalog and on the large one',
    '',
    `Each ${READ_S} s after a 2 s warm-up, one store after the other; every request names a random product of that store's catalog.`,
    '',
    '| call | demo: req/s | demo: p50 / p99 ms | large: req/s | large: p50 / p99 ms | p99 large ÷ demo | load average |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${Math.round(r.demo.requests.average)} | ${r.demo.latency.p50} / ${r.demo.latency.p99} | ${Math.round(r.large.requests.average)} | ${r.large.latency.p50} / ${r.large.latency.p99} | ${ratio(r).toFixed(2)} | ${r.load} |`,
    ),
    '',
    '## Memory under mixed traffic',
    '',
    `${TRAFFIC_S} s at ${RATE} requests/s over 20 connections on the large store with its defaults: ${counts.product} product reads, ${counts.page} product pages and ${counts.cart} cart adds (a random generated product without quantity rules or services; each session adds at most 8). Answered ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx${refusals.size ? ` (${[...refusals].map(([k, n]) => `${k}: ${n}`).join(', ')})` : ''}, ${result.errors + result.timeouts} errors; load average ${trafficLoad} at the start, ${endLoad} (1 / 5 / 15 min) at the end. Server resident memory (RSS), sampled every second:`,
    '',
    `- after ${Math.round(settled[0]?.x ?? 0)} s: ${first} MB; peak ${peak} MB; at the end ${last} MB; trend after ${Math.round(settled[0]?.x ?? 0)} s: ${perMinute >= 0 ? '+' : ''}${perMinute.toFixed(2)} MB per minute`,
    `- samples (s: MB): ${samples
      .filter((_, i) => i % Math.max(1, Math.round(samples.length / 20)) === 0)
      .map((s) => `${Math.round(s.x)}: ${s.y}`)
      .join(', ')}`,
    `- of which private memory (RssAnon: the JavaScript heap, SQLite's page cache, the checkpoint worker) peaked at ${split.anonPeak} MB; the rest is the mapped Node binary and libraries (RssFile, ${split.file} MB at the end, shared with every other Node process on the machine)`,
    '',
    'Targets (docs/performance.md):',
    `- import of ${PRODUCTS.toLocaleString('en-US')} products at most 60 s: ${importS.toFixed(1)} s ${importS <= 60 ? '✅' : '❌'}`,
    `- product GET p99 within 1.2× of the demo catalog's: ${ratio(product).toFixed(2)}× ${ratio(product) <= 1.2 ? '✅' : '❌'}`,
    `- product page p99 within 1.2× of the demo catalog's: ${ratio(page).toFixed(2)}× ${ratio(page) <= 1.2 ? '✅' : '❌'}`,
    `- RSS under ${RATE} req/s of mixed traffic under 150 MB: peak ${peak} MB ${peak < 150 ? '✅' : '❌'}; flat over the run (less than 5% change after warm-up): ${flat ? '✅' : '❌'}${TRAFFIC_S < 300 ? ` (a ${TRAFFIC_S} s run; the target is about 300 s: GROWTH_DURATION=300)` : ''}${fullRate ? '' : ` — the store answered ${answered} req/s, not ${RATE}: the machine was too busy for this run to show the target`}`,
    '',
  ];
  writeFileSync('bench/growth-report.md', lines.join('\n'));
  console.log(lines.join('\n'));
}

await main();
