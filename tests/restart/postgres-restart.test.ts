import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { sign } from '@fastify/cookie';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import {
  csrfToken,
  deriveKeys,
  encryptSlateToken,
  newAnonymousSessionToken,
  publicSessionId,
} from '../../src/server/security/tokens';
import { listeningAt } from '../helpers/server-process';

// The real thing behind tests/robustness/database-faults.test.ts's proxy: the PostgreSQL server the
// store runs on is restarted (pg_ctlcluster) while shoppers send requests. It takes PostgreSQL away
// from everything else for a few seconds, so it runs on its own (`npm run test:restart`, after the
// unit tests, when nothing else uses PostgreSQL), never in the default vitest run (vite.config.ts).

const run = promisify(execFile);
const SECRET = 'restart-test-secret-restart-test-secret';
const keys = deriveKeys(SECRET);
const SPEAKER = { asin: 'B0PDPSPK01', offerListingId: 'OL-B0PDPSPK01-NEW', quantity: 1 };
/** How long the store may take to serve again once PostgreSQL accepts connections. */
const BACK_WITHIN_MS = 10_000;

type Cluster = { version: string; port: number };

/** Why the restart cannot run here, or the local cluster TEST_DATABASE_URL names. */
function restartableCluster(): { cluster: Cluster; url: string } | { reason: string } {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { reason: 'TEST_DATABASE_URL is unset' };
  if (process.getuid?.() !== 0) return { reason: 'not running as root (pg_ctlcluster needs it)' };
  if (!existsSync('/usr/bin/pg_ctlcluster')) return { reason: 'pg_ctlcluster is missing' };
  const target = new URL(url);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(target.hostname)) {
    return { reason: `TEST_DATABASE_URL names ${target.hostname}, not a cluster on this machine` };
  }
  const port = Number(target.port || 5432);
  // `pg_lsclusters -h`: version, cluster, port, status, owner, data directory, log file.
  let listed = '';
  try {
    listed = execFileSync('pg_lsclusters', ['-h'], { encoding: 'utf8' });
  } catch {
    // No pg_lsclusters: the first version in /etc/postgresql, as CI's start script picks it.
  }
  const clusters = listed
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([version, name, clusterPort]) => version && name === 'main' && Number(clusterPort) === port);
  const version =
    clusters[0]?.[0] ?? (existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql')[0] : undefined);
  if (!version) return { reason: 'no cluster in /etc/postgresql' };
  return { cluster: { version, port }, url };
}

const setup = restartableCluster();
if ('reason' in setup) {
  const line = `POSTGRESQL RESTART TEST DID NOT RUN: ${setup.reason}`;
  // CI always runs it: a CI machine that cannot is a failure, not a skip.
  if (process.env.CI) throw new Error(`${line} (CI must run it)`);
  console.warn(`\n⚠️  ${line}.\n`);
}

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query(text);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function accepting(url: string): Promise<boolean> {
  return query(url, 'select 1').then(
    () => true,
    () => false,
  );
}

/** The cluster up again whatever happened to the test, so nothing after it finds PostgreSQL down. */
async function ensureRunning(url: string, cluster: Cluster) {
  for (let i = 0; i < 50 && !(await accepting(url)); i++) {
    if (i === 10) {
      await run('pg_ctlcluster', ['--skip-systemctl-redirect', cluster.version, 'main', 'start']).catch(
        () => undefined,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

type Seen = { at: number; kind: 'page' | 'read' | 'add' | 'health'; status: number; note: string };

/** A shopper's first visit as the page makes it: signed session cookie, CSRF and slate tokens. */
function firstVisit() {
  const token = newAnonymousSessionToken();
  return {
    cookie: `session-token=${encodeURIComponent(sign(token, SECRET))}`,
    'x-csrf-token': csrfToken(keys, token),
    'x-encrypted-slate-token': encryptSlateToken(keys, publicSessionId(keys, token), Date.now()),
  };
}

/** One request of each kind the store answers from its database, its outcome noted. */
async function probe(base: string, kind: Seen['kind']): Promise<Seen> {
  const at = Date.now();
  const request: [string, RequestInit] =
    kind === 'page'
      ? [`${base}/dp/B0PDPSPK01`, { headers: { accept: 'text/html' } }]
      : kind === 'read'
        ? [`${base}/api/marketplaces/ATVPDKIKX0DER/products/B0PDPSPK01`, {}]
        : kind === 'add'
          ? [
              `${base}/api/marketplaces/ATVPDKIKX0DER/cart/carts/retail/items`,
              {
                method: 'POST',
                body: JSON.stringify({ items: [SPEAKER] }),
                headers: {
                  'content-type': 'application/vnd.com.amazon.api+json; type="cart.add-items.request/v1"',
                  accept: 'application/vnd.com.amazon.api+json; type="cart.add-items/v1"',
                  ...firstVisit(),
                },
              },
            ]
          : [`${base}/healthz`, {}];
  try {
    const response = await fetch(...request);
    const body = await response.text();
    let note = '';
    if (response.status === 503) {
      const code = kind === 'health' ? JSON.parse(body).status : JSON.parse(body).error?.code;
      note = `${code} retry-after=${response.headers.get('retry-after')}`;
    }
    return { at, kind, status: response.status, note };
  } catch (error) {
    // The store closed the connection or refused it: never expected, whatever the database does.
    return { at, kind, status: 0, note: String((error as Error).cause ?? error) };
  }
}

async function startServer(url: string) {
  const child = spawn('node', ['--import', 'tsx', 'src/server/server.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      DATABASE_URL: url,
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      SESSION_SECRET: SECRET,
      // Every product call reads the database, so none is answered from memory across the gap.
      PRODUCT_CACHE_TTL_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let exited: number | string | null = null;
  child.on('exit', (code, signal) => {
    exited = code ?? signal;
  });
  const { base, output } = await listeningAt(child, 90_000);
  return { child, base, output, exited: () => exited };
}

describe.skipIf('reason' in setup)('the server process while its PostgreSQL server restarts', () => {
  const { cluster, url } = 'reason' in setup ? { cluster: { version: '', port: 0 }, url: '' } : setup;
  const schema = `restart_${randomBytes(5).toString('hex')}`;
  const storeUrl = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  let child: ChildProcess | undefined;
  afterAll(async () => {
    child?.kill('SIGKILL');
    await ensureRunning(url, cluster);
    await query(url, `drop schema if exists ${schema} cascade`).catch(() => undefined);
  });

  test('never exits; the gap answers 503 with Retry-After; /healthz goes degraded then ok; back within 10 s', async () => {
    await query(url, `create schema ${schema}`);
    const server = await startServer(storeUrl);
    child = server.child;
    const { base } = server;
    for (const kind of ['page', 'read', 'add', 'health'] as const) {
      expect((await probe(base, kind)).status, kind).toBe(200);
    }

    // Shoppers keep coming while PostgreSQL restarts: a loop per kind of request, one at a time each.
    const seen: Seen[] = [];
    let sending = true;
    const loops = (['page', 'read', 'add', 'health'] as const).map(async (kind) => {
      while (sending) {
        seen.push(await probe(base, kind));
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    });
    // PostgreSQL itself, watched from outside the store: when it stops accepting connections and
    // when it accepts them again. From then on the store has BACK_WITHIN_MS to serve.
    let downAt = 0;
    let acceptingAt = 0;
    const watcher = (async () => {
      while (sending && !acceptingAt) {
        const up = await accepting(url);
        if (!up && !downAt) downAt = Date.now();
        if (up && downAt) acceptingAt = Date.now();
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const restartAt = Date.now();
    await run('pg_ctlcluster', ['--skip-systemctl-redirect', cluster.version, 'main', 'restart']);
    while (!acceptingAt && Date.now() - restartAt < 30_000) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(downAt, 'PostgreSQL never stopped accepting connections').toBeGreaterThan(0);
    expect(acceptingAt, 'PostgreSQL did not accept connections again within 30 s').toBeGreaterThan(0);
    const kinds = ['page', 'read', 'add', 'health'] as const;
    // Wait until every kind of request has been answered 200 since PostgreSQL accepts again.
    const lastOf = (kind: Seen['kind']) => seen.filter((s) => s.kind === kind && s.at >= acceptingAt).at(-1);
    while (
      !kinds.every((kind) => lastOf(kind)?.status === 200) &&
      Date.now() - acceptingAt < BACK_WITHIN_MS + 5000
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    sending = false;
    await Promise.all([...loops, watcher]);
    // Back: for each kind, the first request answered 200 after its last one that was not.
    const backOf = (kind: Seen['kind']) => {
      const ofKind = seen.filter((s) => s.kind === kind);
      const lastFailed = ofKind.findLastIndex((s) => s.status !== 200);
      return lastFailed === ofKind.length - 1 ? 0 : (ofKind[lastFailed + 1]?.at ?? 0);
    };
    const backAt = kinds.every((kind) => backOf(kind) > 0) ? Math.max(...kinds.map(backOf)) : 0;

    const summary = `restart began at 0 ms, PostgreSQL refusing at ${downAt - restartAt} ms and accepting again at ${acceptingAt - restartAt} ms, store back at ${backAt ? backAt - restartAt : 'never'} ms; ${seen.length} requests`;
    const outcomes = new Map<string, number>();
    for (const s of seen) {
      const key = `${s.kind} ${s.status}${s.note ? ` ${s.note}` : ''}`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    }
    const report = `${summary}: ${[...outcomes].map(([key, n]) => `${key} ×${n}`).join(', ')}`;
    console.info(report);

    // The process never ended, and never closed a connection on a shopper.
    expect(server.exited(), server.output().slice(-3000)).toBeNull();
    expect(child.exitCode).toBeNull();
    expect(server.output()).not.toContain('shutting down after an error');
    // Every answer was the real one or 503 asking to retry, with Retry-After; never a 500, never a reset.
    const wrong = seen.filter(
      (s) =>
        s.status !== 200 &&
        !(
          s.status === 503 &&
          (s.kind === 'health'
            ? s.note === 'degraded retry-after=null'
            : s.note === 'database_unavailable retry-after=2')
        ),
    );
    expect(wrong, report).toEqual([]);
    // The gap was seen: requests answered 503 and /healthz said degraded, then ok again.
    const health = seen.filter((s) => s.kind === 'health');
    const firstDown = health.findIndex((s) => s.status === 503);
    expect(firstDown, report).toBeGreaterThan(0);
    expect(
      health.slice(firstDown).some((s) => s.status === 200),
      report,
    ).toBe(true);
    expect(seen.filter((s) => s.kind !== 'health' && s.status === 503).length, report).toBeGreaterThan(0);
    // Back within 10 s of PostgreSQL accepting again.
    expect(backAt, report).toBeGreaterThan(0);
    expect(backAt - acceptingAt, report).toBeLessThan(BACK_WITHIN_MS);
    for (const kind of kinds) expect((await probe(base, kind)).status, kind).toBe(200);
  }, 120_000);
});
