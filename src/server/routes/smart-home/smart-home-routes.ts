import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, productParams } from '../../../shared/contracts/common';
import { smartHomeSliceResponse } from '../../../shared/contracts/smart-home';
import { smartHomeSlice } from '../../services/smart-home/page-slice';
import { sendRefusal } from '../refusal-status';

const MESSAGES = {
  unknown_marketplace: 'unknown marketplaceId',
  unknown_product: 'no product with this asin',
} as const;

export const smartHomeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/marketplaces/:marketplaceId/products/:asin/page-slices/smart-home',
    {
      schema: {
        tags: ['smart-home'],
        summary: "The product page's deferred smart-home badge (SH-001, SH-002)",
        description:
          'Loaded after first paint: the compatible devices with asin, offerlistingid and price, and the page state the widget needs (SH-005). smartHome is null when the product offers none.',
        params: productParams,
        response: { 200: smartHomeSliceResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const result = await smartHomeSlice(app.store.db, request.params.marketplaceId, request.params.asin);
      if (!result.found) return sendRefusal(reply, { code: result.reason, message: MESSAGES[result.reason] });
      return { type: 'page-slice.smart-home/v1' as const, smartHome: result.smartHome };
    },
  );
};
