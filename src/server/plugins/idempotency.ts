import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  decideIdempotentRequest,
  IDEMPOTENCY_KEY_TTL_MS,
  keepsAnswer,
  parseIdempotencyKey,
} from '../../domain/idempotency/idempotency-key';
import {
  dropIdempotencyKeysBefore,
  findIdempotencyRecord,
  keepIdempotentAnswer,
  releaseIdempotencyKey,
  retakeIdempotencyKey,
  takeIdempotencyKey,
} from '../db/repositories/idempotency-repository';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** A plain HTML form carries its one-time key as this field (the header's stand-in). */
const IDEMPOTENCY_FORM_FIELD = 'idempotencyKey';
const TAKEN_KEY = Symbol('idempotency key');
const SWEEP_EVERY_MS = 60 * 60 * 1000;

type KeyId = { scope: string; key: string };
/** A key this request took; `resumed` when its first try died after its write committed. */
type TakenKey = KeyId & { resumed?: true };

/**
 * The plugin's refusals, sent as text already serialized: a route's own schema for the same status
 * (the cart add's 422 carries the cart count) is not theirs to follow. The OpenAPI document gives
 * every write both shapes (plugins/openapi.ts).
 */
function refuse(reply: FastifyReply, status: 400 | 409 | 422, code: string, message: string) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ error: { code, message, field: 'Idempotency-Key' } }));
}

declare module 'fastify' {
  interface FastifyRequest {
    [TAKEN_KEY]?: TakenKey;
  }
}

/**
 * The idempotency key this request took (header or form field) and its scope (the session), for a write
 * that records what it did in its own transaction (services/request-effect.ts); undefined when it came
 * without one.
 */
export function takenKeyOf(request: FastifyRequest): TakenKey | undefined {
  return request[TAKEN_KEY];
}

/** The key alone, for an order, which records it per customer (place-order). */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  return request[TAKEN_KEY]?.key;
}

function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (typeof header === 'string') return header;
  const body = request.body as Record<string, unknown> | null | undefined;
  const field = body && typeof body === 'object' ? body[IDEMPOTENCY_FORM_FIELD] : undefined;
  return typeof field === 'string' ? field : undefined;
}

/** The request a key was first used for: its method, path and query, and body. */
function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('base64url');
}

/**
 * Idempotency keys on every write (the IETF httpapi-idempotency-key draft): a write that brings an
 * `Idempotency-Key` header (or a form's `idempotencyKey` field) is done once per key and session; the
 * same key and request again gets the kept answer, a key used for another request 422, a key whose
 * first request is still running 409. Keys last 24 hours. Registered after the CSRF check, so a replay
 * needs the session's token like the first try; `keepIdempotentAnswersPlugin` keeps the answers.
 */
export const idempotencyKeysPlugin = fp(
  async (app) => {
    let lastSweep = 0;

    app.addHook('preValidation', async (request, reply) => {
      if (!WRITES.has(request.method)) return;
      const raw = keyOf(request);
      if (raw === undefined) return;
      const key = parseIdempotencyKey(raw);
      if (key === null) {
        return refuse(
          reply,
          400,
          'invalid_idempotency_key',
          'Idempotency-Key must be 1 to 255 printable characters',
        );
      }
      const db = app.store.db;
      const now = app.clock();
      if (now - lastSweep >= SWEEP_EVERY_MS) {
        lastSweep = now;
        dropIdempotencyKeysBefore(db, now - IDEMPOTENCY_KEY_TTL_MS).catch((err) =>
          request.log.warn({ err }, 'could not drop old idempotency keys'),
        );
      }
      const id = { scope: request.session.rowId, key };
      const fingerprint = fingerprintOf(request);
      // Twice at most: a record found expired (or abandoned) is dropped and the key taken anew.
      for (let attempt = 0; attempt < 2; attempt++) {
        if (await takeIdempotencyKey(db, { ...id, fingerprint, now })) {
          request[TAKEN_KEY] = id;
          return;
        }
        const decision = decideIdempotentRequest(await findIdempotencyRecord(db, id), fingerprint, now);
        if (decision.kind === 'first') {
          await releaseIdempotencyKey(db, id);
          continue;
        }
        if (decision.kind === 'resume') {
          // Its process died after the write committed: the write finds its recorded effect and answers.
          if (await retakeIdempotencyKey(db, { ...id, takenAt: decision.takenAt, now })) {
            request[TAKEN_KEY] = { ...id, resumed: true };
            return;
          }
          continue;
        }
        if (decision.kind === 'other-request') {
          return refuse(
            reply,
            422,
            'idempotency_key_reused',
            'this Idempotency-Key was already used for another request',
          );
        }
        if (decision.kind === 'in-progress') {
          reply.header('retry-after', '1');
          return refuse(
            reply,
            409,
            'idempotency_key_in_use',
            'a request with this Idempotency-Key is still being answered; try again in a moment',
          );
        }
        const { answer } = decision;
        reply.code(answer.status).header('idempotent-replayed', 'true');
        if (answer.location) reply.header('location', answer.location);
        if (answer.contentType) reply.type(answer.contentType);
        return reply.send(answer.body);
      }
      return refuse(reply, 409, 'idempotency_key_in_use', 'this Idempotency-Key is busy; try again');
    });
  },
  { name: 'idempotency-keys', dependencies: ['idempotent-answers', 'csrf'] },
);

/**
 * Keeps the answer of a request that took an idempotency key (idempotencyKeysPlugin), or lets the key
 * go when the answer may not be replayed. Registered before compression, so the kept answer is the
 * plain one, whatever encoding the retry asks for.
 */
export const keepIdempotentAnswersPlugin = fp(
  async (app) => {
    app.decorateRequest(TAKEN_KEY, undefined);
    app.addHook('onSend', async (request, reply, payload) => {
      const id = request[TAKEN_KEY];
      if (!id) return payload;
      request[TAKEN_KEY] = undefined;
      const body =
        payload === null || payload === undefined
          ? ''
          : typeof payload === 'string'
            ? payload
            : Buffer.isBuffer(payload)
              ? payload.toString('utf8')
              : null;
      const status = reply.statusCode;
      if (body === null || !keepsAnswer(status)) {
        await releaseIdempotencyKey(app.store.db, id);
        return payload;
      }
      const contentType = reply.getHeader('content-type');
      const location = reply.getHeader('location');
      await keepIdempotentAnswer(app.store.db, {
        ...id,
        answer: {
          status,
          contentType: typeof contentType === 'string' ? contentType : null,
          location: typeof location === 'string' ? location : null,
          body,
        },
      });
      return payload;
    });
  },
  { name: 'idempotent-answers' },
);
