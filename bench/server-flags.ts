/**
 * The Node flags the server runs with, as `npm start` passes them (package.json): a young generation
 * of at most 4 MB per semi-space (V8 grows it to 16 MB under load by default), which keeps the process
 * small under sustained traffic (decision 0021).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];
