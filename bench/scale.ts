// npm run bench:scale: what one request of each kind costs on PostgreSQL, on the server's side and on
// PostgreSQL's, with one server process and with several sharing the database; the figures
// docs/scaling.md reads. Writes bench/scale-report.md. Never a test. Needs the build.
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { sign } from '@fastify/cookie';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { openStore } from '../src/server/db/database';
import {
  csrfToken,
  deriveKeys,
  encryptSlateToken,
  newAnonymousSessionToken,
  publicSessionId,
} from '../src/server/security/tokens';
import { type Accounting, accounted } from './cpu-accounting';
import { benchPinning, SERVER_ENV, SERVER_NODE_FLAGS, waitForServer } from './server-flags';

const PORT = Number(process.env.BENCH_PORT ?? 3201) + 30;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PROCESSES = Math.max(1, Number(process.env.BENCH_PROCESSES ?? 2));
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const APP_NAME = 'pdp-scale-bench';
const SECRET = 'bench-secret-bench-secret-bench-secret';
const keys = deriveKeys(SECRET);
const MARKETPLACE = 'ATVPDKIKX0DER';
const SPEAKER = { asin: 'B0PDPSPK01', offerListingId: 'OL-B0PDPSPK01-NEW', quantity: 1 };
const DEAL = { asin: 'B0PDPTAB01', dealId: 'LD-B0PDPTAB01' };

/** A shopper as their first page visit makes them: signed session cookie, CSRF and slate tokens. */
function firstVisit() {
  const token = newAnonymousSessionToken();
  return {
    cookie: `session-token=${encodeURIComponent(sign(token, SECRET))}`,
    'x-csrf-token': csrfToken(keys, token),
    'x-encrypted-slate-token': encryptSlateToken(keys, publicSessionId(keys, token), Date.now()),
  };
}

type Workload = { name: string; request: (base: string) => autocannon.Options };

// Each session adds at most 8 speakers (the order limit is 10), so every add is a real write.
let adds = 0;
const addSessions: ReturnType<typeof firstVisit>[] = [];

/** The cart add as the benches send it, or as the page does: with a fresh Idempotency-Key (decision 0042). */
function cartAdd(keyed: boolean): Workload {
  return {
    name: `cart add \`POST …/cart/carts/retail/items\`, one unit, 8 adds per shopper${keyed ? ', with an `Idempotency-Key` as the page sends it' : ''}`,
    request: (base) => ({
      url: `${base}/api/marketplaces/${MARKETPLACE}/cart/carts/retail/items`,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const index = Math.floor(adds++ / 8);
            addSessions[index] ??= firstVisit();
            return {
              ...request,
              body: JSON.stringify({ items: [SPEAKER] }),
              headers: {
                'content-type': 'application/vnd.com.amazon.api+json; type="cart.add-items.request/v1"',
                accept: 'application/vnd.com.amazon.api+json; type="cart.add-items/v1"',
                ...addSessions[index],
                ...(keyed ? { 'idempotency-key': randomBytes(16).toString('hex') } : {}),
              },
            };
          },
        },
      ],
    }),
  };
}

const WORKLOADS: Workload[] = [
  {
    name: 'product page `GET /dp/B0PDPSPK01`, a new visitor each time',
    request: (base) => ({ url: `${base}/dp/B0PDPSPK01`, headers: { accept: 'text/html' } }),
  },
  {
    name: 'product call `GET …/products/B0PDPSPK01`, answer cache off',
    request: (base) => ({ url: `${base}/api/marketplaces/${MARKETPLACE}/products/B0PDPSPK01` }),
  },
  cartAdd(false),
  cartAdd(true),
  {
    name: 'deal claim `POST …/deals/LD-B0PDPTAB01/claim-and-add-to-cart`, a new shopper each, units never run out',
    request: (base) => ({
      url: `${base}/api/marketplaces/${MARKETPLACE}/deals/${DEAL.dealId}/claim-and-add-to-cart?ref=dp_ld_claim`,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const { cookie, 'x-csrf-token': csrf } = firstVisit();
            return {
              ...request,
              body: JSON.stringify({ asin: DEAL.asin, quantity: 1 }),
              headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf },
            };
          },
        },
      ],
    }),
  },
];

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** The workload from CONNECTIONS connections split over the given servers, counts added up. */
async function rush(workload: Workload, bases: string[], durationS: number) {
  const results = await Promise.all(
    bases.map((base) =>
      run({
        ...workload.request(base),
        connections: Math.max(1, Math.round(CONNECTIONS / bases.length)),
        duration: durationS,
      }),
    ),
  );
  return {
    total: results.reduce((sum, r) => sum + r.requests.total, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
  };
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 1500 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

type Row = {
  processes: number;
  workload: string;
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
  accounting: Accounting<unknown>;
  total: number;
};

function reportLines(rows: Row[], pinning: string, load: string): string[] {
  const us = (seconds: number, total: number) => Math.round((seconds * 1e6) / Math.max(1, total));
  const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`;
  const table = rows.map((row) => {
    const { cpu, waits, samples, transactions } = row.accounting;
    const server = us(cpu.server, row.total);
    const postgres = us(cpu.postgres, row.total);
    const active = [...waits.entries()]
      .filter(([state]) => state !== 'idle')
      .reduce((sum, [, n]) => sum + n, 0);
    return `| ${row.processes} | ${row.workload} | ${Math.round(row.perSecond)} | ${row.p50} | ${row.p99} | ${row.failed} | ${server} | ${postgres} | ${us(cpu.bench, row.total)} | ${(transactions / Math.max(1, row.total)).toFixed(2)} | ${(active / Math.max(1, samples)).toFixed(1)} | ${Math.round((100 * cpu.busy) / Math.max(cpu.total, 0.001))}% | ${postgres ? Math.round(1e6 / postgres) : '—'} | ${postgres ? (server / postgres).toFixed(1) : '—'} |`;
  });
  return [
    '# Scale-out: what each request costs the server and PostgreSQL',
    '',
    `Generated by \`npm run bench:scale\` on ${new Date().toISOString()}.`,
    '',
    `Machine: ${machine}; ${pinning}. The built server (NODE_ENV=production, the product answer cache off so that every product call reads the database) on a fresh PostgreSQL database with the demo catalog; autocannon in this process, ${CONNECTIONS} connections split over the server processes, each row ${DURATION_S} s after a 2 s warm-up. Load average (1 min) at the start: ${load}.`,
    '',
    "CPU per request from /proc: the server processes, PostgreSQL (the servers' connections, told by their application name, and PostgreSQL's background processes: WAL writer, checkpointer…) and this bench process. Transactions per request: commits and rollbacks in the bench's own database (pg_stat_database), a statement outside a transaction counting as one. Active backends: the servers' PostgreSQL connections not idle, sampled every 50 ms. The last two columns read the rest: how many of these requests one PostgreSQL core answers each second at this cost, and how many server cores one PostgreSQL core keeps busy.",
    '',
    '| processes | request | per second | p50 ms | p99 ms | not 2xx or errors | server µs | PostgreSQL µs | bench µs | transactions per request | active backends | machine busy | per PostgreSQL core per second | server cores per PostgreSQL core |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...table,
    '',
  ];
}

async function main() {
  if (!existsSync('dist/server/server.js')) execSync('npm run build', { stdio: 'inherit' });
  const available = await admin(async () => true).catch(() => false);
  if (!available) {
    console.log(`bench:scale: skipped, no PostgreSQL answers at ${PG_URL} (set BENCH_DATABASE_URL)`);
    return;
  }
  const pinning = benchPinning();
  const database = `bench_scale_${randomBytes(4).toString('hex')}`;
  await admin((client) => client.query(`create database ${database}`));
  const url = new URL(PG_URL);
  url.pathname = `/${database}`;
  url.searchParams.set('application_name', APP_NAME);
  const servers: ChildProcess[] = [];
  const start = (port: number) => {
    const child = spawn(...pinning.server('node', [...SERVER_NODE_FLAGS, 'dist/server/server.js']), {
      env: {
        ...process.env,
        ...SERVER_ENV,
        PORT: String(port),
        DATABASE_URL: url.toString(),
        LOG_LEVEL: 'silent',
        NODE_ENV: 'production',
        SESSION_SECRET: SECRET,
        PRODUCT_CACHE_TTL_MS: '0',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    servers.push(child);
    return child;
  };
  try {
    // The first process migrates and loads the demo catalog; the others find it there.
    const bases: string[] = [];
    for (let i = 0; i < PROCESSES; i++) {
      const child = start(PORT + i);
      bases.push(`http://127.0.0.1:${PORT + i}`);
      await waitForServer(`${bases[i]}/healthz`, child, 300);
    }
    const store = openStore(url.toString());
    await store.db
      .updateTable('deals')
      .set({ total_units: sql<number>`claimed_units + 100000000`, max_per_customer: 2 })
      .where('id', '=', DEAL.dealId)
      .execute();
    await store.close();
    const load = os.loadavg()[0]?.toFixed(1) ?? '?';
    const rows: Row[] = [];
    for (const processes of [...new Set([1, PROCESSES])]) {
      const used = bases.slice(0, processes);
      const pids = servers.slice(0, processes).map((child) => child.pid ?? 0);
      for (const workload of WORKLOADS) {
        await rush(workload, used, 2);
        const accounting = await accounted(pids, { url: PG_URL, appName: APP_NAME, name: database }, () =>
          rush(workload, used, DURATION_S),
        );
        const { total, p50, p99, non2xx, errors } = accounting.result;
        rows.push({
          processes,
          workload: workload.name,
          perSecond: total / DURATION_S,
          p50,
          p99,
          failed: non2xx + errors,
          accounting,
          total,
        });
        console.log(`${processes} × ${workload.name}: ${Math.round(total / DURATION_S)}/s`);
      }
    }
    const lines = reportLines(rows, pinning.note, load);
    writeFileSync('bench/scale-report.md', lines.join('\n'));
    console.log(lines.join('\n'));
  } finally {
    for (const child of servers) child.kill('SIGTERM');
    await Promise.all(
      servers.map((child) =>
        child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : undefined,
      ),
    );
    await admin((client) => client.query(`drop database if exists ${database} with (force)`));
  }
}

await main();
