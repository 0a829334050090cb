import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { failureMessage, request } from './request';

// A real HTTP server stands in for the store: the first answers are whatever `bodies` says, in turn.
let server: Server | undefined;
async function serve(bodies: string[], status = 200) {
  const seen: number[] = [];
  server = createServer((_request, response) => {
    seen.push(performance.now());
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(bodies[Math.min(seen.length - 1, bodies.length - 1)]);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/data`, seen };
}
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

test('DP-019 an answer that does not parse is fetched again once, 200 ms later', async () => {
  const { url, seen } = await serve(['<html>Bad gateway', '{"items":3}']);
  expect(await request(url)).toEqual({ ok: true, status: 200, answer: { items: 3 } });
  expect(seen).toHaveLength(2);
  expect((seen[1] ?? 0) - (seen[0] ?? 0)).toBeGreaterThanOrEqual(195);
});

test('DP-019 a second answer that does not parse is a failure, with no third try', async () => {
  const { url, seen } = await serve(['{"items":', '{"items":']);
  expect(await request(url)).toEqual({ ok: false, status: 200, refusal: null });
  expect(seen).toHaveLength(2);
});

test('an answer that parses is not fetched again; an unreachable server answers status 0', async () => {
  const { url, seen } = await serve(['{"items":1}']);
  expect(await request(url)).toEqual({ ok: true, status: 200, answer: { items: 1 } });
  expect(seen).toHaveLength(1);
  expect(await request('http://127.0.0.1:9/nothing-listens-here')).toEqual({
    ok: false,
    status: 0,
    refusal: null,
  });
});

test('a refusal carries its body; a POST whose answer does not parse is not sent again', async () => {
  const refused = await serve(
    ['{"error":{"code":"above_max_order_quantity","message":"limited to 10"}}'],
    422,
  );
  const result = await request(refused.url, { method: 'POST', json: { items: [] } });
  expect(result).toEqual({
    ok: false,
    status: 422,
    refusal: { error: { code: 'above_max_order_quantity', message: 'limited to 10' } },
  });
  expect(failureMessage(result as { status: number; refusal: unknown })).toBe('limited to 10');
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  const garbled = await serve(['{"items":']);
  expect(await request(garbled.url, { method: 'POST', json: {} })).toEqual({
    ok: false,
    status: 200,
    refusal: null,
  });
  expect(garbled.seen).toHaveLength(1);
});

test('an empty answer is an answer of null, not a parse failure', async () => {
  const { url, seen } = await serve(['']);
  expect(await request(url)).toEqual({ ok: true, status: 200, answer: null });
  expect(seen).toHaveLength(1);
});

test('a write whose answer is lost is sent again with the same idempotency key; a read has none', async () => {
  const keys: (string | undefined)[] = [];
  server = createServer((incoming, response) => {
    keys.push(incoming.headers['idempotency-key'] as string | undefined);
    // The first try reaches the store, and its answer is lost on the way back.
    if (keys.length === 1) return incoming.socket.destroy();
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"added":1}');
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/write`;
  expect(await request(url, { method: 'POST', json: { items: [] } })).toEqual({
    ok: true,
    status: 200,
    answer: { added: 1 },
  });
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
  await request(url);
  expect(keys[2]).toBeUndefined();
});

test('a write the store is still answering for an earlier try (409, Retry-After 1) is asked again', async () => {
  let tries = 0;
  server = createServer((_incoming, response) => {
    tries++;
    response.writeHead(409, { 'content-type': 'application/json', 'retry-after': '1' });
    response.end('{"error":{"code":"idempotency_key_in_use","message":"still being answered"}}');
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/write`;
  const result = await request(url, { method: 'POST', json: {} });
  expect(result.status).toBe(409);
  expect(tries).toBe(2);
});

test('a write that times out is not sent again: the time-out is the call’s give-up time', async () => {
  let tries = 0;
  server = createServer(() => {
    tries++;
    // Never answers.
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/write`;
  expect(await request(url, { method: 'POST', json: {}, timeoutMs: 300 })).toEqual({
    ok: false,
    status: 0,
    refusal: null,
  });
  expect(tries).toBe(1);
  server.closeAllConnections();
});
