import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type CartUpdateForm,
  cartPageQuery,
  cartUpdateForm,
} from '../../../shared/contracts/pages/cart-page';
import type { Notice } from '../../../shared/contracts/pages/shopper';
import { DEFAULT_MARKETPLACE_ID, marketplaceById } from '../../../shared/marketplaces';
import { toPrice } from '../../../shared/money/price-format';
import type { ClientAssets } from '../../render/client-assets';
import { sendPage, shopperView } from '../../render/send-page';
import { discountViews } from '../../services/cart/cart-lines';
import { cartPageLines, changeCartLine } from '../../services/cart/cart-page';
import { freshCartSection } from '../../services/grocery/fresh-views';

const NOTICES: Record<string, Notice> = {
  added: { kind: 'success', message: 'Added to cart' },
  updated: { kind: 'success', message: 'Your cart was updated.' },
  removed: { kind: 'info', message: 'The item was removed from your cart.' },
};

/** The cart page and its plain-form updates (they work without JavaScript). */
export const cartPageRoutes: FastifyPluginAsyncZod<{ assets?: ClientAssets }> = async (app, { assets }) => {
  const marketplace = marketplaceById(DEFAULT_MARKETPLACE_ID);
  if (!marketplace) throw new Error('default marketplace missing');

  const back = (reply: FastifyReply, query: Record<string, string>) =>
    reply.redirect(`/gp/cart/view.html?${new URLSearchParams(query)}`, 303);

  app.get(
    '/gp/cart/view.html',
    { schema: { hide: true, querystring: cartPageQuery } },
    async (request, reply) => {
      const { lines, subtotalMinor, itemCount, discounts, totalMinor } = await cartPageLines(
        app.store.db,
        await request.session.cartOwner(),
        marketplace,
        app.clock(),
      );
      const fresh = await freshCartSection(
        app.store.db,
        {
          owner: await request.session.cartOwner(),
          customerId: (await request.session.customer())?.id ?? null,
          marketplaceId: marketplace.marketplaceId,
        },
        marketplace,
      );
      const { notice, error } = request.query;
      return sendPage(
        request,
        reply,
        200,
        { title: 'Shopping Cart | Northwind Market', language: marketplace.language, robots: 'noindex' },
        {
          page: 'cart',
          shopper: await shopperView(app, request),
          lines,
          subtotal: toPrice(subtotalMinor, marketplace.currencyCode, marketplace.priceFormat),
          itemCount,
          discounts: discountViews(discounts, marketplace),
          total: toPrice(totalMinor, marketplace.currencyCode, marketplace.priceFormat),
          fresh,
          notice: error ? { kind: 'error', message: error } : notice ? (NOTICES[notice] ?? null) : null,
          csrfToken: request.session.csrfToken,
        },
        assets,
      );
    },
  );

  app.post(
    '/gp/cart/update.html',
    { schema: { hide: true, body: cartUpdateForm }, attachValidation: true },
    async (request: FastifyRequest<{ Body: CartUpdateForm }>, reply) => {
      if (request.validationError) return back(reply, { error: 'Choose a quantity from the list.' });
      const outcome = await changeCartLine(
        app.store.db,
        await request.session.cartOwner(),
        marketplace.marketplaceId,
        request.body,
        app.clock(),
      );
      return back(reply, outcome);
    },
  );
};
