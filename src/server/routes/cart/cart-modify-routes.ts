import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, marketplaceParams } from '../../../shared/contracts/common';
import { modifyItemsRequest, modifyItemsResponse } from '../../../shared/contracts/grocery';
import { marketplaceById } from '../../../shared/marketplaces';
import { modifyCartItems } from '../../services/cart/modify-cart-items';
import { sendRefusal } from '../refusal-status';

/** SL-014: the default slider's modify: PUT on the cart API's items with line ids and absolute quantities. */
export const cartModifyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/marketplaces/:marketplaceId/cart/carts/retail/items',
    {
      config: { requireSlateToken: true },
      schema: {
        tags: ['cart'],
        summary: 'Sets retail cart lines to new quantities; 0 removes a line (SL-014)',
        description:
          'A line id may drop its leading C or S (SL-012). Send x-csrf-token and x-encrypted-slate-token.',
        params: marketplaceParams,
        body: modifyItemsRequest,
        response: {
          200: modifyItemsResponse,
          400: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
          422: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const marketplace = marketplaceById(request.params.marketplaceId);
      if (!marketplace) {
        return sendRefusal(reply, {
          code: 'unknown_marketplace',
          message: `unknown marketplaceId ${request.params.marketplaceId}`,
          field: 'marketplaceId',
        });
      }
      const result = await modifyCartItems(
        app.store.db,
        await request.session.cartOwner(),
        marketplace.marketplaceId,
        request.body.items,
        app.clock(),
      );
      if (!result.ok) return sendRefusal(reply, result.refusal);
      return {
        type: 'cart.modify-items/v1' as const,
        entity: {
          items: result.items,
          count: { type: 'cart.count/v1' as const, entity: { items: result.count } },
        },
      };
    },
  );
};
