import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  freshCheckoutQuery,
  freshPlaceOrderForm,
  freshRemoveForm,
  slotReserveForm,
  substitutePageQuery,
} from '../../../shared/contracts/grocery';
import {
  freshOrderPageParams,
  type GroceryPageData,
  storefrontQuery,
} from '../../../shared/contracts/pages/grocery-page';
import { DEFAULT_MARKETPLACE_ID, marketplaceById } from '../../../shared/marketplaces';
import { signInUrl } from '../../../shared/sign-in-url';
import type { ClientAssets } from '../../render/client-assets';
import { sendPage, shopperView } from '../../render/send-page';
import { placeFreshOrder, removeFreshLine, reserveDeliverySlot } from '../../services/grocery/fresh-checkout';
import { FRESH_CHECKOUT_PATH, freshCheckoutView } from '../../services/grocery/fresh-views';
import { freshOrderView, storefrontView, substituteView } from '../../services/grocery/grocery-pages';
import { freshOrderUrl } from '../../services/grocery/grocery-shopper';

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

  // The fresh checkout (decision 0047): plain forms hold a window and place the order, so it works
  // before (and without) the page's script; each answers with a redirect back (post/redirect/get).
  const freshShopper = async (request: FastifyRequest) => ({
    owner: await request.session.cartOwner(),
    customerId: (await request.session.customer())?.id ?? null,
    marketplaceId: marketplace.marketplaceId,
  });
  const backToCheckout = (reply: FastifyReply, query: Record<string, string>) =>
    reply.redirect(`${FRESH_CHECKOUT_PATH}?${new URLSearchParams(query)}`, 303);
  const NOTICES = {
    held: { kind: 'success', message: 'Your delivery window is held while you check out.' },
    released: { kind: 'info', message: 'Your delivery window was released.' },
  } as const;

  app.get(
    FRESH_CHECKOUT_PATH,
    { schema: { hide: true, querystring: freshCheckoutQuery } },
    async (request, reply) => {
      if (!(await request.session.customer())) return reply.redirect(signInUrl(request.url), 303);
      const { storeId, error, notice } = request.query;
      const view = await freshCheckoutView(
        app.store.db,
        await freshShopper(request),
        storeId,
        marketplace,
        app.clock(),
        {
          notice: error ? { kind: 'error', message: error } : notice ? NOTICES[notice] : null,
          csrfToken: request.session.csrfToken,
        },
      );
      if (!view) return reply.redirect('/gp/cart/view.html', 303);
      const data: GroceryPageData = { page: 'grocery', shopper: await shopperView(app, request), view };
      return sendPage(request, reply, 200, head('Fresh checkout'), data, assets);
    },
  );

  app.post(
    '/afx/slotselection/reserve',
    { schema: { hide: true, body: slotReserveForm }, attachValidation: true },
    async (request, reply) => {
      if (request.validationError) return backToCheckout(reply, { error: 'Choose a delivery window.' });
      if (!(await request.session.customer())) return reply.redirect(signInUrl(FRESH_CHECKOUT_PATH), 303);
      const { storeId, slotStart } = request.body;
      const result = await reserveDeliverySlot(
        app.store.db,
        await freshShopper(request),
        { storeId, slotStart },
        app.clock(),
      );
      if (!result.ok) return backToCheckout(reply, { storeId, error: result.refusal.message });
      return backToCheckout(reply, { storeId, notice: 'held' });
    },
  );

  app.post(
    '/alm/cart/remove',
    { schema: { hide: true, body: freshRemoveForm }, attachValidation: true },
    async (request, reply) => {
      const back = (query: Record<string, string>) =>
        reply.redirect(`/gp/cart/view.html?${new URLSearchParams(query)}`, 303);
      if (request.validationError) return back({ error: 'That item is no longer in your cart.' });
      const removed = await removeFreshLine(app.store.db, await freshShopper(request), request.body.lineId);
      return back(removed ? { notice: 'removed' } : { error: 'That item is no longer in your cart.' });
    },
  );

  app.post(
    '/alm/checkout/place-order',
    { schema: { hide: true, body: freshPlaceOrderForm }, attachValidation: true },
    async (request, reply) => {
      if (request.validationError) return backToCheckout(reply, { error: 'Choose a delivery window first.' });
      if (!(await request.session.customer())) return reply.redirect(signInUrl(FRESH_CHECKOUT_PATH), 303);
      const { storeId, token } = request.body;
      const result = await placeFreshOrder(
        app.store.db,
        await freshShopper(request),
        { storeId, token },
        app.clock(),
      );
      if (!result.ok) return backToCheckout(reply, { storeId, error: result.refusal.message });
      return reply.redirect(`${freshOrderUrl(result.orderId)}?placed=1`, 303);
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
