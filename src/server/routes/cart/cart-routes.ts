import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CART_ADD_ITEMS_RESPONSE_TYPE } from '../../../shared/cart-constants';
import {
  addItemsQuery,
  addItemsRefusal,
  addItemsRequest,
  addItemsResponse,
  cartCount,
  cartItemsResponse,
  cartSummaryResponse,
  cartTypesQuery,
} from '../../../shared/contracts/cart';
import { errorResponse, marketplaceParams } from '../../../shared/contracts/common';
import { type Marketplace, marketplaceById } from '../../../shared/marketplaces';
import type { CartType } from '../../db/repositories/cart-repository';
import { takenKeyOf } from '../../plugins/idempotency';
import { addToRetailCart, cartItems, cartSummary, cartUnits } from '../../services/cart/cart-api';
import { shopperZip } from '../delivery/shopper-zip';
import { refusalStatus, sendRefusal } from '../refusal-status';
import { cartFormRoutes } from './cart-form-routes';

const typesOf = (query: { cartTypes?: CartType | undefined; filter?: CartType | undefined }): CartType[] => {
  const only = query.cartTypes ?? query.filter;
  return only ? [only] : ['RETAIL', 'FRESH'];
};

/** The cart API (CART-035): add to the retail cart, the count, the lines and the summary; and the legacy form. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const marketplaceOr404 = (id: string, reply: FastifyReply): Marketplace | undefined => {
    const marketplace = marketplaceById(id);
    if (!marketplace) {
      sendRefusal(reply, {
        code: 'unknown_marketplace',
        message: `unknown marketplaceId ${id}`,
        field: 'marketplaceId',
      });
    }
    return marketplace;
  };

  app.post(
    '/api/marketplaces/:marketplaceId/cart/carts/retail/items',
    {
      config: { requireSlateToken: true },
      schema: {
        tags: ['cart'],
        summary: 'Adds items to the retail cart (CART-035)',
        description:
          'Send content type cart.add-items.request/v1, accept cart.add-items/v1, x-csrf-token and x-encrypted-slate-token.',
        params: marketplaceParams,
        querystring: addItemsQuery,
        body: addItemsRequest,
        response: {
          200: addItemsResponse,
          400: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
          415: errorResponse,
          422: addItemsRefusal,
        },
      },
      preValidation: async (request, reply) => {
        const type = request.headers['content-type'] ?? '';
        if (
          type.startsWith('application/vnd.com.amazon.api+json') &&
          !type.includes('cart.add-items.request/v1')
        ) {
          return sendRefusal(reply, {
            code: 'unsupported_media_type',
            message: 'content type must be cart.add-items.request/v1',
          });
        }
      },
    },
    async (request, reply) => {
      const marketplace = marketplaceOr404(request.params.marketplaceId, reply);
      if (!marketplace) return reply;
      const result = await addToRetailCart(app.store.db, {
        owner: await request.session.cartOwner(),
        marketplaceId: marketplace.marketplaceId,
        items: request.body.items,
        now: app.clock(),
        zip: await shopperZip(request),
        requestKey: takenKeyOf(request),
      });
      app.metrics.cartAdds.inc({ api: 'cart-api', outcome: result.ok ? 'added' : result.refusal.code });
      const count = { type: 'cart.count/v1' as const, entity: { items: result.count } };
      // OFR-013: a refused line (422) still tells the page the cart's count, so it can show it.
      if (!result.ok && refusalStatus(result.refusal.code) === 422) {
        const { code, message, field } = result.refusal;
        return reply.code(422).send({ error: { code, message, field }, entity: { items: [], count } });
      }
      if (!result.ok) return sendRefusal(reply, result.refusal);
      reply.header('content-type', CART_ADD_ITEMS_RESPONSE_TYPE);
      return { type: 'cart.add-items/v1' as const, entity: { items: result.items, count } };
    },
  );

  app.get(
    '/api/marketplaces/:marketplaceId/cart/count',
    {
      schema: {
        tags: ['cart'],
        summary: 'Units in the cart, shown as the navigation cart count',
        params: marketplaceParams,
        querystring: cartTypesQuery,
        response: { 200: cartCount, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const marketplace = marketplaceOr404(request.params.marketplaceId, reply);
      if (!marketplace) return reply;
      const owner = await request.session.cartOwner();
      const items = await cartUnits(app.store.db, owner, marketplace.marketplaceId, typesOf(request.query));
      return { type: 'cart.count/v1' as const, entity: { items } };
    },
  );

  app.get(
    '/api/marketplaces/:marketplaceId/cart/items',
    {
      schema: {
        tags: ['cart'],
        summary: 'Cart lines (filter RETAIL or FRESH)',
        params: marketplaceParams,
        querystring: cartTypesQuery,
        response: { 200: cartItemsResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const marketplace = marketplaceOr404(request.params.marketplaceId, reply);
      if (!marketplace) return reply;
      return cartItems(app.store.db, await request.session.cartOwner(), marketplace, typesOf(request.query));
    },
  );

  app.get(
    '/api/marketplaces/:marketplaceId/cart/summary',
    {
      schema: {
        tags: ['cart'],
        summary: 'Subtotal and unit count per cart type',
        params: marketplaceParams,
        querystring: cartTypesQuery,
        response: { 200: cartSummaryResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const marketplace = marketplaceOr404(request.params.marketplaceId, reply);
      if (!marketplace) return reply;
      const owner = await request.session.cartOwner();
      return cartSummary(app.store.db, owner, marketplace, typesOf(request.query));
    },
  );

  await app.register(cartFormRoutes);
};
