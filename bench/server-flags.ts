import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';

/**
 * The Node flags the server runs with, as `npm start` passes them (package.json): a young generation
 * of at most 4 MB per semi-space (V8 grows it to 16 MB under load by default), and an old generation
 * allowed to grow to 1.35 × what the last full collection kept (V8 picks up to 4 × under load), which
 * keep the process small and flat under sustained traffic (decisions 0021, 0030).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=35'];

/**
 * The environment `npm start` gives the server beside its own settings: glibc's malloc keeps at most
 * two arenas, where by default each thread that allocates under contention (the checkpoint worker,
 * libuv's pool) gets its own, and memory freed in one is not reused by another (decision 0021).
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };

/** How a bench run is placed on the machine's cores (BENCH_PIN), as its report states it. */
export type Pinning = {
  /** The command and arguments that start a server process on the servers' cores. */
  server(command: string, args: string[]): [string, string[]];
  /** One line for the report: which cores ran what, or why nothing was pinned. */
  note: string;
};

/** "0-2,5" → [0, 1, 2, 5]. */
function coreList(text: string): number[] {
  return text.split(',').flatMap((part) => {
    const [from, to] = part.split('-').map(Number);
    if (from === undefined || Number.isNaN(from)) return [];
    return Array.from({ length: (to ?? from) - from + 1 }, (_, i) => from + i);
  });
}

let pinning: Pinning | undefined;

/**
 * BENCH_PIN=1 puts the server processes and the load generator (this bench process, which runs
 * autocannon) on separate cores with `taskset`, so that a run with one server process and a run with
 * several are compared on the same cores, without the load generator taking a server's core. The
 * cores this process may use are split: the last BENCH_PIN_LOAD_CORES of them (default a quarter, at
 * least one) for the load generator, the rest shared by every server process. PostgreSQL is not
 * ours to pin: on the same machine it runs where the system puts it. Without `taskset`, or with one
 * core, the run goes on unpinned and says so.
 */
export function benchPinning(): Pinning {
  if (pinning) return pinning;
  const unpinned = (note: string): Pinning => ({ server: (command, args) => [command, args], note });
  if (!process.env.BENCH_PIN || process.env.BENCH_PIN === '0') {
    pinning = unpinned('not pinned (BENCH_PIN unset): servers and load generator share every core');
    return pinning;
  }
  const current = spawnSync('taskset', ['-pc', String(process.pid)], { encoding: 'utf8' });
  if (current.error || current.status !== 0) {
    pinning = unpinned('not pinned: BENCH_PIN is set but taskset is missing or failed');
    console.warn(`bench: ${pinning.note}`);
    return pinning;
  }
  const cores = coreList(current.stdout.split(':').at(-1)?.trim() ?? '');
  if (cores.length < 2) {
    pinning = unpinned(`not pinned: BENCH_PIN is set but this process may use ${cores.length} core`);
    console.warn(`bench: ${pinning.note}`);
    return pinning;
  }
  const wanted = Number(process.env.BENCH_PIN_LOAD_CORES ?? Math.floor(cores.length / 4));
  const loadCount = Math.min(cores.length - 1, Math.max(1, Number.isFinite(wanted) ? wanted : 1));
  const serverCores = cores.slice(0, cores.length - loadCount).join(',');
  const loadCores = cores.slice(cores.length - loadCount).join(',');
  // -a: every thread of this process (autocannon's sockets, libuv's pool), not just the main one.
  const self = spawnSync('taskset', ['-a', '-pc', loadCores, String(process.pid)], { encoding: 'utf8' });
  if (self.error || self.status !== 0) {
    pinning = unpinned(`not pinned: taskset could not pin the load generator (${self.stderr.trim()})`);
    console.warn(`bench: ${pinning.note}`);
    return pinning;
  }
  pinning = {
    server: (command, args) => ['taskset', ['-c', serverCores, command, ...args]],
    note: `pinned (BENCH_PIN): server processes on cores ${serverCores}, the load generator on ${loadCores}, PostgreSQL not pinned`,
  };
  return pinning;
}

/** Waits until a bench's server process answers `url` (every 200 ms, `tries` times); fails if it exits. */
export async function waitForServer(url: string, child: ChildProcess, tries = 600): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}
