import type { FastifyError, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/database-faults';

/** Seconds a client is asked to wait before retrying when the database is out of reach. */
const DATABASE_RETRY_AFTER_S = 2;

export function sendError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  field?: string,
) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ error: { code, message, ...(field ? { field } : {}) } });
}

/**
 * Every failure answers `{ error: { code, message, field? } }`; a 5xx never shows a stack trace. A
 * database out of reach (a lost connection, a restart, SQLite locked too long) is 503 with Retry-After.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issue = error.validation[0];
        const path = issue?.instancePath?.replace(/^\//, '').replaceAll('/', '.') ?? '';
        const where = error.validationContext ?? 'request';
        const field =
          path || (issue?.params as { issue?: { path?: unknown[] } } | undefined)?.issue?.path?.join('.');
        const message = `${where}${field ? `.${field}` : ''}: ${issue?.message ?? 'is invalid'}`;
        return sendError(reply, 400, 'invalid_request', message, field || undefined);
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return sendError(reply, status, (error.code ?? 'bad_request').toLowerCase(), error.message);
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
        return sendError(
          reply,
          503,
          'database_unavailable',
          'the store cannot reach its database right now; please try again in a moment',
        );
      }
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, 500, 'internal_error', 'something went wrong on our side; please try again');
    });
  },
  { name: 'errors' },
);
