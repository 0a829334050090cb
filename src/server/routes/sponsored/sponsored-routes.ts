import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, productParams } from '../../../shared/contracts/common';
import {
  AD_EVENTS_PATH,
  adClickParams,
  adClickQuery,
  adClickResponse,
  adEventsRequest,
  adEventsResponse,
  carouselQuery,
  carouselResponse,
} from '../../../shared/contracts/sponsored';
import { recordAdClick, recordAdViews } from '../../services/sponsored/ad-events';
import { sponsoredCarousel } from '../../services/sponsored/carousel';
import { sendRefusal } from '../refusal-status';

export const sponsoredRoutes: FastifyPluginAsyncZod = async (app) => {
  // A page that is going away sends its last views with navigator.sendBeacon, whose JSON body can only
  // be text/plain (a JSON type would need a preflight a beacon cannot make). In this plugin only,
  // text/plain bodies are read as JSON.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

  app.get(
    '/api/marketplaces/:marketplaceId/products/:asin/sponsored-products',
    {
      schema: {
        tags: ['sponsored products'],
        summary: 'A page of the sponsored-products carousel on a product page (ADS-006, ADS-010)',
        description:
          'pg, tot, start, num (capped at 30), cc and oData; the first page starts a page view, whose oData later pages send back. Ads come from the inventory, highest bid first.',
        params: productParams,
        querystring: carouselQuery,
        response: { 200: carouselResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const result = await sponsoredCarousel(app.store.db, {
        marketplaceId: request.params.marketplaceId,
        asin: request.params.asin,
        query: request.query,
      });
      if (!result.ok) return sendRefusal(reply, result.refusal);
      reply.header('cache-control', 'private, no-store');
      return result.value;
    },
  );

  app.post(
    AD_EVENTS_PATH,
    {
      schema: {
        tags: ['sponsored products'],
        summary: 'A batch of ad view events (ADS-003, ADS-004)',
        description:
          'Body {events:[{data}]}. Each view is stored once per ad and page view, so a batch sent twice counts once. The CSRF token may ride in the body (csrfToken) and the body may be text/plain, for navigator.sendBeacon.',
        body: adEventsRequest,
        response: { 200: adEventsResponse, 400: errorResponse, 403: errorResponse, 422: errorResponse },
      },
    },
    async (request, reply) => {
      const result = await recordAdViews(
        app.store.db,
        request.body.events.map((event) => event.data),
        app.clock(),
      );
      if (!result.ok) {
        const message = `no ad ${result.adId} in the inventory`;
        return sendRefusal(reply, { code: 'unknown_ad_event', message, field: 'events' });
      }
      return { accepted: result.accepted, counted: result.counted };
    },
  );

  app.post(
    '/api/sponsored-products/ads/:adId/clicks',
    {
      schema: {
        tags: ['sponsored products'],
        summary: "An ad's click URL: logs a click (ADS-005)",
        description: 'Stored once per ad and page view (qualifier).',
        params: adClickParams,
        querystring: adClickQuery,
        response: { 200: adClickResponse, 400: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const result = await recordAdClick(
        app.store.db,
        { adId: request.params.adId, ...request.query },
        app.clock(),
      );
      if (!result.ok) {
        const message = `no ad ${request.params.adId}`;
        return sendRefusal(reply, { code: 'unknown_ad', message, field: 'adId' });
      }
      return { counted: result.counted };
    },
  );
};
