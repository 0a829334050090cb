import { expect, test } from 'vitest';
import {
  decideIdempotentRequest,
  IDEMPOTENCY_KEY_TTL_MS,
  keepsAnswer,
  parseIdempotencyKey,
} from './idempotency-key';

test('a key is a structured-field string or a bare token of printable characters', () => {
  expect(parseIdempotencyKey('"8e03978e-40d5-43e8-bc93-6894a57f9324"')).toBe(
    '8e03978e-40d5-43e8-bc93-6894a57f9324',
  );
  expect(parseIdempotencyKey('abc123')).toBe('abc123');
  expect(parseIdempotencyKey('')).toBeNull();
  expect(parseIdempotencyKey('""')).toBeNull();
  expect(parseIdempotencyKey('a"b')).toBeNull();
  expect(parseIdempotencyKey('é')).toBeNull();
  expect(parseIdempotencyKey('k'.repeat(256))).toBeNull();
});

test('a record decides: first, replay, in progress, another request; expired and abandoned ones run again', () => {
  const answer = { status: 200, contentType: 'application/json', location: null, body: '{}' };
  const now = 1_000_000_000;
  expect(decideIdempotentRequest(null, 'f', now)).toEqual({ kind: 'first' });
  expect(
    decideIdempotentRequest({ fingerprint: 'f', createdAt: now, effectRecorded: false, answer }, 'f', now),
  ).toEqual({
    kind: 'replay',
    answer,
  });
  expect(
    decideIdempotentRequest({ fingerprint: 'f', createdAt: now, effectRecorded: false, answer }, 'g', now),
  ).toEqual({
    kind: 'other-request',
  });
  expect(
    decideIdempotentRequest(
      { fingerprint: 'f', createdAt: now, effectRecorded: false, answer: null },
      'f',
      now + 1000,
    ),
  ).toEqual({ kind: 'in-progress' });
  expect(
    decideIdempotentRequest(
      { fingerprint: 'f', createdAt: now, effectRecorded: false, answer: null },
      'f',
      now + 60_000,
    ),
  ).toEqual({ kind: 'first' });
  expect(
    decideIdempotentRequest(
      { fingerprint: 'f', createdAt: now, effectRecorded: false, answer },
      'g',
      now + IDEMPOTENCY_KEY_TTL_MS,
    ),
  ).toEqual({ kind: 'first' });
});

test('a request whose process died after its write committed is resumed, not run again', () => {
  const now = 1_000_000_000;
  const died = { fingerprint: 'f', createdAt: now, effectRecorded: true, answer: null };
  expect(decideIdempotentRequest(died, 'f', now + 1000)).toEqual({ kind: 'in-progress' });
  expect(decideIdempotentRequest(died, 'f', now + 60_000)).toEqual({ kind: 'resume', takenAt: now });
  expect(decideIdempotentRequest(died, 'g', now + 60_000)).toEqual({ kind: 'other-request' });
  expect(decideIdempotentRequest(died, 'f', now + IDEMPOTENCY_KEY_TTL_MS)).toEqual({ kind: 'first' });
});

test('answers that settle the request are kept; those a retry may get past are not', () => {
  expect([200, 201, 303, 400, 404, 422].every(keepsAnswer)).toBe(true);
  expect([409, 429, 500, 503].some(keepsAnswer)).toBe(false);
});
