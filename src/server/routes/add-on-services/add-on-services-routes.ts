import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postalCodeAccepted } from '../../../domain/add-on-services/postal-code';
import { DIGITAL_DASH_CREATE_PATH, VAS_ZIP_REFRESH_PATH } from '../../../shared/add-on-services-constants';
import {
  addOnServicesSliceQuery,
  addOnServicesSliceResponse,
  digitalDashRequest,
  digitalDashResponse,
  digitalDashSignIn,
  variationRefreshBody,
  variationRefreshParams,
  variationRefreshQuery,
  variationRefreshResponse,
  zipRefreshQuery,
  zipRefreshResponse,
} from '../../../shared/contracts/add-on-services';
import { errorResponse, productParams } from '../../../shared/contracts/common';
import { DEFAULT_MARKETPLACE_ID, marketplaceById } from '../../../shared/marketplaces';
import { signInUrl } from '../../../shared/sign-in-url';
import type { ClientAssets } from '../../render/client-assets';
import { sellerRatingHtml } from '../../render/seller-rating-html';
import {
  addOnSliceFor,
  createDigitalDash,
  variationRefresh,
  zipRefresh,
} from '../../services/add-on-services/add-on-calls';
import { shopperZip } from '../delivery/shopper-zip';
import { refusalStatus, sendRefusal } from '../refusal-status';
import { addOnServicePageRoutes } from './add-on-service-page-routes';

/** Add-on services (VAS): the zip refresh, the variation refresh, digital dash and the service page. */
export const addOnServicesRoutes: FastifyPluginAsyncZod<{ assets?: ClientAssets }> = async (
  app,
  { assets },
) => {
  app.get(
    VAS_ZIP_REFRESH_PATH,
    {
      schema: {
        tags: ['add-on services'],
        summary: 'The offer of each add-on service for a postal code (VAS-031), keyed by asin',
        querystring: zipRefreshQuery,
        response: { 200: zipRefreshResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const marketplace = marketplaceById(request.query.marketplaceId ?? DEFAULT_MARKETPLACE_ID);
      if (!marketplace) {
        const message = 'unknown marketplaceId';
        return sendRefusal(reply, { code: 'unknown_marketplace', message, field: 'marketplaceId' });
      }
      if (!postalCodeAccepted(request.query.vasZipcode, marketplace.countryCode)) {
        const message = `not a postal code of ${marketplace.countryCode.toUpperCase()}`;
        return sendRefusal(reply, { code: 'invalid_postal_code', message, field: 'vasZipcode' });
      }
      const entries = await zipRefresh(app.store.db, {
        marketplace,
        asins: request.query.asinlist.split(','),
        zip: request.query.vasZipcode,
        includeMerchantAddress: ['true', '1'].includes(request.query.includeMerchantAddress ?? 'false'),
      });
      reply.header('cache-control', 'private, no-store');
      return Object.fromEntries(
        Object.entries(entries).map(([asin, { rating, ...entry }]) => [
          asin,
          { ...entry, positiveRatingHtml: entry.isOfferAvailable ? sellerRatingHtml(rating) : '' },
        ]),
      );
    },
  );

  app.post(
    '/gp/product/:asin',
    {
      schema: {
        tags: ['add-on services'],
        summary: "Refreshes a product's page parts for one merchant (the variation refresh, VAS-033)",
        description: 'Form or JSON body; send x-csrf-token. The page gives up after 90 s.',
        params: variationRefreshParams,
        querystring: variationRefreshQuery,
        body: variationRefreshBody,
        response: {
          200: variationRefreshResponse,
          400: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const customer = await request.session.customer();
      const result = await variationRefresh(app.store.db, {
        marketplaceId: DEFAULT_MARKETPLACE_ID,
        asin: request.params.asin,
        merchantId: request.query.m,
        zip: await shopperZip(request),
        sessionId: request.session.id,
        businessCustomer: customer?.isBusiness ?? false,
        query: new URLSearchParams(request.body.vas ? { vas: request.body.vas } : {}),
      });
      if (!result.found) {
        return result.reason === 'unknown_product'
          ? sendRefusal(reply, {
              code: 'unknown_product',
              message: 'no product with this asin',
              field: 'asin',
            })
          : sendRefusal(reply, {
              code: 'unknown_merchant',
              message: 'this merchant sells neither the product nor its services',
              field: 'm',
            });
      }
      return {
        asin: request.params.asin,
        merchantId: request.query.m,
        isVariationalParent: ['true', '1'].includes(request.body.isVariationalParent),
        vas: request.body.vas ?? null,
        quantity: request.body.quantity ?? null,
        addOnServices: result.addOnServices,
      };
    },
  );

  app.post(
    DIGITAL_DASH_CREATE_PATH,
    {
      schema: {
        tags: ['add-on services'],
        summary: "Creates the shopper's digital-dash button for a product (VAS-034)",
        description:
          'Form or JSON body with isAjax; send x-csrf-token. A second create answers error code 510 (it exists). Signed out: 401 with the sign-in url.',
        body: digitalDashRequest,
        response: {
          200: digitalDashResponse,
          400: errorResponse,
          401: digitalDashSignIn,
          403: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const customer = await request.session.customer();
      const result = await createDigitalDash(app.store.db, {
        customerId: customer?.id ?? null,
        asin: request.body.asin,
        now: app.clock(),
      });
      if (result.kind === 'signInRequired') {
        return reply.code(refusalStatus('sign_in_required')).send({
          error: { code: 'sign_in_required', message: 'sign in to create a Dash button' },
          url: signInUrl(`/dp/${request.body.asin}`),
        });
      }
      if (result.kind === 'created') return { success: true };
      const { errorCode, errorTitle, errorMessage } = result;
      return { success: false, error: { errorCode, errorTitle, errorMessage } };
    },
  );

  app.get(
    '/api/marketplaces/:marketplaceId/products/:asin/page-slices/add-on-services',
    {
      schema: {
        tags: ['products'],
        summary: "The product page's deferred add-on services slice (VAS-003)",
        params: productParams,
        querystring: addOnServicesSliceQuery,
        response: { 200: addOnServicesSliceResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const customer = await request.session.customer();
      const result = await addOnSliceFor(app.store.db, {
        marketplaceId: request.params.marketplaceId,
        asin: request.params.asin,
        zip: await shopperZip(request),
        sessionId: request.session.id,
        businessCustomer: customer?.isBusiness ?? false,
        query: new URLSearchParams(request.query.vas ? { vas: request.query.vas } : {}),
      });
      if (!result.found) {
        const message =
          result.reason === 'unknown_marketplace' ? 'unknown marketplaceId' : 'no product with this asin';
        return sendRefusal(reply, { code: result.reason, message });
      }
      reply.header('cache-control', 'private, no-store');
      return { type: 'page-slice.add-on-services/v1' as const, addOnServices: result.addOnServices };
    },
  );

  await app.register(addOnServicePageRoutes, { assets });
};
