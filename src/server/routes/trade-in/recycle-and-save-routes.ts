import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../shared/contracts/common';
import {
  claimPromoQuery,
  claimPromoResponse,
  recycleAndSaveView,
  recycleAndSaveViewQuery,
} from '../../../shared/contracts/recycle-and-save';
import { DEFAULT_MARKETPLACE_ID, MARKETPLACES } from '../../../shared/marketplaces';
import { RECYCLE_AND_SAVE_CLAIM_PATH, RECYCLE_AND_SAVE_VIEW_PATH } from '../../../shared/trade-in-constants';
import { RATE_LIMITS } from '../../plugins/rate-limits';
import {
  claimRecycleAndSavePromo,
  recycleAndSaveView as viewOf,
} from '../../services/trade-in/recycle-and-save';
import { sendRefusal } from '../refusal-status';

/** Recycle-and-save (RS-009, RS-010): the modal's view and the claim, for signed-in shoppers. */
export const recycleAndSaveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    RECYCLE_AND_SAVE_VIEW_PATH,
    {
      schema: {
        tags: ['trade-in'],
        summary: "The recycle-and-save modal's view of the promotion on a product (RS-009)",
        description:
          'The spec answers HTML; this store answers the data the modal renders (decision 0051). Signed out: 401.',
        querystring: recycleAndSaveViewQuery,
        response: { 200: recycleAndSaveView, 400: errorResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const outcome = await viewOf(app.store.db, {
        customer: await request.session.customer(),
        asin: request.query.currentAsin,
        productGroup: request.query.productGroup,
        pageRenderTarget: request.query.pageRenderTarget,
        marketplace: MARKETPLACES[DEFAULT_MARKETPLACE_ID],
      });
      reply.header('cache-control', 'no-store');
      return outcome.ok ? outcome.value : sendRefusal(reply, outcome.refusal);
    },
  );

  app.post(
    RECYCLE_AND_SAVE_CLAIM_PATH,
    {
      // RS-010: the page's CSRF token comes as `requestToken` in the query.
      config: { csrfQueryParam: 'requestToken', rateLimit: RATE_LIMITS.promoClaim },
      schema: {
        tags: ['trade-in'],
        summary: 'Claims the recycle-and-save promotion on a product, once per customer (RS-010)',
        description:
          'Synchronous (RS-011): the answer says whether this claim got the promotion; a second claim answers ALREADY_CLAIMED.',
        querystring: claimPromoQuery,
        response: { 200: claimPromoResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const outcome = await claimRecycleAndSavePromo(app.store.db, {
        customer: await request.session.customer(),
        asin: request.query.currentAsin,
        productGroup: request.query.productGroup,
        now: app.clock(),
      });
      return outcome.ok ? outcome.value : sendRefusal(reply, outcome.refusal);
    },
  );
};
