import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

// SQLite copies the WAL back into the database file at a checkpoint, by default inside whichever
// commit passes 1,000 WAL pages: that commit then writes a thousand pages and syncs the file twice
// while every request waits. The server checkpoints from a worker thread instead, on its own
// connection and without blocking the writer (PASSIVE), so commits only append to the WAL
// (decision 0021). If the worker ever fell far behind, the writer's own checkpoint at a larger size
// still bounds the WAL.

/** How often the worker checkpoints; at a claim rush's pace a few thousand WAL pages pile up meanwhile. */
const INTERVAL_MS = 100;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
// A checkpoint copies pages through its own buffers; this connection needs no page cache to speak of.
db.pragma('cache_size = -512');
const checkpoint = db.prepare('pragma wal_checkpoint(PASSIVE)');
const timer = setInterval(() => {
  try {
    checkpoint.all();
  } catch (error) {
    parentPort.postMessage(String(error));
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export type Checkpointer = { stop(): Promise<void> };

/** Starts checkpointing `file` from a worker thread; stop() ends it (before the database closes). */
export function checkpointInBackground(file: string, onError: (message: string) => void): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver, file, intervalMs: INTERVAL_MS },
  });
  worker.unref();
  worker.on('message', (message: string) => onError(message));
  worker.on('error', (error) => onError(String(error)));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      worker.postMessage('stop');
      const timeout = setTimeout(() => void worker.terminate(), 2000);
      await exited;
      clearTimeout(timeout);
    },
  };
}
