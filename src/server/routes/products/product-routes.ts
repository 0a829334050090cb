import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../shared/contracts/common';
import { productQuery, productResponse } from '../../../shared/contracts/products';
import { type Marketplace, marketplaceById } from '../../../shared/marketplaces';
import { deviceOf } from '../../plugins/device';
import { sendError } from '../../plugins/errors';
import { withDealDetails } from '../../services/deals/deal-view';
import { readProduct } from '../../services/products/product-view';

const MESSAGES = {
  unknown_marketplace: 'unknown marketplaceId',
  unknown_product: 'no product with this asin',
  no_such_page: 'no quantity pricing tiers on this page',
} as const;

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = app.productCache;

  app.get(
    '/api/marketplaces/:marketplaceId/products/:asin',
    {
      schema: {
        tags: ['products'],
        summary: 'A product with its buying options and the requested expansions',
        params: z.object({ marketplaceId: z.string().min(1).max(20), asin: z.string().min(1).max(20) }),
        querystring: productQuery,
        response: { 200: productResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const { marketplaceId, asin } = request.params;
      // DEAL-036: deal answers carry the caller's own status, so they never share the cache.
      if (request.query.buyingOptionTypes?.includes('LIGHTNING_DEAL')) {
        const result = await readProduct(app.store.db, marketplaceId, asin, request.query);
        if (!result.found) return sendError(reply, 404, result.reason, MESSAGES[result.reason]);
        const customer = await request.session.customer();
        reply.header('cache-control', 'private, no-store');
        return withDealDetails(app.store.db, result.body, marketplaceById(marketplaceId) as Marketplace, {
          owner: await request.session.cartOwner(),
          shopper: { hasPrimeSavingsBenefit: customer?.isPrime === true },
          device: deviceOf(request),
          now: app.clock(),
        });
      }
      const key = `${marketplaceId}|${asin}|${request.url.split('?')[1] ?? ''}`;
      const cached = cache.get(key);
      // A string with a JSON content type goes out as it is, without serializing again.
      if (cached) return reply.type('application/json; charset=utf-8').send(cached as never);
      const result = await readProduct(app.store.db, marketplaceId, asin, request.query);
      if (!result.found) return sendError(reply, 404, result.reason, MESSAGES[result.reason]);
      cache.set(key, JSON.stringify(result.body));
      return result.body;
    },
  );
};
