// npm run bench, part 2: the lightning deal claim rush on SQLite and PostgreSQL, each next to a bare
// single-row conditional UPDATE loop on the same database in the same run. Writes bench/deals-report.md.
// Never a test. Needs the build (npm run bench builds it in part 1).
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { sign } from '@fastify/cookie';
import autocannon from 'autocannon';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { openStore } from '../src/server/db/database';
import { csrfToken, deriveKeys, newAnonymousSessionToken } from '../src/server/security/tokens';
import { type Accounting, accounted } from './cpu-accounting';
import { benchPinning, SERVER_ENV, SERVER_NODE_FLAGS, waitForServer } from './server-flags';

const PORT = Number(process.env.BENCH_PORT ?? 3201) + 20;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CLAIM_CONNECTIONS ?? 10);
/** The holding rush: more units than any run can claim, so every claim holds units and writes a cart line. */
const HOLD_UNITS = 1_000_000;
/**
 * The sell-out rush: fewer free units than the claims a run sends, so the deal sells out mid-run, later
 * claims take the waitlist path, and an oversell would show.
 */
const SELL_OUT_UNITS = {
  sqlite: Number(process.env.BENCH_DEAL_UNITS ?? 5_000),
  postgres: Number(process.env.BENCH_DEAL_UNITS ?? 500),
};
const SECRET = 'bench-secret-bench-secret-bench-secret';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const APP_NAME = 'pdp-claim-bench';
type Deal = { asin: string; dealId: string; offerListingId: string };
const HOLD_DEAL: Deal = { asin: 'B0PDPTAB01', dealId: 'LD-B0PDPTAB01', offerListingId: 'OL-B0PDPTAB01-LD' };
const SELL_OUT_DEAL: Deal = {
  asin: 'B0PDPCAM01',
  dealId: 'LD-B0PDPCAM01',
  offerListingId: 'OL-B0PDPCAM01-LD',
};
const WARM_DEAL = { asin: 'B0PDPPLG01', dealId: 'LD-B0PDPPLG01' };

type Row = {
  dialect: string;
  target: string;
  perSecond: number;
  p50: number;
  p99: number;
  detail: string;
};

const keys = deriveKeys(SECRET);

/** A fresh anonymous shopper, as a first page visit would make one: signed session cookie and CSRF token. */
function freshShopper() {
  const token = newAnonymousSessionToken();
  return {
    cookie: `session-token=${encodeURIComponent(sign(token, SECRET))}`,
    csrf: csrfToken(keys, token),
  };
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) : 0;
const round = (ms: number) => Math.round(ms * 100) / 100;

/** The accounting of a rush as one line of the report. */
function accountingLine(name: string, claims: number, accounting: Accounting<unknown>): string {
  const perClaim = (seconds: number) => `${((seconds * 1e6) / Math.max(1, claims)).toFixed(0)} µs`;
  const { cpu } = accounting;
  const parts = [
    `server ${perClaim(cpu.server)}`,
    `bench (autocannon) ${perClaim(cpu.bench)}`,
    ...(cpu.postgres ? [`PostgreSQL ${perClaim(cpu.postgres)}`] : []),
    `machine busy ${Math.round((100 * cpu.busy) / Math.max(cpu.total, 0.001))}% of ${os.cpus().length} cores`,
  ];
  const sampled = [...accounting.waits.values()].reduce((s, n) => s + n, 0);
  const waits = sampled
    ? `; PostgreSQL backends per sample (${accounting.samples} samples): ${[...accounting.waits.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([key, n]) => `${key} ${(n / accounting.samples).toFixed(1)}`)
        .join(', ')}`
    : '';
  return `${name}: CPU per claim: ${parts.join(', ')}${waits}`;
}

/**
 * Claims as fast as CONNECTIONS connections go, every request from a new shopper; with several servers
 * the connections are split between them and the counts added up (latency: the worst server's).
 */
async function claimRush(
  bases: string | string[],
  deal: { asin: string; dealId: string },
  durationS: number,
  app = false,
) {
  const states = new Map<string, number>();
  const body = JSON.stringify({ asin: deal.asin, quantity: 1 });
  const targets = typeof bases === 'string' ? [bases] : bases;
  const results = await Promise.all(
    targets.map((base) =>
      run({
        url: `${base}/api/marketplaces/ATVPDKIKX0DER/deals/${deal.dealId}/claim-and-add-to-cart?ref=dp_ld_claim`,
        connections: Math.max(1, Math.round(CONNECTIONS / targets.length)),
        duration: durationS,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const shopper = freshShopper();
              return {
                ...request,
                body,
                headers: {
                  'content-type': 'application/json',
                  cookie: shopper.cookie,
                  'x-csrf-token': shopper.csrf,
                  ...(app ? { 'x-device-type': 'app' } : {}),
                },
              };
            },
            onResponse: (status, responseBody) => {
              let state = String(status);
              try {
                state =
                  (JSON.parse(responseBody) as { entity?: { customerState?: string } }).entity
                    ?.customerState ?? state;
              } catch {}
              states.set(state, (states.get(state) ?? 0) + 1);
            },
          },
        ],
      }),
    ),
  );
  return {
    states,
    total: results.reduce((sum, r) => sum + r.requests.total, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
  };
}

/** What the database says after the rush: nothing oversold, holds match the count and the carts. */
async function ledger(url: string, schema: string | undefined, deal: Deal, baseline: number) {
  const store = openStore(url, schema ? { schema } : {});
  try {
    const counts = await store.db
      .selectFrom('deals')
      .select(['claimed_units', 'total_units'])
      .where('id', '=', deal.dealId)
      .executeTakeFirstOrThrow();
    const claims = await store.db
      .selectFrom('deal_claims')
      .select(['status', 'held_units', 'ordered_units', 'waiting_units'])
      .where('deal_id', '=', deal.dealId)
      .execute();
    const lines = await store.db
      .selectFrom('cart_items')
      .select((eb) => eb.fn.sum<number>('quantity').as('units'))
      .where('offer_id', '=', deal.offerListingId)
      .executeTakeFirst();
    const held = claims
      .filter((c) => c.status === 'HELD')
      .reduce((s, c) => s + c.held_units + c.ordered_units, 0);
    const perCustomer = Math.max(0, ...claims.map((c) => c.held_units + c.ordered_units));
    return {
      total: counts.total_units,
      claimed: counts.claimed_units,
      held,
      inCarts: Number(lines?.units ?? 0),
      waiting: claims.filter((c) => c.status === 'WAITLISTED').length,
      perCustomer,
      oversold: Math.max(0, baseline + held - counts.total_units, counts.claimed_units - counts.total_units),
      consistent: counts.claimed_units === baseline + held && Number(lines?.units ?? 0) === held,
    };
  } finally {
    await store.close();
  }
}

async function sqliteUpdateLoop(file: string, durationS: number) {
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  db.exec(
    'create table if not exists bench_units (id integer primary key, claimed integer not null, total integer not null)',
  );
  db.exec('delete from bench_units; insert into bench_units values (1, 0, 1000000000)');
  const update = db.prepare(
    'update bench_units set claimed = claimed + ? where id = 1 and claimed + ? <= total',
  );
  const latencies: number[] = [];
  const end = performance.now() + durationS * 1000;
  while (performance.now() < end) {
    const start = performance.now();
    if (update.run(1, 1).changes !== 1) throw new Error('bare update found no units');
    latencies.push(performance.now() - start);
  }
  db.exec('drop table bench_units');
  db.close();
  return latencies;
}

async function postgresUpdateLoop(url: string, schema: string, durationS: number) {
  const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c search_path=${schema}` });
  await pool.query(
    'create table bench_units (id integer primary key, claimed integer not null, total integer not null)',
  );
  await pool.query('insert into bench_units values (1, 0, 1000000000)');
  const latencies: number[] = [];
  const end = performance.now() + durationS * 1000;
  // As many loops as the app's pool has connections, all on the one row, like claims on one deal.
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        const result = await pool.query(
          'update bench_units set claimed = claimed + $1 where id = 1 and claimed + $1 <= total',
          [1],
        );
        if (result.rowCount !== 1) throw new Error('bare update found no units');
        latencies.push(performance.now() - start);
      }
    }),
  );
  await pool.query('drop table bench_units');
  await pool.end();
  return latencies;
}

async function postgresAvailable() {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function benchDialect(
  dialect: 'sqlite' | 'postgres',
): Promise<{ rows: Row[]; checks: string[]; accounting: string[] }> {
  let url: string;
  let schema: string | undefined;
  let file = '';
  if (dialect === 'sqlite') {
    file = join(mkdtempSync(join(os.tmpdir(), 'pdp-deal-bench-')), 'store.sqlite');
    url = `sqlite:${file}`;
  } else {
    schema = `bench_deals_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    // The application name lets the bench tell the server's connections from any other client's.
    url = `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}application_name=${APP_NAME}&options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  }
  // BENCH_PROFILE=DIR writes a CPU profile of the server process there, to see where a claim's time goes.
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}/${dialect}`]
    : [];
  const startServer = (port: number) =>
    spawn(...benchPinning().server('node', [...SERVER_NODE_FLAGS, ...profile, 'dist/server/server.js']), {
      env: {
        ...process.env,
        ...SERVER_ENV,
        PORT: String(port),
        DATABASE_URL: url,
        LOG_LEVEL: 'silent',
        NODE_ENV: 'production',
        SESSION_SECRET: SECRET,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  const server = startServer(PORT);
  let second: ChildProcess | undefined;
  const base = `http://127.0.0.1:${PORT}`;
  try {
    await waitForServer(`${base}/healthz`, server, 300);
    // The server imported the demo catalog; size the deals for the rushes (and the warm-up).
    const database = dialect === 'sqlite' ? url : PG_URL;
    const store = openStore(database, schema ? { schema } : {});
    const size = (dealIds: string[], free: number) =>
      store.db
        .updateTable('deals')
        .set({ total_units: sql<number>`claimed_units + ${free}`, max_per_customer: 2 })
        .where('id', 'in', dealIds)
        .execute();
    await size([HOLD_DEAL.dealId, WARM_DEAL.dealId], HOLD_UNITS);
    await size([SELL_OUT_DEAL.dealId], SELL_OUT_UNITS[dialect]);
    const baselines = Object.fromEntries(
      (
        await store.db
          .selectFrom('deals')
          .select(['id', 'claimed_units'])
          .where('id', 'in', [HOLD_DEAL.dealId, SELL_OUT_DEAL.dealId])
          .execute()
      ).map((d) => [d.id, d.claimed_units]),
    ) as Record<string, number>;
    await store.close();

    await claimRush(base, WARM_DEAL, 2, true);
    // Other work on the machine moves these numbers a lot; the report says how busy it was.
    const loadNow = () => os.loadavg()[0]?.toFixed(1) ?? '?';
    const holdLoad = loadNow();
    const pgUrl = dialect === 'postgres' ? { url: PG_URL, appName: APP_NAME } : undefined;
    const holdAccounted = await accounted([server.pid ?? 0], pgUrl, () =>
      claimRush(base, HOLD_DEAL, DURATION_S),
    );
    const hold = holdAccounted.result;
    const sellOutLoad = loadNow();
    const sellOut = await claimRush(base, SELL_OUT_DEAL, DURATION_S);
    // PostgreSQL: the holding rush again with a second server process on the same database, the same
    // connections split between the two, to show that the processes add up.
    let twoLoad = '';
    let two: Awaited<ReturnType<typeof claimRush>> | undefined;
    let twoAccounted: Accounting<Awaited<ReturnType<typeof claimRush>>> | undefined;
    if (dialect === 'postgres') {
      second = startServer(PORT + 1);
      const secondBase = `http://127.0.0.1:${PORT + 1}`;
      await waitForServer(`${secondBase}/healthz`, second, 300);
      await claimRush([base, secondBase], WARM_DEAL, 2, true);
      twoLoad = loadNow();
      twoAccounted = await accounted([server.pid ?? 0, second.pid ?? 0], pgUrl, () =>
        claimRush([base, secondBase], HOLD_DEAL, DURATION_S),
      );
      two = twoAccounted.result;
      second.kill('SIGTERM');
      await new Promise((resolve) => second?.once('exit', resolve));
    }
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));

    const held = await ledger(database, schema, HOLD_DEAL, baselines[HOLD_DEAL.dealId] ?? 0);
    const soldOut = await ledger(database, schema, SELL_OUT_DEAL, baselines[SELL_OUT_DEAL.dealId] ?? 0);
    const bare =
      dialect === 'sqlite'
        ? await sqliteUpdateLoop(file, DURATION_S)
        : await postgresUpdateLoop(PG_URL, schema ?? '', DURATION_S);
    bare.sort((a, b) => a - b);
    const bareRate = Math.round(bare.length / DURATION_S);
    const rushRow = (
      name: string,
      rush: Awaited<ReturnType<typeof claimRush>>,
      load: string,
    ): Row & { rate: number } => {
      const rate = Math.round(rush.total / DURATION_S);
      const stateList = [...rush.states.entries()].map(([state, n]) => `${state} ${n}`).join(', ');
      return {
        dialect,
        target: name,
        perSecond: rate,
        rate,
        p50: rush.p50,
        p99: rush.p99,
        detail: `${stateList}; errors ${rush.errors}; ratio to bare ${(rate / bareRate).toFixed(3)}; load average ${load} at the start`,
      };
    };
    const holdRow = rushRow(
      `claims that all hold units (${HOLD_DEAL.dealId}, units never run out), ${CONNECTIONS} connections, a new shopper per claim${dialect === 'postgres' ? ', one server process' : ''}`,
      hold,
      holdLoad,
    );
    const twoRow = two
      ? rushRow(
          `the same, two server processes on the same database (${CONNECTIONS / 2} connections each)`,
          two,
          twoLoad,
        )
      : undefined;
    const sellOutRow = rushRow(
      `claims on a deal that sells out (${SELL_OUT_DEAL.dealId}, ${SELL_OUT_UNITS[dialect]} free units, then the waitlist)`,
      sellOut,
      sellOutLoad,
    );
    const rows: Row[] = [
      holdRow,
      ...(twoRow ? [twoRow] : []),
      sellOutRow,
      {
        dialect,
        target:
          dialect === 'sqlite'
            ? 'bare conditional UPDATE of one row, one loop (better-sqlite3, same file)'
            : 'bare conditional UPDATE of one row, 10 loops on a pool of 10 (pg, same database)',
        perSecond: bareRate,
        p50: round(percentile(bare, 50)),
        p99: round(percentile(bare, 99)),
        detail: 'the floor: what the database does for the single guarded write alone',
      },
    ];
    const ledgerCheck = (name: string, after: Awaited<ReturnType<typeof ledger>>) =>
      `${dialect}, ${name}: ${after.held} units held (${after.waiting} shoppers waitlisted), deal count ${after.claimed}/${after.total}, cart lines ${after.inCarts}, most per customer ${after.perCustomer}; oversold ${after.oversold} ${after.oversold === 0 && after.consistent ? '✅' : '❌'}`;
    const checks = [ledgerCheck('holding rush', held), ledgerCheck('sell-out rush', soldOut)];
    const accounting = [
      accountingLine(`${dialect}, holding rush, one server process`, hold.total, holdAccounted),
      ...(two && twoAccounted
        ? [accountingLine(`${dialect}, holding rush, two server processes`, two.total, twoAccounted)]
        : []),
    ];
    if (dialect === 'sqlite') {
      const ok = (row: { rate: number; p99: number }) => (row.rate >= 3000 && row.p99 <= 20 ? '✅' : '❌');
      checks.push(
        `sqlite: at least 3,000 claims/s with p99 at most 20 ms — holding rush ${holdRow.rate}/s, p99 ${holdRow.p99} ms ${ok(holdRow)}; sell-out rush ${sellOutRow.rate}/s, p99 ${sellOutRow.p99} ms ${ok(sellOutRow)}`,
      );
    } else {
      const ok = (row: { rate: number }) => (row.rate >= 1000 ? '✅' : '❌');
      checks.push(
        `postgres: at least 1,000 claims/s — holding rush ${holdRow.rate}/s ${ok(holdRow)}; sell-out rush ${sellOutRow.rate}/s ${ok(sellOutRow)}`,
      );
      if (twoRow) {
        checks.push(
          `postgres: two server processes faster than one — ${twoRow.rate}/s against ${holdRow.rate}/s (${(twoRow.rate / holdRow.rate).toFixed(2)}×) ${twoRow.rate > holdRow.rate ? '✅' : '❌'}`,
        );
      }
    }
    return { rows, checks, accounting };
  } finally {
    if (server.exitCode === null) server.kill('SIGKILL');
    if (second && second.exitCode === null) second.kill('SIGKILL');
    if (schema) {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
  }
}

async function main() {
  if (!existsSync('dist/server/server.js')) execSync('npm run build', { stdio: 'inherit' });
  const rows: Row[] = [];
  const checks: string[] = [];
  const accounting: string[] = [];
  const pinning = benchPinning();
  const only = process.env.BENCH_DIALECT;
  for (const dialect of ['sqlite', 'postgres'] as const) {
    if (only && only !== dialect) continue;
    if (dialect === 'postgres' && !(await postgresAvailable())) {
      checks.push(`postgres: skipped, nothing answers at ${PG_URL}`);
      continue;
    }
    const outcome = await benchDialect(dialect);
    rows.push(...outcome.rows);
    checks.push(...outcome.checks);
    accounting.push(...outcome.accounting);
  }
  const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`;
  const lines = [
    '# Lightning deal claim rush',
    '',
    `Generated by \`npm run bench\` on ${new Date().toISOString()}.`,
    '',
    `Machine: ${machine}. The built server (NODE_ENV=production) on a fresh database with the demo catalog; two rushes per database, each ${DURATION_S} s after a 2 s warm-up on another deal: one where every claim holds units, one on a deal with ${SELL_OUT_UNITS.sqlite} (SQLite) or ${SELL_OUT_UNITS.postgres} (PostgreSQL) free units that sells out mid-run; a limit of 2 per customer; autocannon on the same machine (${pinning.note}). Each claim comes from a new shopper (signed session cookie and CSRF token made as a page visit would), so every request is a real claim: units held and a cart line written, or a place on the waitlist once the units are gone. On PostgreSQL the holding rush then runs again against two server processes sharing the database, the connections split between them. Then, on the same database, a bare conditional UPDATE of one row runs for as long.`,
    '',
    '| database | target | per second | p50 ms | p99 ms | notes |',
    '|---|---|---:|---:|---:|---|',
    ...rows.map((r) => `| ${r.dialect} | ${r.target} | ${r.perSecond} | ${r.p50} | ${r.p99} | ${r.detail} |`),
    '',
    'Checks:',
    ...checks.map((c) => `- ${c}`),
    '',
    "Where the time goes (CPU seconds per claim from /proc, for the server processes, this bench process, which runs autocannon, and PostgreSQL: the server's connections and its background processes; what the server's PostgreSQL connections were doing, sampled every 50 ms from pg_stat_activity: `on CPU` is a backend running, `Lock:…` waiting for a row or transaction lock, `IO:WALSync`/`LWLock:WALWrite` waiting for the commit's flush, `idle` a pooled connection nobody uses):",
    ...accounting.map((line) => `- ${line}`),
    '',
  ];
  writeFileSync('bench/deals-report.md', lines.join('\n'));
  console.log(lines.join('\n'));
}

await main();
