import type { FastifyError, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

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

/** Every failure answers `{ error: { code, message, field? } }`; a 5xx never shows a stack trace. */
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
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, 500, 'internal_error', 'something went wrong on our side; please try again');
    });
  },
  { name: 'errors' },
);
