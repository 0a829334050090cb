// npm run bench:soak: the production server (built, NODE_ENV=production, the flags `npm start` gives it)
// under mixed shopper traffic at a fixed rate for SOAK_MINUTES (10 by default): product pages and
// reads, cart adds, deal claims, checkouts, list adds and registry writes. Reports resident memory,
// p99 latency and errors per minute and whether memory is flat after warm-up (decision 0065).
// Writes bench/soak-report.md. Never a test.
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { openStore } from '../src/server/db/database';
import { readEnv } from '../src/server/env';
import { prepareStore } from '../src/server/start-store';
import { createCustomer, demoAccountShape } from '../tests/factories/customer-factory';
import { createDeal } from '../tests/factories/deal-factory';
import { createProduct } from '../tests/factories/product-factory';
import { anonymousBrowser, type Browser, signedInBrowser } from '../tests/helpers/shopper-sessions';
import { SERVER_ENV, SERVER_NODE_FLAGS, waitForServer } from './server-flags';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const RATE = Number(process.env.SOAK_RATE ?? 200);
const PORT = Number(process.env.BENCH_PORT ?? 3201) + 30;
/** Minutes whose memory is left out of the verdict: the heap, caches and JIT settle first. */
const WARM_UP_MIN = Math.min(2, MINUTES / 4);
/** Memory is flat when its least-squares slope after warm-up stays under this. */
const FLAT_MB_PER_MIN = 1;
/** Requests in flight at most; a request that would pass it is counted as dropped, not sent. */
const MAX_IN_FLIGHT = 256;
const SECRET = 'soak-secret-soak-secret-soak-secret-soak';
const MARKETPLACE = 'ATVPDKIKX0DER';
const SIGNED_IN = 40;
const PAGE_ASINS = ['B0PDPSPK01', 'B0PDPTAB01', 'B0PDPCAM01', 'B0PDPSTD01', 'B0PDPKHP01', 'B0PDPTV055'];

type Kind =
  | 'page'
  | 'product'
  | 'cart add'
  | 'cart page'
  | 'deal claim'
  | 'checkout'
  | 'list add'
  | 'registry';
/** The traffic mix, in shares of the rate. */
const MIX: [Kind, number][] = [
  ['page', 0.3],
  ['product', 0.2],
  ['cart add', 0.18],
  ['cart page', 0.05],
  ['deal claim', 0.07],
  ['checkout', 0.05],
  ['list add', 0.12],
  ['registry', 0.03],
];

/** The kind of request a roll in [0, 1) falls on, by the mix's shares. */
function pickKind(roll: number): Kind {
  let below = 0;
  for (const [kind, share] of MIX) {
    below += share;
    if (roll < below) return kind;
  }
  return 'page';
}

type Minute = {
  latencies: number[];
  byKind: Map<Kind, number>;
  refused: Map<string, number>;
  serverErrors: number;
  networkErrors: number;
  dropped: number;
  rss: number[];
  anon: number[];
  /** The server's JavaScript heap in use and its external memory (Buffers) at the minute's end, MB. */
  heap: number | null;
  external: number | null;
};
const newMinute = (): Minute => ({
  latencies: [],
  byKind: new Map(),
  refused: new Map(),
  serverErrors: 0,
  networkErrors: 0,
  dropped: 0,
  rss: [],
  anon: [],
  heap: null,
  external: null,
});

function statusMb(pid: number, field: 'VmRSS' | 'RssAnon'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round((Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024) * 10) / 10;
}

function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length
    ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0)
    : 0;
};

/** The server's heap in use and external memory from its own metrics (prom-client's defaults), MB. */
async function heapOf(base: string): Promise<{ heap: number | null; external: number | null }> {
  try {
    const text = await (await fetch(`${base}/metrics`)).text();
    const mb = (name: string) => {
      const value = new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1];
      return value ? Math.round((Number(value) / 2 ** 20) * 10) / 10 : null;
    };
    return { heap: mb('nodejs_heap_size_used_bytes'), external: mb('nodejs_external_memory_bytes') };
  } catch {
    return { heap: null, external: null };
  }
}

/** The build, made when missing or older than the sources (as `npm start` does). */
function ensureBuild() {
  const newest = Math.max(
    ...readdirSync('src', { recursive: true, encoding: 'utf8' }).map(
      (file) => statSync(join('src', file)).mtimeMs,
    ),
  );
  const built = existsSync('dist/server/server.js') && existsSync('dist/client/.vite/manifest.json');
  if (!built || statSync('dist/server/server.js').mtimeMs < newest)
    execSync('npm run build', { stdio: 'inherit' });
}

async function main() {
  ensureBuild();
  const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`;
  const dir = mkdtempSync(join(os.tmpdir(), 'pdp-soak-'));
  const databaseUrl = `sqlite:${join(dir, 'store.sqlite')}`;

  // The store as `npm start` makes it (demo catalog and accounts), plus the soak's own shoppers: a
  // product with stock for every checkout, a deal with units for every claim, signed-in customers.
  const store = openStore(databaseUrl);
  const now = Date.now();
  await prepareStore(store, readEnv({ DATABASE_URL: databaseUrl }), { info: () => {} }, now);
  const product = await createProduct(store.db, { offers: [{ stock: 1_000_000, maxOrderQuantity: 10 }] });
  const offer = product.offers[0]?.offerListingId ?? '';
  const deal = await createDeal(store.db, {
    deal: { totalUnits: 1_000_000, claimedUnits: 0, maxPerCustomer: 1, endsMinutesAfterImport: 24 * 60 },
  });
  const customers: { id: string; browser: Browser }[] = [];
  for (let i = 0; i < SIGNED_IN; i++) {
    const customer = await createCustomer(store.db, demoAccountShape('shopper'), { now });
    customers.push({ id: customer.id, browser: await signedInBrowser(store.db, SECRET, customer.id, now) });
  }
  await store.close();

  const server = spawn('node', [...SERVER_NODE_FLAGS, 'dist/server/server.js'], {
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(PORT),
      DATABASE_URL: databaseUrl,
      // Info, for the file: a shutdown names its signal there. The report quotes warnings and errors.
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      SESSION_SECRET: SECRET,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The server's log goes to a file that outlives the run; the report quotes its warnings and errors.
  const logFile = join(os.tmpdir(), `pdp-soak-server-${Date.now()}.log`);
  const serverLog: string[] = [];
  const keepLog = (chunk: Buffer) => {
    appendFileSync(logFile, chunk);
    for (const line of String(chunk).split('\n')) {
      // pino's levels: 40 warn, 50 error, 60 fatal; and the shutdown line, which names its signal.
      if (serverLog.length < 20 && /"level":(4|5|6)0|shutting down/.test(line))
        serverLog.push(line.slice(0, 500));
    }
  };
  server.stdout?.on('data', keepLog);
  server.stderr?.on('data', keepLog);
  let exited: string | null = null;
  let stopping = false;
  server.once('exit', (code, signal) => {
    if (!stopping) exited = `exited with ${code ?? signal}`;
  });
  const base = `http://127.0.0.1:${PORT}`;
  const pid = server.pid as number;
  const minutes: Minute[] = [];
  const samples: { x: number; y: number }[] = [];
  const startLoad = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  try {
    await waitForServer(`${base}/healthz`, server);
    // Each signed-in customer's registry, for the registry writes (settings toggles).
    const registries = new Map<string, string>();
    for (const c of customers.slice(0, 10)) {
      const response = await fetch(`${base}/registries`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          cookie: c.browser.cookie,
          'x-csrf-token': c.browser.csrf,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          type: 'wedding',
          name: 'Soak wedding',
          eventDate: '2027-06-01',
          fullName: 'Pat Doe',
          line1: '410 Terry Ave N',
          city: 'Seattle',
          state: 'WA',
          postalCode: '98109',
        }),
      });
      const text = await response.text();
      const id = /"registryId":"([^"]+)"/.exec(text)?.[1] ?? /registryId=([^&"]+)/.exec(text)?.[1];
      if (id) registries.set(c.id, id);
    }
    if (registries.size === 0) console.warn('no registry could be made; registry writes will be refused');

    let cart = { browser: anonymousBrowser(SECRET), adds: 0 };
    let next = 0;
    const request = async (kind: Kind) => {
      const customer = customers[next++ % customers.length] as { id: string; browser: Browser };
      const asin = PAGE_ASINS[next % PAGE_ASINS.length] as string;
      const post = (path: string, browser: Browser, body: string, type: string, extra = {}) =>
        fetch(`${base}${path}`, {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie: browser.cookie, 'x-csrf-token': browser.csrf, 'content-type': type, ...extra },
          body,
        });
      switch (kind) {
        case 'page':
          return fetch(`${base}/dp/${asin}`, {
            headers: { accept: 'text/html', cookie: anonymousBrowser(SECRET).cookie },
          });
        case 'product':
          return fetch(`${base}/api/marketplaces/${MARKETPLACE}/products/${asin}`);
        case 'cart add': {
          if (cart.adds++ >= 8) cart = { browser: anonymousBrowser(SECRET), adds: 1 };
          return post(
            `/api/marketplaces/${MARKETPLACE}/cart/carts/retail/items`,
            cart.browser,
            JSON.stringify({ items: [{ asin: product.asin, offerListingId: offer, quantity: 1 }] }),
            'application/vnd.com.amazon.api+json; type="cart.add-items.request/v1"',
            {
              accept: 'application/vnd.com.amazon.api+json; type="cart.add-items/v1"',
              'x-encrypted-slate-token': cart.browser.slate(),
            },
          );
        }
        case 'cart page':
          return fetch(`${base}/gp/cart/view.html`, {
            headers: { accept: 'text/html', cookie: cart.browser.cookie },
          });
        case 'deal claim':
          return post(
            `/api/marketplaces/${MARKETPLACE}/deals/LD-${deal.asin}/claim-and-add-to-cart?ref=dp_ld_claim`,
            anonymousBrowser(SECRET),
            JSON.stringify({ asin: deal.asin, quantity: 1 }),
            'application/json',
          );
        case 'checkout':
          return post(
            '/gp/buy/spc/handlers/place-order.html',
            customer.browser,
            new URLSearchParams({
              csrfToken: customer.browser.csrf,
              idempotencyKey: randomUUID(),
              source: 'buy-now',
              asin: product.asin,
              offerListingId: offer,
              quantity: '1',
              fullName: 'Pat Doe',
              line1: '410 Terry Ave N',
              city: 'Seattle',
              state: 'WA',
              postalCode: '98109',
            }).toString(),
            'application/x-www-form-urlencoded',
          );
        case 'list add':
          // A new line each time (a product of the demo catalog's 50, by turn), quantity 1.
          return post(
            '/hz/wishlist/additemtolist',
            customer.browser,
            JSON.stringify({ asin, isAjax: true, quantity: 1 }),
            'application/json',
          );
        case 'registry': {
          const owner = customers[next % 10] as { id: string; browser: Browser };
          return post(
            '/registries/owner-view/settings',
            owner.browser,
            JSON.stringify({
              registryId: registries.get(owner.id) ?? 'none',
              privacy: next % 2 ? 'public' : 'shared',
              spoilerFree: next % 3 === 0,
            }),
            'application/json',
          );
        }
      }
    };

    console.log(`soak: ${MINUTES} min at ${RATE} req/s on ${base}…`);
    const started = performance.now();
    const end = started + MINUTES * 60_000;
    let inFlight = 0;
    let minute = newMinute();
    minutes.push(minute);
    const sampler = setInterval(() => {
      if (exited) return;
      const x = (performance.now() - started) / 60_000;
      const rss = statusMb(pid, 'VmRSS');
      samples.push({ x, y: rss });
      minute.rss.push(rss);
      minute.anon.push(statusMb(pid, 'RssAnon'));
      if (Math.floor(x) >= minutes.length && x < MINUTES) {
        const done = minute;
        void heapOf(base).then((heap) => Object.assign(done, heap));
        minute = newMinute();
        minutes.push(minute);
        console.log(
          `minute ${minutes.length - 1}: ${done.latencies.length} answers, p99 ${percentile(done.latencies, 99).toFixed(1)} ms, RSS ${done.rss.at(-1)} MB, 5xx ${done.serverErrors}, errors ${done.networkErrors}`,
        );
      }
    }, 1000);
    // Open loop: requests leave on schedule whatever the answers' pace, so a slow answer shows as
    // latency rather than as fewer requests.
    let sent = 0;
    while (performance.now() < end && !exited) {
      const due = Math.floor(((performance.now() - started) / 1000) * RATE);
      for (; sent < due; sent++) {
        const kind = pickKind(Math.random());
        const bucket = minute;
        if (inFlight >= MAX_IN_FLIGHT) {
          bucket.dropped++;
          continue;
        }
        inFlight++;
        const t0 = performance.now();
        request(kind)
          .then(async (response) => {
            await response.arrayBuffer();
            bucket.latencies.push(performance.now() - t0);
            bucket.byKind.set(kind, (bucket.byKind.get(kind) ?? 0) + 1);
            if (response.status >= 500) bucket.serverErrors++;
            if (response.status >= 400 || response.headers.get('x-order-refused')) {
              const key = `${kind} ${response.status}${response.headers.get('x-order-refused') ? ` (refused ${response.headers.get('x-order-refused')})` : ''}`;
              bucket.refused.set(key, (bucket.refused.get(key) ?? 0) + 1);
            }
          })
          .catch(() => {
            bucket.networkErrors++;
          })
          .finally(() => {
            inFlight--;
          });
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    while (inFlight > 0) await new Promise((r) => setTimeout(r, 20));
    clearInterval(sampler);
    Object.assign(minute, await heapOf(base));
  } finally {
    if (!exited) {
      stopping = true;
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(dir, { recursive: true, force: true });
  }
  const endLoad = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

  const settled = samples.filter((s) => s.x >= WARM_UP_MIN);
  const perMinute = slope(settled);
  const flat = perMinute < FLAT_MB_PER_MIN;
  const heapSlope = slope(
    minutes.flatMap((m, i) => (m.heap !== null && i + 1 > WARM_UP_MIN ? [{ x: i + 1, y: m.heap }] : [])),
  );
  const mean = (values: number[]) => (values.length ? values.reduce((s, v) => s + v, 0) / values.length : 0);
  const serverErrors = minutes.reduce((s, m) => s + m.serverErrors, 0);
  const networkErrors = minutes.reduce((s, m) => s + m.networkErrors, 0);
  const dropped = minutes.reduce((s, m) => s + m.dropped, 0);
  const answers = minutes.reduce((s, m) => s + m.latencies.length, 0);
  const refused = new Map<string, number>();
  for (const m of minutes) for (const [k, n] of m.refused) refused.set(k, (refused.get(k) ?? 0) + n);
  const kinds = new Map<Kind, number>();
  for (const m of minutes) for (const [k, n] of m.byKind) kinds.set(k, (kinds.get(k) ?? 0) + n);
  const lines = [
    '# Soak: mixed shopper traffic against the production server',
    '',
    `Generated by \`${MINUTES === 10 ? 'npm run bench:soak' : `SOAK_MINUTES=${MINUTES} npm run bench:soak`}\` on ${new Date().toISOString()}.`,
    '',
    `Machine: ${machine}. The built server (\`dist/server/server.js\`, NODE_ENV=production, the Node flags and MALLOC_ARENA_MAX that \`npm start\` gives it) on a fresh SQLite file with the demo catalog; the load is made by plain \`fetch\` in the bench process on the same machine. Load average (1 / 5 / 15 min) ${startLoad} at the start, ${endLoad} at the end.`,
    '',
    `${MINUTES} minutes at ${RATE} requests/s, open loop (requests leave on schedule whatever the answers' pace; at most ${MAX_IN_FLIGHT} in flight, more are counted as dropped): ${MIX.map(([k, share]) => `${Math.round(share * 100)}% ${k}`).join(', ')}. Product pages and reads cycle over six demo products; cart adds go to a fresh anonymous shopper every 8 adds; each deal claim is a new shopper's (a deal with units for all of them); checkouts are buy-now orders of one unit by ${SIGNED_IN} signed-in customers in turn (each with its own idempotency key); list adds put a demo product on the customer's default list; registry writes change the settings of one of 10 customers' registries.`,
    '',
    '## Per minute',
    '',
    '| minute | answers | p50 ms | p99 ms | max ms | 5xx | network errors | dropped | RSS MB (end) | RssAnon MB (end) | JS heap used MB (end) | external MB (end) |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...minutes.map(
      (m, i) =>
        `| ${i + 1} | ${m.latencies.length} | ${percentile(m.latencies, 50).toFixed(1)} | ${percentile(m.latencies, 99).toFixed(1)} | ${Math.max(0, ...m.latencies).toFixed(0)} | ${m.serverErrors} | ${m.networkErrors} | ${m.dropped} | ${m.rss.at(-1) ?? '–'} | ${m.anon.at(-1) ?? '–'} | ${m.heap ?? '–'} | ${m.external ?? '–'} |`,
    ),
    '',
    `Answers by kind: ${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}. Answers that were not 2xx/3xx (or orders the checkout refused): ${refused.size ? [...refused].map(([k, n]) => `${k}: ${n}`).join(', ') : 'none'}.`,
    '',
    '## Verdict',
    '',
    ...(exited ? [`- The server ${exited} during the run ❌ (its log: ${logFile})`] : []),
    `- Errors: ${serverErrors} answers 5xx, ${networkErrors} requests without an answer, ${dropped} dropped at the in-flight cap, of ${answers} answers ${serverErrors + networkErrors === 0 ? '✅' : '❌'}`,
    `- Memory: RSS ${mean(minutes[0]?.rss ?? []).toFixed(1)} MB on average in minute 1, ${mean(minutes.at(-1)?.rss ?? []).toFixed(1)} MB in the last; peak ${Math.max(...samples.map((s) => s.y))} MB. After a warm-up of ${WARM_UP_MIN} min, the least-squares slope of RSS (sampled every second) is ${perMinute >= 0 ? '+' : ''}${perMinute.toFixed(2)} MB per minute: ${flat ? 'flat' : 'growing'} (flat means under ${FLAT_MB_PER_MIN} MB per minute, i.e. under ${FLAT_MB_PER_MIN * (MINUTES - WARM_UP_MIN)} MB over the ${MINUTES - WARM_UP_MIN} minutes measured) ${flat ? '✅' : '❌'}`,
    `- Where it is: the JavaScript heap in use at each minute's end was ${minutes.map((m) => m.heap ?? '–').join(', ')} MB (least-squares slope after warm-up ${heapSlope >= 0 ? '+' : ''}${heapSlope.toFixed(2)} MB per minute); the rest of RSS is native memory (SQLite's page cache, malloc's arenas, the mapped binary)`,
    `- p99 latency per minute: ${minutes.map((m) => percentile(m.latencies, 99).toFixed(0)).join(', ')} ms (shown, not a target: it moves with the machine's load)`,
    ...(MINUTES < 10 ? ['', `A ${MINUTES}-minute run; the soak is 10 minutes (SOAK_MINUTES=10).`] : []),
    ...(serverLog.length
      ? ['', 'Server warnings and errors (first lines):', '', '```', ...serverLog, '```']
      : []),
    '',
  ];
  writeFileSync('bench/soak-report.md', lines.join('\n'));
  console.log(lines.join('\n'));
}

await main();
