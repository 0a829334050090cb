// npm run bench: HTTP benchmarks of the built server on SQLite against a bare Fastify route, same run.
// Writes bench/report.md (machine, req/s, p50/p99 latency, ratio to the baseline). Never a test.
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
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
import { benchPinning, SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags';

// BENCH_PORT moves every port of a run, so two benches can run side by side.
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3201);
const APP_PORT = BASE_PORT;
const BARE_PORT = BASE_PORT + 1;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
// autocannon's default; more connections at a fixed rate send bursts that queue in the client itself.
const CART_CONNECTIONS = Number(process.env.BENCH_CART_CONNECTIONS ?? 10);
const CART_MAX_CONNECTIONS = 20;
const SECRET = 'bench-secret-bench-secret-bench-secret';
const keys = deriveKeys(SECRET);
const SPEAKER = { asin: 'B0PDPSPK01', offerListingId: 'OL-B0PDPSPK01-NEW', quantity: 1 };

type Row = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  note?: string;
};

function start(command: string, args: string[], env: Record<string, string>): ChildProcess {
  // BENCH_PIN: every server, the bare route's too, on the servers' cores (bench/server-flags.ts).
  const child = spawn(...benchPinning().server(command, args), {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function waitFor(url: string) {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

async function session(base: string) {
  const response = await fetch(`${base}/dp/B0PDPSPK01`);
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const html = await response.text();
  const meta = (name: string) => new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1] ?? '';
  return { cookie, csrf: meta('csrf-token'), slate: meta('encrypted-slate-token') };
}

/** A shopper as their first page visit makes them: signed session cookie, CSRF and slate tokens. */
function firstVisit() {
  const token = newAnonymousSessionToken();
  return {
    cookie: `session-token=${encodeURIComponent(sign(token, SECRET))}`,
    csrf: csrfToken(keys, token),
    slate: encryptSlateToken(keys, publicSessionId(keys, token), Date.now()),
  };
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const row = (name: string, r: autocannon.Result, note?: string): Row => ({
  name,
  rps: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors + r.timeouts,
  non2xx: r.non2xx,
  ...(note ? { note } : {}),
});

async function main() {
  if (!existsSync('dist/server/server.js')) execSync('npm run build', { stdio: 'inherit' });
  // Other work on the machine moves every figure; the report says how busy it was.
  const loadAtStart = os.loadavg();
  const pinning = benchPinning();
  const dir = mkdtempSync(join(os.tmpdir(), 'pdp-bench-'));
  // BENCH_PROFILE=DIR writes a CPU profile of the app process there, to see where the time goes.
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  if (process.env.BENCH_NODE_IMPORT) profile.push('--import', process.env.BENCH_NODE_IMPORT);
  const app = start('node', [...SERVER_NODE_FLAGS, ...profile, 'dist/server/server.js'], {
    ...SERVER_ENV,
    PORT: String(APP_PORT),
    DATABASE_URL: `sqlite:${join(dir, 'store.sqlite')}`,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    SESSION_SECRET: SECRET,
  });
  const bare = start('node', ['bench/bare-server.mjs'], { PORT: String(BARE_PORT) });
  const UNCACHED_PORT = BASE_PORT + 2;
  const appBase = `http://127.0.0.1:${APP_PORT}`;
  const bareBase = `http://127.0.0.1:${BARE_PORT}`;
  try {
    await waitFor(`${appBase}/healthz`);
    await waitFor(`${bareBase}/bare`);
    const rows: Row[] = [];
    const warm = { connections: 10, duration: 2 };
    await run({ url: `${bareBase}/bare`, ...warm });
    const productUrl = `${appBase}/api/marketplaces/ATVPDKIKX0DER/products/B0PDPSPK01`;
    const shopper = await session(appBase);
    await run({ url: productUrl, headers: { cookie: shopper.cookie }, ...warm });

    const bareResult = row(
      'bare Fastify route (baseline)',
      await run({ url: `${bareBase}/bare`, connections: 10, duration: DURATION_S }),
    );
    rows.push(bareResult);
    // A second process on the same file with the product cache off shows what a read costs from the database.
    const uncached = start('node', [...SERVER_NODE_FLAGS, 'dist/server/server.js'], {
      ...SERVER_ENV,
      PORT: String(UNCACHED_PORT),
      DATABASE_URL: `sqlite:${join(dir, 'store.sqlite')}`,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      SESSION_SECRET: SECRET,
      PRODUCT_CACHE_TTL_MS: '0',
    });
    const uncachedBase = `http://127.0.0.1:${UNCACHED_PORT}`;
    await waitFor(`${uncachedBase}/healthz`);
    const uncachedUrl = `${uncachedBase}/api/marketplaces/ATVPDKIKX0DER/products/B0PDPSPK01`;
    await run({ url: uncachedUrl, headers: { cookie: shopper.cookie }, ...warm });
    const uncachedRow = row(
      'GET …/products/B0PDPSPK01, cache off (every read from SQLite)',
      await run({
        url: uncachedUrl,
        headers: { cookie: shopper.cookie },
        connections: 10,
        duration: DURATION_S,
      }),
    );
    uncached.kill('SIGTERM');
    rows.push(
      row(
        'GET …/products/B0PDPSPK01 (1 s product cache, the default)',
        await run({
          url: productUrl,
          headers: { cookie: shopper.cookie },
          connections: 10,
          duration: DURATION_S,
        }),
      ),
    );

    // Each session adds at most 8 speakers (the order limit is 10), so every add is a real write; the
    // sessions are made as a first page visit makes them (signed cookie, CSRF and slate tokens). First at
    // a fixed 500 requests/s after a 2 s warm-up at the same rate, then as fast as 20 connections go.
    const rate = 500;
    let next = 0;
    const sessions: ReturnType<typeof firstVisit>[] = [];
    const body = JSON.stringify({ items: [SPEAKER] });
    const cartRun = (duration: number, options: { rate?: number; connections: number }) =>
      run({
        url: `${appBase}/api/marketplaces/ATVPDKIKX0DER/cart/carts/retail/items`,
        connections: options.connections,
        duration,
        ...(options.rate ? { overallRate: options.rate } : {}),
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const index = Math.floor(next++ / 8);
              const s = sessions[index] ?? firstVisit();
              sessions[index] = s;
              return {
                ...request,
                body,
                headers: {
                  'content-type': 'application/vnd.com.amazon.api+json; type="cart.add-items.request/v1"',
                  accept: 'application/vnd.com.amazon.api+json; type="cart.add-items/v1"',
                  cookie: s.cookie,
                  'x-csrf-token': s.csrf,
                  'x-encrypted-slate-token': s.slate,
                },
              };
            },
          },
        ],
      });
    await cartRun(2, { rate, connections: CART_CONNECTIONS });
    const cart = await cartRun(DURATION_S, { rate, connections: CART_CONNECTIONS });
    await cartRun(2, { connections: CART_MAX_CONNECTIONS });
    const cartMax = await cartRun(DURATION_S, { connections: CART_MAX_CONNECTIONS });
    rows.push(uncachedRow);
    rows.push(row(`POST cart add at ${rate} req/s, ${CART_CONNECTIONS} connections`, cart, 'fixed rate'));
    rows.push(
      row(
        `POST cart add as fast as ${CART_MAX_CONNECTIONS} connections go (the most it takes)`,
        cartMax,
        'max throughput',
      ),
    );
    // As the page's own calls ask for it (a browser sends Accept-Encoding): the cached answer compressed
    // (decision 0038). Not a target row; shown beside the plain one.
    rows.push(
      row(
        'GET …/products/B0PDPSPK01 (1 s product cache), Accept-Encoding: br as a browser sends it',
        await run({
          url: productUrl,
          headers: { cookie: shopper.cookie, 'accept-encoding': 'gzip, deflate, br, zstd' },
          connections: 10,
          duration: DURATION_S,
        }),
      ),
    );
    if (process.env.BENCH_SERVER_HISTOGRAM) {
      const metrics = await (await fetch(`${appBase}/metrics`)).text();
      console.log(
        metrics
          .split('\n')
          .filter((l) => l.includes('duration') && l.includes('cart/carts'))
          .join('\n'),
      );
    }

    const [baseline, product, uncachedProduct, add, addMax] = rows as [Row, Row, Row, Row, Row];
    const loadAtEnd = os.loadavg();
    const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(' / ');
    const ratio = (r: Row) => r.rps / baseline.rps;
    const percent = (r: Row) => `${(ratio(r) * 100).toFixed(0)}%`;
    const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`;
    const lines = [
      '# Benchmark report',
      '',
      `Generated by \`npm run bench\` on ${new Date().toISOString()}.`,
      '',
      `Machine: ${machine}. Database: SQLite (WAL) file. Each run ${DURATION_S} s after a 2 s warm-up; autocannon in the same machine (${pinning.note}).`,
      '',
      `Load average (1 / 5 / 15 min) at the start: ${load(loadAtStart)}; at the end: ${load(loadAtEnd)}. Absolute figures move with it; the ratios to the baseline measured in the same run are what the targets read.`,
      '',
      '| target | req/s | p50 ms | p99 ms | errors | non-2xx | ratio to baseline req/s |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...rows.map(
        (r) =>
          `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${(r.rps / baseline.rps).toFixed(2)}${r.note ? ` (${r.note})` : ''} |`,
      ),
      '',
      'Targets (docs/performance.md):',
      `- product GET with the 1 s answer cache at least 50% of the bare route's req/s: ${percent(product)} ${ratio(product) >= 0.5 ? '✅' : '❌'}`,
      `- product GET without the answer cache at least 25% of the bare route's req/s: ${percent(uncachedProduct)} ${ratio(uncachedProduct) >= 0.25 ? '✅' : '❌'}`,
      `- cart add p99 at most 10 ms at 500 req/s: ${add.p99} ms ${add.p99 <= 10 && add.non2xx === 0 && add.errors === 0 ? '✅' : '❌'}; the most it takes at ${CART_MAX_CONNECTIONS} connections: ${addMax.rps} adds/s, p99 ${addMax.p99} ms, ${addMax.non2xx} non-2xx`,
      '',
    ];
    writeFileSync('bench/report.md', lines.join('\n'));
    console.log(lines.join('\n'));
  } finally {
    app.kill('SIGINT');
    bare.kill('SIGTERM');
  }
}

await main();
