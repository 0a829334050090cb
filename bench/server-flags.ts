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
