import type { FastifyInstance } from 'fastify';
import { errorResponse } from '../../../shared/contracts/common';

// What the trade-in route files share (decision 0052).

export const tags = ['trade-in'];
export const errors = {
  400: errorResponse,
  401: errorResponse,
  404: errorResponse,
  409: errorResponse,
  422: errorResponse,
};
export const HTML_AS_DATA =
  'The spec answers HTML; this store answers the data the view renders (decision 0052). Signed out: 401.';

/** Every trade-in answer is uncached. */
export function noStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/tradein/hzw/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
}
