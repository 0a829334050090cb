import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { getJson } from './get-json';

// A real HTTP server stands in for the store: the first answers are whatever `bodies` says, in turn.
let server: Server | undefined;
async function serve(bodies: string[]) {
  const seen: number[] = [];
  server = createServer((_request, response) => {
    seen.push(performance.now());
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(bodies[Math.min(seen.length - 1, bodies.length - 1)]);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/data`, seen };
}
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

test('DP-019 an answer that does not parse is fetched again once, 200 ms later', async () => {
  const { url, seen } = await serve(['<html>Bad gateway', '{"items":3}']);
  expect(await getJson(url)).toEqual({ ok: true, status: 200, body: { items: 3 } });
  expect(seen).toHaveLength(2);
  expect((seen[1] ?? 0) - (seen[0] ?? 0)).toBeGreaterThanOrEqual(195);
});

test('DP-019 a second answer that does not parse is a failure, with no third try', async () => {
  const { url, seen } = await serve(['{"items":', '{"items":']);
  expect(await getJson(url)).toEqual({ ok: false, status: 200 });
  expect(seen).toHaveLength(2);
});

test('an answer that parses is not fetched again; an unreachable server answers status 0', async () => {
  const { url, seen } = await serve(['{"items":1}']);
  expect(await getJson(url)).toEqual({ ok: true, status: 200, body: { items: 1 } });
  expect(seen).toHaveLength(1);
  expect(await getJson('http://127.0.0.1:9/nothing-listens-here')).toEqual({ ok: false, status: 0 });
});
