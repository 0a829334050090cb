import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { couponSignInUrl } from '../../../domain/buy-box/coupon';
import { errorResponse } from '../../../shared/contracts/common';
import { couponRedeemResponse } from '../../../shared/contracts/coupon';
import { invitationResponse } from '../../../shared/contracts/invitation';
import { returnPath } from '../../../shared/contracts/sign-in';
import { marketplaceById } from '../../../shared/marketplaces';
import { signInUrl } from '../../../shared/sign-in-url';
import { redeemCoupon, requestInvitation } from '../../db/repositories/buy-box-repository';
import { sendError } from '../../plugins/errors';
import { invitationTarget, productWithCoupon } from '../../services/buy-box/buy-box-catalog';

const promotionId = z.string().regex(/^[A-Za-z0-9-]{1,80}$/, 'encryptedPromotionId is not a promotion id');
/** Where a plain form returns to: a path on this site, refused (400) rather than replaced when it is not. */
const formReturnTo = returnPath.unwrap();

export const COUPON_AFTER_LOGIN_PATH = '/gp/collect-coupon/handler/redeem_coupon_after_login.html';

/** Coupon redemption (BB-028..032) and invitation requests for high-demand products (BB-033..039). */
export const buyBoxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/gp/collect-coupon/handler/redeem-coupon-detailpage.html',
    {
      schema: {
        tags: ['buy box'],
        summary: 'Redeems a product coupon for the signed-in customer (status 1 means redeemed)',
        querystring: z.object({ ref_: z.string().max(128).optional() }),
        // `returnTo` comes from the plain form (no JavaScript, issue 10 #13): it answers with a redirect.
        body: z.object({
          encryptedPromotionId: promotionId,
          csrfToken: z.string().optional(),
          returnTo: formReturnTo.optional(),
        }),
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
      const customer = await request.session.customer();
      if (!customer && !returnTo) {
        return sendError(reply, 401, 'sign_in_required', 'sign in to redeem this coupon');
      }
      const product = await productWithCoupon(app.store.db, encryptedPromotionId);
      if (!product)
        return sendError(reply, 404, 'unknown_promotion', 'no such coupon', 'encryptedPromotionId');
      // The plain form of a signed-out shopper: sign in, then the after-login handler redeems (BB-028).
      if (!customer) return reply.redirect(couponSignInUrl(encryptedPromotionId, returnTo ?? '/'), 303);
      await redeemCoupon(app.store.db, customer.id, encryptedPromotionId, product.asin, app.clock());
      if (returnTo) return reply.redirect(returnTo, 303);
      return { status: 1 as const, redeemed: true as const };
    },
  );

  // READING.md 7: after sign-in this handler redeems and returns to the product.
  app.get(
    COUPON_AFTER_LOGIN_PATH,
    {
      schema: {
        hide: true,
        querystring: z.object({ encryptedPromotionId: promotionId, returnTo: returnPath.optional() }),
      },
    },
    async (request, reply) => {
      const customer = await request.session.customer();
      if (!customer) return reply.redirect(signInUrl(request.url), 303);
      const product = await productWithCoupon(app.store.db, request.query.encryptedPromotionId);
      if (product)
        await redeemCoupon(
          app.store.db,
          customer.id,
          request.query.encryptedPromotionId,
          product.asin,
          app.clock(),
        );
      return reply.redirect(request.query.returnTo ?? (product ? `/dp/${product.asin}` : '/'), 303);
    },
  );

  app.post(
    '/api/marketplaces/:marketplaceId/products/:asin/invitation',
    {
      schema: {
        tags: ['buy box'],
        summary: 'Requests an invitation to buy a high-demand product (sign-in required)',
        description: 'Send an empty JSON body with content type invite.request/v1 and x-csrf-token.',
        params: z.object({ marketplaceId: z.string().min(1).max(20), asin: z.string().min(1).max(20) }),
        // Empty from the page's script; the plain form (issue 10 #13) sends its token and `returnTo`,
        // and is answered with a redirect.
        body: z
          .object({ csrfToken: z.string().optional(), returnTo: formReturnTo.optional() })
          .strict()
          .optional(),
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
      if (!marketplaceById(request.params.marketplaceId)) {
        return sendError(reply, 404, 'unknown_marketplace', 'unknown marketplaceId', 'marketplaceId');
      }
      const returnTo = request.body?.returnTo;
      const customer = await request.session.customer();
      if (!customer && !returnTo) {
        return sendError(reply, 401, 'sign_in_required', 'sign in to request an invitation');
      }
      const product = await invitationTarget(app.store.db, request.params.asin);
      if (!product) return sendError(reply, 404, 'unknown_product', 'no product with this asin', 'asin');
      if (!product.invitationOnly) {
        return sendError(
          reply,
          409,
          'not_invite_only',
          'this product can be bought without an invitation',
          'asin',
        );
      }
      // The plain form of a signed-out shopper: sign in and come back to the product (BB-033).
      if (!customer) return reply.redirect(signInUrl(returnTo ?? '/'), 303);
      await requestInvitation(app.store.db, customer.id, product.asin, app.clock());
      if (returnTo) return reply.redirect(returnTo, 303);
      return { type: 'invite.response/v1' as const, entity: { status: 'REQUESTED' as const } };
    },
  );
};
