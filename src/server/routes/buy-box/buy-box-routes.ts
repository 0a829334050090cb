import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COUPON_AFTER_LOGIN_PATH, couponSignInUrl } from '../../../domain/buy-box/coupon';
import {
  couponAfterLoginQuery,
  couponRedeemQuery,
  couponRedeemRequest,
  invitationRequest,
} from '../../../shared/contracts/buy-box';
import { errorResponse, productParams } from '../../../shared/contracts/common';
import { couponRedeemResponse } from '../../../shared/contracts/coupon';
import { invitationResponse } from '../../../shared/contracts/invitation';
import { signInUrl } from '../../../shared/sign-in-url';
import { RATE_LIMITS } from '../../plugins/rate-limits';
import {
  redeemCouponAfterSignIn,
  redeemProductCoupon,
  requestProductInvitation,
} from '../../services/buy-box/buy-box-catalog';
import { sendRefusal } from '../refusal-status';

/** Coupon redemption (BB-028..032) and invitation requests for high-demand products (BB-033..039). */
export const buyBoxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/gp/collect-coupon/handler/redeem-coupon-detailpage.html',
    {
      config: { rateLimit: RATE_LIMITS.couponRedemption },
      schema: {
        tags: ['buy box'],
        summary: 'Redeems a product coupon for the signed-in customer (status 1 means redeemed)',
        querystring: couponRedeemQuery,
        body: couponRedeemRequest,
        response: {
          200: couponRedeemResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const { encryptedPromotionId, returnTo } = request.body;
      const result = await redeemProductCoupon(app.store.db, {
        customerId: (await request.session.customer())?.id ?? null,
        encryptedPromotionId,
        viaForm: returnTo !== undefined,
        now: app.clock(),
      });
      if (!result.ok && result.signInFirst) {
        // The plain form of a signed-out shopper: sign in, then the after-login handler redeems (BB-028).
        return reply.redirect(couponSignInUrl(encryptedPromotionId, returnTo ?? '/'), 303);
      }
      if (!result.ok) return sendRefusal(reply, result.refusal);
      if (returnTo) return reply.redirect(returnTo, 303);
      return { status: 1 as const, redeemed: true as const };
    },
  );

  // After sign-in this handler redeems and returns to the product.
  app.get(
    COUPON_AFTER_LOGIN_PATH,
    { schema: { hide: true, querystring: couponAfterLoginQuery } },
    async (request, reply) => {
      const customer = await request.session.customer();
      if (!customer) return reply.redirect(signInUrl(request.url), 303);
      const asin = await redeemCouponAfterSignIn(app.store.db, {
        customerId: customer.id,
        encryptedPromotionId: request.query.encryptedPromotionId,
        now: app.clock(),
      });
      return reply.redirect(request.query.returnTo ?? (asin ? `/dp/${asin}` : '/'), 303);
    },
  );

  app.post(
    '/api/marketplaces/:marketplaceId/products/:asin/invitation',
    {
      config: { rateLimit: RATE_LIMITS.invitation },
      schema: {
        tags: ['buy box'],
        summary: 'Requests an invitation to buy a high-demand product (sign-in required)',
        description: 'Send an empty JSON body with content type invite.request/v1 and x-csrf-token.',
        params: productParams,
        body: invitationRequest,
        response: {
          200: invitationResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const returnTo = request.body?.returnTo;
      const result = await requestProductInvitation(app.store.db, {
        marketplaceId: request.params.marketplaceId,
        asin: request.params.asin,
        customerId: (await request.session.customer())?.id ?? null,
        viaForm: returnTo !== undefined,
        now: app.clock(),
      });
      // The plain form of a signed-out shopper: sign in and come back to the product (BB-033).
      if (!result.ok && result.signInFirst) return reply.redirect(signInUrl(returnTo ?? '/'), 303);
      if (!result.ok) return sendRefusal(reply, result.refusal);
      if (returnTo) return reply.redirect(returnTo, 303);
      return { type: 'invite.response/v1' as const, entity: { status: 'REQUESTED' as const } };
    },
  );
};
