import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type ClaimRefusal,
  claimErrorResponse,
  claimParams,
  claimQuery,
  claimRequest,
  claimResponse,
} from '../../../shared/contracts/deals';
import {
  CLAIM_DEAL_NOT_ACTIVE_ERROR,
  CLAIM_DEAL_NOT_FOUND_ERROR,
  CLAIM_QUANTITY_RESTRICTION_ERROR,
} from '../../../shared/deal-constants';
import { marketplaceById } from '../../../shared/marketplaces';
import { RATE_LIMITS } from '../../plugins/rate-limits';
import { claimDeal } from '../../services/deals/claim-deal';
import { refusalStatus, sendRefusal } from '../refusal-status';

const ERROR_TYPES: Record<ClaimRefusal, { type: string; code: string }> = {
  QUANTITY_LIMIT: { type: CLAIM_QUANTITY_RESTRICTION_ERROR, code: 'deal_quantity_restriction_violation' },
  PRIME_ONLY: { type: CLAIM_QUANTITY_RESTRICTION_ERROR, code: 'deal_quantity_restriction_violation' },
  PRIME_EARLY_ACCESS: { type: CLAIM_QUANTITY_RESTRICTION_ERROR, code: 'deal_quantity_restriction_violation' },
  APP_ONLY: { type: CLAIM_QUANTITY_RESTRICTION_ERROR, code: 'deal_quantity_restriction_violation' },
  NOT_STARTED: { type: CLAIM_DEAL_NOT_ACTIVE_ERROR, code: 'deal_not_active' },
  ENDED: { type: CLAIM_DEAL_NOT_ACTIVE_ERROR, code: 'deal_not_active' },
  NOT_FOUND: { type: CLAIM_DEAL_NOT_FOUND_ERROR, code: 'deal_not_found' },
};

export const dealRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/marketplaces/:marketplaceId/deals/:dealId/claim-and-add-to-cart',
    {
      config: { rateLimit: RATE_LIMITS.dealClaim },
      schema: {
        tags: ['deals'],
        summary: 'Claims lightning deal units and adds them to the cart, held for 15 minutes (DEAL-039)',
        description:
          'Needs x-csrf-token and `?ref=` (the purchase tag). When no units are free the shopper joins the waitlist (PENDINGATC). Access rules and the per-customer limit answer deal.claim.quantity-restriction-violation.error/v1.',
        params: claimParams,
        querystring: claimQuery,
        body: claimRequest,
        response: {
          200: claimResponse,
          400: claimErrorResponse,
          403: claimErrorResponse,
          404: claimErrorResponse,
          409: claimErrorResponse,
          422: claimErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const marketplace = marketplaceById(request.params.marketplaceId);
      if (!marketplace) {
        return sendRefusal(reply, {
          code: 'unknown_marketplace',
          message: 'unknown marketplaceId',
          field: 'marketplaceId',
        });
      }
      const customer = await request.session.customer();
      const outcome = await claimDeal(app.store.db, {
        dealId: request.params.dealId,
        marketplaceId: marketplace.marketplaceId,
        asin: request.body.asin,
        quantity: request.body.quantity,
        owner: await request.session.cartOwner(),
        shopper: { hasPrimeSavingsBenefit: customer?.isPrime === true },
        device: request.device,
        installmentsProgramId: request.body.installmentsProgramId,
        devicePreRegistered: request.body.devicePreRegistered,
        now: app.clock(),
      });
      app.metrics.dealClaims.inc({ outcome: outcome.ok ? outcome.customerState : outcome.refusal });
      if (!outcome.ok) {
        const { type, code } = ERROR_TYPES[outcome.refusal];
        const status = refusalStatus(outcome.refusal);
        return reply.code(status).send({
          type,
          entity: { status, reason: outcome.refusal, message: outcome.message },
          error: { code, message: outcome.message },
        });
      }
      const { ok: _ok, ...entity } = outcome;
      return {
        type: 'deal.claim-and-add-to-cart/v1' as const,
        entity: { dealId: request.params.dealId, asin: request.body.asin, ...entity },
      };
    },
  );
};
