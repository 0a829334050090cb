// What a bench run's requests cost in CPU, and where: the server processes, this bench process
// (autocannon runs in it), PostgreSQL's processes and the whole machine, from /proc; and what the
// server's PostgreSQL connections were doing meanwhile. Used by bench/deals.ts and bench/scale.ts.
import { readFileSync } from 'node:fs';
import pg from 'pg';

/** CPU seconds a process has used (user + system), from /proc; 0 when it is gone. */
export function processCpuS(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of /proc/PID/stat, in clock ticks (100 per second).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds per process of PostgreSQL's work for the bench: the server's connections (by application
 * name) and PostgreSQL's own background processes (WAL writer, checkpointer…), not other clients'.
 */
async function postgresCpuS(client: pg.Client, appName: string): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>(
    `select pid from pg_stat_activity where application_name = $1 or backend_type <> 'client backend'`,
    [appName],
  );
  return new Map(rows.map((row) => [row.pid, processCpuS(row.pid)]));
}

/** Busy and total CPU seconds of the whole machine, from /proc/stat. */
function machineCpuS(): { busy: number; total: number } {
  const cpu = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').split(/\s+/).slice(1).map(Number);
  const total = cpu.reduce((sum, v) => sum + (v || 0), 0) / 100;
  const idle = ((cpu[3] ?? 0) + (cpu[4] ?? 0)) / 100;
  return { busy: total - idle, total };
}

export type Accounting<T> = {
  result: T;
  cpu: { server: number; bench: number; postgres: number; busy: number; total: number };
  waits: Map<string, number>;
  samples: number;
  /** Transactions committed or rolled back in `database.name` meanwhile (when named). */
  transactions: number;
};

/**
 * Where a rush's time goes (are two processes slower because of CPU, the pool, round trips
 * or lock waits?): CPU seconds of the server processes, of this process (autocannon), of PostgreSQL's
 * processes and of the machine, and, on PostgreSQL, what the server's connections were doing,
 * sampled every 50 ms from pg_stat_activity.
 */
export async function accounted<T>(
  serverPids: number[],
  database: { url: string; appName: string; name?: string } | undefined,
  work: () => Promise<T>,
): Promise<Accounting<T>> {
  const pgUrl = database?.url;
  const appName = database?.appName ?? '';
  // pg_stat_database counts every client of the database: only meaningful for one the bench owns.
  const transactionsNow = async () =>
    client && database?.name
      ? Number(
          (
            await client.query<{ n: string }>(
              'select xact_commit + xact_rollback as n from pg_stat_database where datname = $1',
              [database.name],
            )
          ).rows[0]?.n ?? 0,
        )
      : 0;
  const client = pgUrl ? new pg.Client({ connectionString: pgUrl }) : undefined;
  await client?.connect();
  // The pool's connections are open after the warm-up; a process that ends meanwhile is left out.
  const postgresBefore = client ? await postgresCpuS(client, appName) : new Map<number, number>();
  // The statistics a backend sends are read in a snapshot per transaction: clear it for each read.
  await client?.query('select pg_stat_clear_snapshot()');
  const transactionsBefore = await transactionsNow();
  const before = {
    server: serverPids.reduce((s, pid) => s + processCpuS(pid), 0),
    bench: process.cpuUsage(),
    machine: machineCpuS(),
  };
  const waits = new Map<string, number>();
  let samples = 0;
  let sampling = true;
  let sampler: Promise<void> = Promise.resolve();
  if (client) {
    sampler = (async () => {
      while (sampling) {
        const { rows } = await client.query<{ state: string; wait: string | null }>(
          `select state, wait_event_type || ':' || wait_event as wait from pg_stat_activity
           where application_name = $1`,
          [appName],
        );
        samples++;
        for (const row of rows) {
          const key = row.state === 'active' ? (row.wait ?? 'on CPU') : row.state;
          waits.set(key, (waits.get(key) ?? 0) + 1);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
  }
  const result = await work();
  sampling = false;
  await sampler;
  const benchUsage = process.cpuUsage(before.bench);
  const machine = machineCpuS();
  let postgres = 0;
  let transactions = 0;
  if (client) {
    // Backends report their counts when idle, at most every second (PGSTAT_MIN_INTERVAL).
    if (database?.name) await new Promise((r) => setTimeout(r, 1100));
    await client.query('select pg_stat_clear_snapshot()');
    transactions = (await transactionsNow()) - transactionsBefore;
    for (const [pid, after] of await postgresCpuS(client, appName)) {
      const start = postgresBefore.get(pid);
      if (start !== undefined && after >= start) postgres += after - start;
    }
    await client.end();
  }
  return {
    result,
    cpu: {
      server: serverPids.reduce((s, pid) => s + processCpuS(pid), 0) - before.server,
      bench: (benchUsage.user + benchUsage.system) / 1e6,
      postgres,
      busy: machine.busy - before.machine.busy,
      total: machine.total - before.machine.total,
    },
    waits,
    samples,
    transactions,
  };
}
