import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { substitutePageQuery } from '../../../shared/contracts/grocery';
import {
  freshOrderPageParams,
  type GroceryPageData,
  storefrontQuery,
} from '../../../shared/contracts/pages/grocery-page';
import { DEFAULT_MARKETPLACE_ID, marketplaceById } from '../../../shared/marketplaces';
import type { ClientAssets } from '../../render/client-assets';
import { sendPage, shopperView } from '../../render/send-page';
import { freshOrderView, storefrontView, substituteView } from '../../services/grocery/grocery-pages';

/** The grocery pages: a store front, a scheduled order (the ordering service) and the cart conflicts' substitute page. */
export const groceryPageRoutes: FastifyPluginAsyncZod<{ assets?: ClientAssets }> = async (
  app,
  { assets },
) => {
  const marketplace = marketplaceById(DEFAULT_MARKETPLACE_ID);
  if (!marketplace) throw new Error('default marketplace missing');
  const head = (title: string) => ({
    title: `${title} | Northwind Market`,
    language: marketplace.language,
    robots: 'noindex',
  });

  app.get(
    '/alm/storefront',
    { schema: { hide: true, querystring: storefrontQuery } },
    async (request, reply) => {
      const { almBrandId, almStoreId } = request.query;
      const view =
        almBrandId && almStoreId
          ? await storefrontView(app.store.db, almStoreId, almBrandId, marketplace)
          : null;
      if (!view) return app.renderNotFound(request, reply);
      const data: GroceryPageData = { page: 'grocery', shopper: await shopperView(app, request), view };
      return sendPage(request, reply, 200, head(view.storeName), data, assets);
    },
  );

  app.get(
    '/fom/orders/:orderId',
    { schema: { hide: true, params: freshOrderPageParams } },
    async (request, reply) => {
      const customer = await request.session.customer();
      const view = await freshOrderView(
        app.store.db,
        request.params.orderId,
        customer?.id ?? null,
        marketplace,
        app.clock(),
      );
      if (!view) return app.renderNotFound(request, reply);
      const data: GroceryPageData = { page: 'grocery', shopper: await shopperView(app, request), view };
      return sendPage(request, reply, 200, head('Your fresh order'), data, assets);
    },
  );

  app.get(
    '/afx/cartconflicts/resolve/substitute',
    { schema: { hide: true, querystring: substitutePageQuery.catch({}) } },
    async (request, reply) => {
      const view = await substituteView(
        app.store.db,
        {
          owner: await request.session.cartOwner(),
          customerId: (await request.session.customer())?.id ?? null,
          marketplaceId: marketplace.marketplaceId,
        },
        request.query,
      );
      const data: GroceryPageData = { page: 'grocery', shopper: await shopperView(app, request), view };
      return sendPage(request, reply, 200, head('Your fresh cart'), data, assets);
    },
  );
};
