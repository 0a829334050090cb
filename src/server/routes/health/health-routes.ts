import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthDown, healthUp } from '../../../shared/contracts/health';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness and database check',
        response: {
          200: healthUp,
          503: healthDown,
        },
      },
    },
    async (_request, reply) => {
      if (await app.store.ping()) return { status: 'ok' as const, database: 'up' as const };
      return reply.code(503).send({ status: 'degraded' as const, database: 'down' as const });
    },
  );
};
