/**
 * The Node flags the server runs with, as `npm start` passes them (package.json): a young generation
 * of at most 4 MB per semi-space (V8 grows it to 16 MB under load by default), which keeps the process
 * small under sustained traffic (decision 0021).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];

/**
 * The environment `npm start` gives the server beside its own settings: glibc's malloc keeps at most
 * two arenas, where by default each thread that allocates under contention (the checkpoint worker,
 * libuv's pool) gets its own, and memory freed in one is not reused by another (decision 0021).
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };
