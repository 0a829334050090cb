import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect as connectTcp, createServer, type Server, type Socket } from 'node:net';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { createDemoCopies } from '../factories/demo-products';
import { createTestApp, Shopper } from '../helpers/test-app';
import { postgresUrl } from '../helpers/test-store';

/** What a shopper's request may get while the database is away: the answer, or 503 asking to retry. */
async function expectAnsweredOrRetryLater(response: Response) {
  if (response.status === 503) {
    expect(response.headers.get('retry-after')).toBe('2');
    expect((await response.json()).error.code).toBe('database_unavailable');
  } else {
    expect(response.status).toBe(200);
  }
}

async function waitFor(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < withinMs) {
    if (await check().catch(() => false)) return Date.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not back within ${withinMs} ms`);
}

/**
 * A TCP proxy in front of PostgreSQL that the test can take down and bring back: to the store it
 * looks like a database restart (every connection dropped, new ones refused, then accepted again),
 * without disturbing the other test files that share the PostgreSQL server.
 */
function databaseProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const forget = (socket: Socket) => socket.on('close', () => sockets.delete(socket));
  return {
    get port() {
      return port;
    },
    start: () =>
      new Promise<void>((resolve) => {
        const listening = createServer((client) => {
          const upstream = connectTcp(target.port, target.host);
          for (const socket of [client, upstream]) {
            sockets.add(socket);
            forget(socket);
            socket.on('error', () => {
              client.destroy();
              upstream.destroy();
            });
          }
          client.pipe(upstream).pipe(client);
        });
        server = listening;
        listening.listen(port, '127.0.0.1', () => {
          port = (listening.address() as { port: number }).port;
          resolve();
        });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server?.close(() => resolve());
      }),
  };
}

describe.skipIf(!postgresUrl)('the server process on PostgreSQL when its database goes away', () => {
  let child: ChildProcess | undefined;
  const database = `faults_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl ?? '' });
  const target = new URL(postgresUrl ?? 'postgres://127.0.0.1:5432/test');
  const proxy = databaseProxy({ host: target.hostname, port: Number(target.port || 5432) });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await proxy.stop();
    await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
    await admin.end();
  });

  test('killed backends and a restart: 503 with Retry-After meanwhile, never a crash, back within 10 s', async () => {
    await admin.connect();
    await admin.query(`create database ${database}`);
    await proxy.start();
    const url = new URL(target);
    url.port = String(proxy.port);
    url.pathname = `/${database}`;
    const port = 3400 + Math.floor(Math.random() * 500);
    child = spawn('node', ['--import', 'tsx', 'src/server/server.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: url.toString(),
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const base = `http://127.0.0.1:${port}`;
    const healthy = async () => (await fetch(`${base}/healthz`)).status === 200;
    const page = () => fetch(`${base}/dp/B0PDPSPK01`);
    await waitFor(healthy, 60_000);
    expect((await page()).status).toBe(200);

    // An administrator (or a failover, or an idle-connection reaper) ends every backend of the store.
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
      database,
    ]);
    for (const response of await Promise.all(Array.from({ length: 12 }, page))) {
      await expectAnsweredOrRetryLater(response);
    }
    expect(await waitFor(healthy, 10_000)).toBeLessThan(10_000);
    expect((await page()).status).toBe(200);

    // The database restarts: connections dropped, new ones refused for a while.
    await proxy.stop();
    const down = await fetch(`${base}/healthz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'degraded', database: 'down' });
    const refused = await page();
    expect(refused.status).toBe(503);
    await expectAnsweredOrRetryLater(refused);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await proxy.start();
    expect(await waitFor(healthy, 10_000)).toBeLessThan(10_000);
    expect((await page()).status).toBe(200);

    expect(child.exitCode, output.slice(-3000)).toBeNull();
    expect(output).not.toContain('shutting down after an error');
    expect(output).toContain('database connection lost');
  }, 120_000);
});

describe('the app on SQLite when another process holds the write lock too long', () => {
  test('a write answers 503 with Retry-After and changes nothing; once the lock is gone it goes through', async () => {
    const ctx = await createTestApp('sqlite', { seed: false });
    try {
      const copies = await createDemoCopies(ctx.store.db, ['B0PDPSPK01'], { now: ctx.clock.now });
      const speaker = copies.item('B0PDPSPK01');
      // The store's own connection waits 100 ms for the lock instead of 5 s.
      await sql`pragma busy_timeout = 100`.execute(ctx.store.db);
      const shopper = new Shopper(ctx.app);
      await shopper.visit(`/dp/${speaker.asin}`);
      const other = new SqliteDatabase(ctx.store.url.slice('sqlite:'.length));
      other.exec('begin exclusive');
      const busy = await shopper.addItems([{ ...speaker, quantity: 1 }]);
      other.exec('rollback');
      other.close();
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('2');
      expect(busy.json().error.code).toBe('database_unavailable');
      expect(await shopper.cartCount()).toBe(0);
      expect((await shopper.addItems([{ ...speaker, quantity: 1 }])).statusCode).toBe(200);
      expect(await shopper.cartCount()).toBe(1);
    } finally {
      await ctx.close();
    }
  });
});
