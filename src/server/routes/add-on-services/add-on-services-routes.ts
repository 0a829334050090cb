import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { postalCodeAccepted } from '../../../domain/add-on-services/postal-code';
import { DIGITAL_DASH_CREATE_PATH, VAS_ZIP_REFRESH_PATH } from '../../../shared/add-on-services-constants';
import {
  addOnServicesSliceResponse,
  digitalDashRequest,
  digitalDashResponse,
  digitalDashSignIn,
  variationRefreshBody,
  variationRefreshQuery,
  variationRefreshResponse,
  zipRefreshQuery,
  zipRefreshResponse,
} from '../../../shared/contracts/add-on-services';
import { errorResponse } from '../../../shared/contracts/common';
import { DEFAULT_MARKETPLACE_ID, marketplaceById } from '../../../shared/marketplaces';
import { sendError } from '../../plugins/errors';
import type { ClientAssets } from '../../render/client-assets';
import { sellerRatingHtml } from '../../render/seller-rating-html';
import { sendPage, shopperView } from '../../render/send-page';
import {
  addOnSliceFor,
  createDigitalDash,
  servicePage,
  variationRefresh,
  zipRefresh,
} from '../../services/add-on-services/add-on-calls';
import { DELIVERY_ZIP_COOKIE } from '../../services/delivery/delivery-cookies';

const asinParam = z.string().regex(/^[A-Z0-9]{10}$/, 'must be a 10-character ASIN (A-Z, 0-9)');

/** Where the shopper's deliveries go: the chosen ZIP code, else their account's. */
async function shopperZip(request: FastifyRequest): Promise<string | null> {
  return request.cookies[DELIVERY_ZIP_COOKIE] ?? (await request.session.customer())?.postalCode ?? null;
}

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
      if (!marketplace)
        return sendError(reply, 404, 'unknown_marketplace', 'unknown marketplaceId', 'marketplaceId');
      if (!postalCodeAccepted(request.query.vasZipcode, marketplace.countryCode))
        return sendError(
          reply,
          400,
          'invalid_postal_code',
          `not a postal code of ${marketplace.countryCode.toUpperCase()}`,
          'vasZipcode',
        );
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
        params: z.object({ asin: asinParam }),
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
          ? sendError(reply, 404, 'unknown_product', 'no product with this asin', 'asin')
          : sendError(
              reply,
              404,
              'unknown_merchant',
              'this merchant sells neither the product nor its services',
              'm',
            );
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
        return reply.code(401).send({
          error: { code: 'sign_in_required', message: 'sign in to create a Dash button' },
          url: `/gp/sign-in.html?path=${encodeURIComponent(`/dp/${request.body.asin}`)}`,
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
        params: z.object({ marketplaceId: z.string().min(1).max(20), asin: z.string().min(1).max(20) }),
        querystring: z.object({ vas: z.string().max(200).optional() }),
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
        return sendError(
          reply,
          404,
          result.reason,
          result.reason === 'unknown_marketplace' ? 'unknown marketplaceId' : 'no product with this asin',
        );
      }
      reply.header('cache-control', 'private, no-store');
      return { type: 'page-slice.add-on-services/v1' as const, addOnServices: result.addOnServices };
    },
  );

  const language = marketplaceById(DEFAULT_MARKETPLACE_ID)?.language ?? 'en-US';
  const servicePageRoute = async (
    request: FastifyRequest<{ Params: { asin: string; tag?: string }; Querystring: { seller?: string } }>,
    reply: FastifyReply,
  ) => {
    const marketplace = marketplaceById(DEFAULT_MARKETPLACE_ID);
    const page = marketplace
      ? await servicePage(app.store.db, {
          marketplace,
          asin: request.params.asin,
          zip: await shopperZip(request),
          seller: request.query.seller ?? null,
        })
      : null;
    if (!page) return app.renderNotFound(request, reply);
    return sendPage(
      request,
      reply,
      200,
      {
        title: `${page.service.title} | Northwind Market`,
        description: page.service.description,
        canonicalPath: `/gp/product/${page.service.asin}`,
        language,
      },
      {
        page: 'service',
        shopper: await shopperView(app, request),
        refTag: request.params.tag ?? null,
        ...page,
      },
      assets,
    );
  };
  const pageSchema = {
    hide: true,
    params: z.object({ asin: z.string().max(40), tag: z.string().max(128).optional() }),
    querystring: z.object({ seller: z.string().max(40).optional() }),
  };
  // VAS-005: the service page, as a real page.
  app.get('/gp/product/:asin', { schema: pageSchema }, servicePageRoute);
  app.get('/gp/product/:asin/ref=:tag', { schema: pageSchema }, servicePageRoute);
};
