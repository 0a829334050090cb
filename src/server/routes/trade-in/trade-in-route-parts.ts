import type { FastifyInstance, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { errorResponse } from '../../../shared/contracts/common';
import type { Customer } from '../../db/repositories/session-repository';
import type { Database } from '../../db/schema';
import type { Outcome, TradeInLog } from '../../services/trade-in/trade-in';
import { sendRefusal } from '../refusal-status';

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

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * A signed-in trade-in view: GET `path` with `querystring`, answered by `load` with the view's data, or
 * with the refusal's status (401 signed out, 404 an unknown device…).
 */
export function viewRoute<Query extends z.ZodType, View extends z.ZodType>(
  app: ZodApp,
  path: string,
  schema: { summary: string; description?: string; querystring: Query; view: View },
  load: (
    db: Kysely<Database>,
    customer: Customer | null,
    query: z.output<Query>,
    log: TradeInLog,
  ) => Promise<Outcome<z.output<View>>>,
): void {
  const { view, ...doc } = schema;
  // Typed by this helper's signature: Fastify still checks the query against `querystring` and the
  // answer against `view`, as for any route.
  const routeSchema: FastifySchema = { tags, ...doc, response: { 200: view, ...errors } };
  app.get(path, { schema: routeSchema }, async (request, reply) => {
    const outcome = await load(
      app.store.db,
      await request.session.customer(),
      request.query as z.output<Query>,
      request.log,
    );
    return outcome.ok ? outcome.value : sendRefusal(reply, outcome.refusal);
  });
}
