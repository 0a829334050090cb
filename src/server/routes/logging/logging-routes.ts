import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../shared/contracts/common';
import {
  loggedResponse,
  metricEventsRequest,
  metricEventsResponse,
  refMarkerQuery,
  refTagLogParams,
} from '../../../shared/contracts/logging';

// Label values come from the page, so only the first MAX_SERIES pairs get a series of their own.
const MAX_SERIES = 200;

export const loggingRoutes: FastifyPluginAsyncZod = async (app) => {
  const seen = new Set<string>();
  const boundedLabels = (schemaId: string, producerId: string) => {
    const key = `${schemaId} ${producerId}`;
    if (seen.has(key) || seen.size < MAX_SERIES) {
      seen.add(key);
      return { schemaId, producerId };
    }
    return { schemaId: 'other', producerId: 'other' };
  };

  app.get(
    '/hctp/log/refMarker',
    {
      schema: {
        tags: ['logging'],
        summary: 'Logs a reference tag (LOG-006)',
        querystring: refMarkerQuery,
        response: { 200: loggedResponse, 400: errorResponse },
      },
    },
    async (request) => {
      app.metrics.refMarkers.inc({ logger: 'hctp' });
      request.log.info({ refTag: request.query.ref_, sessionId: request.session.id }, 'ref marker');
      return { logged: true as const };
    },
  );

  app.post(
    '/gp/digital/fiona/ajax/log.html/ref=:tag',
    {
      schema: {
        tags: ['logging'],
        summary: 'Alternate reference tag logger (LOG-007)',
        params: refTagLogParams,
        response: { 200: loggedResponse, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      app.metrics.refMarkers.inc({ logger: 'fiona' });
      request.log.info({ refTag: request.params.tag, sessionId: request.session.id }, 'ref marker');
      return { logged: true as const };
    },
  );

  app.post(
    '/api/metrics/events',
    {
      schema: {
        tags: ['logging'],
        summary: 'Metric events from the page, each with schema and producer ids (LOG-008)',
        body: metricEventsRequest,
        response: { 200: metricEventsResponse, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      for (const event of request.body.events) {
        app.metrics.clientEvents.inc(boundedLabels(event.schemaId, event.producerId));
      }
      request.log.debug({ events: request.body.events }, 'metric events');
      return { accepted: request.body.events.length };
    },
  );
};
