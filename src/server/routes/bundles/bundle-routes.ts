import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BUNDLES_DRAWER_PATH,
  bundleAddRequest,
  bundleAddResponse,
  bundlesDrawerQuery,
  bundlesDrawerResponse,
  bundlesSliceResponse,
} from '../../../shared/contracts/bundles';
import { errorResponse, marketplaceParams, productParams } from '../../../shared/contracts/common';
import { DEFAULT_MARKETPLACE_ID, marketplaceById } from '../../../shared/marketplaces';
import { toPrice } from '../../../shared/money/price-format';
import { addBundleToCart } from '../../services/bundles/add-bundle';
import { bundlesDrawer, bundlesSlice } from '../../services/bundles/bundle-drawer';
import { sendRefusal } from '../refusal-status';

const MESSAGES = {
  unknown_marketplace: 'unknown marketplaceId',
  unknown_product: 'no product with this asin',
} as const;

export const bundleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/marketplaces/:marketplaceId/products/:asin/page-slices/bundles',
    {
      schema: {
        tags: ['bundles'],
        summary: "The product page's deferred bundles slice: the ingress card's teaser",
        description: 'Loaded after first paint. bundles is null when the product offers none.',
        params: productParams,
        response: { 200: bundlesSliceResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const result = await bundlesSlice(app.store.db, request.params.marketplaceId, request.params.asin);
      if (!result.found) return sendRefusal(reply, { code: result.reason, message: MESSAGES[result.reason] });
      return { type: 'page-slice.bundles/v1' as const, bundles: result.value };
    },
  );

  app.post(
    BUNDLES_DRAWER_PATH,
    {
      schema: {
        tags: ['bundles'],
        summary: 'The bundles side sheet for a product (BDL-019)',
        description:
          'Answers the data the drawer shows: the bundle card state and each bundle with its components as product entities, and whether it is in the cart.',
        querystring: bundlesDrawerQuery,
        response: { 200: bundlesDrawerResponse, 400: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const result = await bundlesDrawer(app.store.db, {
        marketplaceId: DEFAULT_MARKETPLACE_ID,
        asin: request.query.asin,
        owner: await request.session.cartOwner(),
        csrfToken: request.session.csrfToken,
        sessionId: request.session.id,
      });
      if (!result.found) {
        return sendRefusal(reply, { code: result.reason, message: MESSAGES[result.reason], field: 'asin' });
      }
      reply.header('cache-control', 'private, no-store');
      return result.value;
    },
  );

  app.post(
    '/api/marketplaces/:marketplaceId/cart/carts/retail/bundles',
    {
      config: { requireSlateToken: true },
      schema: {
        tags: ['bundles', 'cart'],
        summary: 'Adds a bundle to the retail cart, every component or none (BDL-011, BDL-017)',
        description:
          'Quantity is always 1. A bundle already in the cart is refused with 409 bundle_in_cart; a component short of stock or over its limit refuses the whole bundle with 422. Needs x-csrf-token and x-encrypted-slate-token.',
        params: marketplaceParams,
        body: bundleAddRequest,
        response: {
          200: bundleAddResponse,
          400: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
          422: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const marketplace = marketplaceById(request.params.marketplaceId);
      if (!marketplace) {
        const message = MESSAGES.unknown_marketplace;
        return sendRefusal(reply, { code: 'unknown_marketplace', message, field: 'marketplaceId' });
      }
      const result = await addBundleToCart(
        app.store.db,
        await request.session.cartOwner(),
        marketplace.marketplaceId,
        request.body.bundleId,
        app.clock(),
      );
      app.metrics.cartAdds.inc({ api: 'bundle', outcome: result.ok ? 'added' : result.refusal.code });
      if (!result.ok) return sendRefusal(reply, result.refusal);
      return {
        type: 'cart.add-bundle/v1' as const,
        entity: {
          bundleId: result.bundleId,
          items: result.items,
          saving: toPrice(result.savingMinor, result.currencyCode, marketplace.priceFormat),
          count: { type: 'cart.count/v1' as const, entity: { items: result.count } },
        },
      };
    },
  );
};
