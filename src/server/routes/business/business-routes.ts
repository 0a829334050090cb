import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DEEP_CHECK_PATH,
  deepCheckRequest,
  deepCheckResponse,
  offersListingResponse,
} from '../../../shared/contracts/business';
import { errorResponse, productParams } from '../../../shared/contracts/common';
import { deviceOf } from '../../plugins/device';
import { renderDeliveryPromise } from '../../render/delivery-promise';
import { decryptSlateToken } from '../../security/tokens';
import { deepCheckPromise, offersListing } from '../../services/business/offers';
import { sendRefusal } from '../refusal-status';

const MESSAGES = {
  unknown_marketplace: 'unknown marketplaceId',
  unknown_product: 'no product with this asin',
  unknown_buying_option: 'no buying option with this buyingOptionIndex and merchantId',
} as const;

export const businessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/marketplaces/:marketplaceId/products/:asin/offers',
    {
      schema: {
        tags: ['business'],
        summary: 'Every offer of a product the shopper may buy, for the all-offers overlay (OFR-005)',
        description:
          'Business-only offers (B2B_NEW, CUSTOM_OFFER, B2B_RD) are listed for business customers only. Each offer carries what its add to cart sends: oid, minQty, refTag, sr and qid.',
        params: productParams,
        response: { 200: offersListingResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const customer = await request.session.customer();
      const result = await offersListing(app.store.db, request.params.marketplaceId, request.params.asin, {
        business: customer?.isBusiness === true,
        device: deviceOf(request),
        now: app.clock(),
      });
      if (!result.found) return sendRefusal(reply, { code: result.reason, message: MESSAGES[result.reason] });
      reply.header('cache-control', 'private, no-store');
      return result.body;
    },
  );

  app.post(
    DEEP_CHECK_PATH,
    {
      schema: {
        tags: ['business'],
        summary: "The deep-check delivery promise of a business buy box's buying option (BIZ-051)",
        description:
          "JSON with credentials and an x-csrf-token header. sessionId and slateToken must be the page's own, customerId the signed-in customer's (or null). content is HTML rendered from the page's delivery promise component.",
        body: deepCheckRequest,
        response: { 200: deepCheckResponse, 400: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const customer = await request.session.customer();
      const slate = decryptSlateToken(app.tokenKeys, body.slateToken);
      if (body.sessionId !== request.session.id || slate?.sessionId !== request.session.id) {
        return sendRefusal(reply, {
          code: 'session_mismatch',
          message: "sessionId and slateToken must be this session's",
          field: 'sessionId',
        });
      }
      if ((body.customerId ?? null) !== (customer?.id ?? null)) {
        return sendRefusal(reply, {
          code: 'customer_mismatch',
          message: 'customerId must be the signed-in customer',
          field: 'customerId',
        });
      }
      const result = await deepCheckPromise(app.store.db, body, {
        business: customer?.isBusiness === true,
        device: body.device,
        now: app.clock(),
        quantity: 1,
      });
      if (!result.found) return sendRefusal(reply, { code: result.reason, message: MESSAGES[result.reason] });
      reply.header('cache-control', 'private, no-store');
      return { content: renderDeliveryPromise(result.promise) };
    },
  );
};
