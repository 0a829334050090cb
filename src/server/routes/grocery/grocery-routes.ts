import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fallbackModal } from '../../../domain/grocery/fresh-cart-fallback';
import { errorResponse } from '../../../shared/contracts/common';
import {
  cartCountJsonQuery,
  cartCountJsonResponse,
  freshCartCountResponse,
  genericErrorModalRequest,
  genericErrorModalResponse,
} from '../../../shared/contracts/grocery';
import { FRESH_CART_COUNT_PATH } from '../../../shared/grocery-constants';
import { DEFAULT_MARKETPLACE_ID } from '../../../shared/marketplaces';
import { errorModalHtml } from '../../render/grocery-html';
import { cartUnits } from '../../services/cart/cart-api';
import { freshCartCount } from '../../services/grocery/fresh-cart';
import { freshCartRoutes, sessionMismatch } from './fresh-cart-routes';
import { groceryDeliveryRoutes } from './grocery-delivery-routes';

const US = DEFAULT_MARKETPLACE_ID;

/** Grocery (S2 §7): the fresh cart and fresh orders, its error modal and counts, conflicts, slots, the store sheet and the delivery address. */
export const groceryRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(freshCartRoutes);

  app.post(
    '/alm/atfcGenericErrorModal/',
    {
      schema: {
        tags: ['grocery'],
        summary:
          'The generic grocery error modal (GRO-018), in the language asked for when the store knows it',
        body: genericErrorModalRequest,
        response: { 200: genericErrorModalResponse, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const modal = fallbackModal(request.body.language ?? 'en-US', request.body.kind);
      return {
        errorModalHtml: errorModalHtml({
          header: modal.header,
          errorMessage: modal.message,
          footer: 'If it keeps happening, add the item from your cart page.',
        }),
      };
    },
  );

  app.get(
    FRESH_CART_COUNT_PATH,
    {
      schema: {
        tags: ['grocery'],
        summary: 'Units in the fresh cart (GRO-023)',
        response: { 200: freshCartCountResponse },
      },
    },
    async (request) => ({
      cartCount: await freshCartCount(app.store.db, await request.session.cartOwner(), US),
    }),
  );

  app.post(
    '/gp/api/cart/1.0/get-cart-count.json',
    {
      schema: {
        tags: ['grocery'],
        summary: 'The navigation cart count (GRO-016): units in the retail and fresh carts',
        querystring: cartCountJsonQuery,
        response: { 200: cartCountJsonResponse, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request, reply) => {
      if (sessionMismatch(request, reply, request.query.sessionID)) return reply;
      const owner = await request.session.cartOwner();
      const units = await cartUnits(app.store.db, owner, US, ['RETAIL', 'FRESH']);
      return { isOK: true as const, total: { numActiveItem: units } };
    },
  );

  await app.register(groceryDeliveryRoutes);
};
