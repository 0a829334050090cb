import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../shared/contracts/common';
import { accessoriesSliceResponse } from '../../../shared/contracts/page-slices';
import { productQuery, productResponse } from '../../../shared/contracts/products';
import { type Marketplace, marketplaceById } from '../../../shared/marketplaces';
import { compressOnce } from '../../plugins/compress-in-memory';
import { deviceOf } from '../../plugins/device';
import { sendError } from '../../plugins/errors';
import { knownAnonymous } from '../../plugins/session';
import { withDealDetails } from '../../services/deals/deal-view';
import { accessoriesSliceFor } from '../../services/products/product-page';
import { ANONYMOUS_VIEWER, type ProductViewer, readProduct } from '../../services/products/product-view';

const MESSAGES = {
  unknown_marketplace: 'unknown marketplaceId',
  unknown_product: 'no product with this asin',
  no_such_page: 'no quantity pricing tiers on this page',
} as const;

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = app.productCache;
  const viewerOf = async (request: {
    session: { customer(): Promise<{ id: string; isBusiness: boolean } | null> };
  }): Promise<ProductViewer> => {
    const customer = await request.session.customer();
    return { business: customer?.isBusiness === true, customerId: customer?.id ?? null };
  };

  // A shared answer is kept under the URL exactly as it came (path and query), so a repeat of that URL
  // is answered before its params and query are parsed again: they would parse to the same values, and
  // no per-shopper state goes into a shared answer. The app's own hooks (security headers, session
  // cookie, metrics, compression) still run; only validation, the CSRF pass-through and the handler
  // are skipped (issue 11).
  app.get(
    '/api/marketplaces/:marketplaceId/products/:asin',
    {
      onRequest: (request, reply, done) => {
        const cached = cache.enabled ? cache.get(request.url) : undefined;
        if (cached) reply.type('application/json; charset=utf-8').send(cached as never);
        else done();
      },
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
        const customer = await request.session.customer();
        const result = await readProduct(app.store.db, marketplaceId, asin, request.query, {
          business: customer?.isBusiness === true,
          customerId: customer?.id ?? null,
        });
        if (!result.found) return sendError(reply, 404, result.reason, MESSAGES[result.reason]);
        reply.header('cache-control', 'private, no-store');
        return withDealDetails(app.store.db, result.body, marketplaceById(marketplaceId) as Marketplace, {
          owner: await request.session.cartOwner(),
          shopper: { hasPrimeSavingsBenefit: customer?.isPrime === true },
          device: deviceOf(request),
          now: app.clock(),
        });
      }
      // Only answers that are the same for everyone are cached: never a priced quantity (it carries the
      // caller's coupon) and never a product with business-only offers (only business customers see them).
      const shared = request.query.itemQuantity === undefined;
      // A first visit's token has no signed-in customer: no session object to build (issue 11).
      const viewer = knownAnonymous(request) ? ANONYMOUS_VIEWER : await viewerOf(request);
      const result = await readProduct(app.store.db, marketplaceId, asin, request.query, viewer);
      if (!result.found) return sendError(reply, 404, result.reason, MESSAGES[result.reason]);
      if (!shared || result.businessOffers) reply.header('cache-control', 'private, no-store');
      // Bytes with a JSON content type go out as they are: no serializing, no UTF-8 encoding again.
      else if (cache.enabled) cache.set(request.url, compressOnce(Buffer.from(JSON.stringify(result.body))));
      return result.body;
    },
  );

  app.get(
    '/api/marketplaces/:marketplaceId/products/:asin/page-slices/accessories',
    {
      schema: {
        tags: ['products'],
        summary: "The product page's deferred accessory upsells slice (ACC-001..005)",
        description:
          'The page calls this after first paint when its server left the slice out. accessories is null when the product offers none.',
        params: z.object({ marketplaceId: z.string().min(1).max(20), asin: z.string().min(1).max(20) }),
        response: { 200: accessoriesSliceResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const { marketplaceId, asin } = request.params;
      const result = await accessoriesSliceFor(app.store.db, marketplaceId, asin);
      if (!result.found) return sendError(reply, 404, result.reason, MESSAGES[result.reason]);
      return { type: 'page-slice.accessories/v1' as const, accessories: result.accessories };
    },
  );
};
