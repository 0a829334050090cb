import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CART_ADD_ITEMS_RESPONSE_TYPE } from '../../../shared/cart-constants';
import {
  addItemsRefusal,
  addItemsRequest,
  addItemsResponse,
  addToCartFormResponse,
  cartCount,
  cartItemsResponse,
  cartSummaryResponse,
  cartTypesQuery,
} from '../../../shared/contracts/cart';
import { errorResponse } from '../../../shared/contracts/common';
import { refTag } from '../../../shared/contracts/logging';
import { DEFAULT_MARKETPLACE_ID, type Marketplace, marketplaceById } from '../../../shared/marketplaces';
import { type CartType, countCartUnits } from '../../db/repositories/cart-repository';
import { sendError, sendProblem } from '../../plugins/errors';
import { addCartItems } from '../../services/cart/add-cart-items';
import { addFormItems, cartItems, cartSummary } from '../../services/cart/cart-api';

const marketplaceParams = z.object({ marketplaceId: z.string().min(1).max(20) });
const addItemsQuery = z
  .object({
    ref_: refTag.optional(),
    ref: refTag.optional(),
    sr: z.string().max(40).optional(),
    qid: z.string().max(40).optional(),
  })
  .strict();
const cartErrors = {
  400: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  415: errorResponse,
  422: errorResponse,
};

const typesOf = (query: z.infer<typeof cartTypesQuery>): CartType[] => {
  const only = query.cartTypes ?? query.filter;
  return only ? [only] : ['RETAIL', 'FRESH'];
};

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const marketplaceOr404 = (id: string, reply: FastifyReply): Marketplace | undefined => {
    const marketplace = marketplaceById(id);
    if (!marketplace)
      sendError(reply, 404, 'unknown_marketplace', `unknown marketplaceId ${id}`, 'marketplaceId');
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
        security: [{ csrf: [], slate: [] }],
        params: marketplaceParams,
        querystring: addItemsQuery,
        body: addItemsRequest,
        response: { 200: addItemsResponse, ...cartErrors, 422: addItemsRefusal },
      },
      preValidation: async (request, reply) => {
        const type = request.headers['content-type'] ?? '';
        if (
          type.startsWith('application/vnd.com.amazon.api+json') &&
          !type.includes('cart.add-items.request/v1')
        ) {
          return sendError(
            reply,
            415,
            'unsupported_media_type',
            'content type must be cart.add-items.request/v1',
          );
        }
      },
    },
    async (request, reply) => {
      const marketplace = marketplaceOr404(request.params.marketplaceId, reply);
      if (!marketplace) return reply;
      const owner = await request.session.cartOwner();
      const result = await addCartItems(
        app.store.db,
        owner,
        marketplace.marketplaceId,
        'RETAIL',
        request.body.items,
        app.clock(),
      );
      app.metrics.cartAdds.inc({ api: 'cart-api', outcome: result.ok ? 'added' : result.problem.code });
      // OFR-013: a refused line (422) still tells the page the cart's count, so it can show it.
      if (!result.ok && result.status === 422) {
        const count = await countCartUnits(app.store.db, owner, marketplace.marketplaceId, [
          'RETAIL',
          'FRESH',
        ]);
        return reply.code(422).send({
          error: {
            code: result.problem.code,
            message: result.problem.message,
            ...(result.problem.field ? { field: result.problem.field } : {}),
          },
          entity: { items: [], count: { type: 'cart.count/v1' as const, entity: { items: count } } },
        });
      }
      if (!result.ok) return sendProblem(reply, result.status, result.problem);
      reply.header('content-type', CART_ADD_ITEMS_RESPONSE_TYPE);
      return {
        type: 'cart.add-items/v1' as const,
        entity: {
          items: result.items,
          count: { type: 'cart.count/v1' as const, entity: { items: result.count } },
        },
      };
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
      const items = await countCartUnits(
        app.store.db,
        owner,
        marketplace.marketplaceId,
        typesOf(request.query),
      );
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
      return cartSummary(
        app.store.db,
        await request.session.cartOwner(),
        marketplace,
        typesOf(request.query),
      );
    },
  );

  // CART-030..033 and CART-040: the legacy form call, its ref= suffix and the flagged variant's path.
  const formRoute = {
    schema: {
      tags: ['cart'],
      summary: 'Legacy add-to-cart form (asin.{i}, offeringID.{i}, quantity.{i}, custom-name.{n}.{m}, …)',
      consumes: ['application/x-www-form-urlencoded'],
      body: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
      response: { 200: addToCartFormResponse, ...cartErrors },
    },
  };
  const addFromForm = async (
    request: FastifyRequest<{ Body: Record<string, string | string[]> }>,
    reply: FastifyReply,
  ) => {
    const result = await addFormItems(app.store.db, {
      form: request.body,
      sessionId: request.session.id,
      owner: () => request.session.cartOwner(),
      marketplaceId: DEFAULT_MARKETPLACE_ID,
      now: app.clock(),
    });
    if (!('refusedForm' in result)) {
      app.metrics.cartAdds.inc({ api: 'form', outcome: result.ok ? 'added' : result.problem.code });
    }
    if (!result.ok) return sendProblem(reply, result.status, result.problem);
    return { isOK: true as const, cartQuantity: result.count, items: result.items };
  };
  app.post('/gp/add-to-cart/json/', formRoute, addFromForm);
  app.post(
    '/gp/add-to-cart/json/ref=:ref',
    { ...formRoute, schema: { ...formRoute.schema, params: z.object({ ref: refTag }) } },
    addFromForm,
  );
  app.post(
    '/cart/add-to-cart/ref=:ref',
    { ...formRoute, schema: { ...formRoute.schema, params: z.object({ ref: refTag }) } },
    addFromForm,
  );
};
