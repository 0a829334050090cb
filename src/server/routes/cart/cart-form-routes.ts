import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addToCartForm, addToCartFormResponse, refTagParams } from '../../../shared/contracts/cart';
import { errorResponse } from '../../../shared/contracts/common';
import { DEFAULT_MARKETPLACE_ID } from '../../../shared/marketplaces';
import { takenKeyOf } from '../../plugins/idempotency';
import { addFormItems } from '../../services/cart/cart-api';
import { shopperZip } from '../delivery/shopper-zip';
import { sendRefusal } from '../refusal-status';

const formRoute = {
  schema: {
    tags: ['cart'],
    summary: 'Legacy add-to-cart form (asin.{i}, offeringID.{i}, quantity.{i}, custom-name.{n}.{m}, …)',
    consumes: ['application/x-www-form-urlencoded'],
    body: addToCartForm,
    response: {
      200: addToCartFormResponse,
      400: errorResponse,
      403: errorResponse,
      404: errorResponse,
      409: errorResponse,
      415: errorResponse,
      422: errorResponse,
    },
  },
};
const withRefTag = { ...formRoute, schema: { ...formRoute.schema, params: refTagParams } };

/** CART-030..033 and CART-040: the legacy add-to-cart form call, its ref= suffix and the flagged variant's path. */
export const cartFormRoutes: FastifyPluginAsyncZod = async (app) => {
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
      zip: await shopperZip(request),
      requestKey: takenKeyOf(request),
    });
    if (!('refusedForm' in result)) {
      app.metrics.cartAdds.inc({ api: 'form', outcome: result.ok ? 'added' : result.refusal.code });
    }
    if (!result.ok) return sendRefusal(reply, result.refusal);
    return { isOK: true as const, cartQuantity: result.count, items: result.items };
  };
  app.post('/gp/add-to-cart/json/', formRoute, addFromForm);
  app.post('/gp/add-to-cart/json/ref=:ref', withRefTag, addFromForm);
  app.post('/cart/add-to-cart/ref=:ref', withRefTag, addFromForm);
};
