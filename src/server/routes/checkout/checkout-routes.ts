import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CheckoutPageData } from '../../../shared/contracts/pages/checkout-page';
import { DEFAULT_MARKETPLACE_ID, marketplaceById } from '../../../shared/marketplaces';
import { sendError } from '../../plugins/errors';
import type { ClientAssets } from '../../render/client-assets';
import { sendPage, shopperView } from '../../render/send-page';
import { CHECKOUT_PATH, THANK_YOU_PATH } from '../../services/buy-box/handle-buy-box';
import {
  type BuyNowItem,
  checkoutOrder,
  orderConfirmation,
  placeCheckoutOrder,
  startingAddress,
} from '../../services/checkout/checkout';

const PLACE_ORDER_PATH = '/gp/buy/spc/handlers/place-order.html';

const buyNowItem = z.object({
  asin: z.string().min(1).max(20),
  offerListingId: z.string().min(1).max(200),
  quantity: z.coerce.number().int().min(1).max(999),
});

const placeOrderForm = z.object({
  csrfToken: z.string().optional(),
  source: z.enum(['cart', 'buy-now']),
  asin: z.string().max(20).optional(),
  offerListingId: z.string().max(200).optional(),
  quantity: z.coerce.number().int().min(1).max(999).optional(),
  fullName: z.string().max(200).optional(),
  line1: z.string().max(200).optional(),
  city: z.string().max(200).optional(),
  state: z.string().max(20).optional(),
  postalCode: z.string().max(20).optional(),
});

/** Checkout (cart or buy now), placing the order, and the order confirmation page. */
export const checkoutRoutes: FastifyPluginAsyncZod<{ assets?: ClientAssets }> = async (app, { assets }) => {
  const marketplace = marketplaceById(DEFAULT_MARKETPLACE_ID);
  if (!marketplace) throw new Error('default marketplace missing');

  const signInFirst = (request: FastifyRequest, reply: FastifyReply) =>
    reply.redirect(`/gp/sign-in.html?path=${encodeURIComponent(request.url)}`, 303);

  const checkoutPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    view: Pick<CheckoutPageData, 'address' | 'problems' | 'error'>,
    buyNow: BuyNowItem | null,
  ) => {
    const order = await checkoutOrder(app.store.db, {
      marketplace,
      buyNow,
      owner: () => request.session.cartOwner(),
      now: app.clock(),
    });
    if (!order) return app.renderNotFound(request, reply);
    return sendPage(
      request,
      reply,
      status,
      { title: 'Checkout | Northwind Market', language: marketplace.language, robots: 'noindex' },
      {
        page: 'checkout',
        shopper: await shopperView(app, request),
        ...order,
        csrfToken: request.session.csrfToken,
        ...view,
      },
      assets,
    );
  };

  app.get(
    CHECKOUT_PATH,
    { schema: { hide: true, querystring: buyNowItem.partial() } },
    async (request, reply) => {
      const customer = await request.session.customer();
      if (!customer) return signInFirst(request, reply);
      const buyNow = buyNowItem.safeParse(request.query);
      return checkoutPage(
        request,
        reply,
        200,
        { address: await startingAddress(app.store.db, customer), problems: [], error: null },
        buyNow.success ? buyNow.data : null,
      );
    },
  );

  app.post(PLACE_ORDER_PATH, { schema: { hide: true, body: placeOrderForm } }, async (request, reply) => {
    const customer = await request.session.customer();
    if (!customer) return sendError(reply, 401, 'sign_in_required', 'sign in to place an order');
    const form = request.body;
    const buyNow = form.source === 'buy-now' ? buyNowItem.safeParse(form) : null;
    if (buyNow && !buyNow.success)
      return sendError(reply, 400, 'invalid_request', 'buy now needs asin, offerListingId and quantity');
    const buyNowData = buyNow?.success ? buyNow.data : null;
    const outcome = await placeCheckoutOrder(app.store.db, {
      customer,
      owner: () => request.session.cartOwner(),
      marketplace,
      buyNow: buyNowData,
      address: form,
      now: app.clock(),
    });
    if (!outcome.ok) {
      const { address, problems, error } = outcome;
      return checkoutPage(request, reply, outcome.status, { address, problems, error }, buyNowData);
    }
    // Stock changed: product answers cached in this process must not show the old availability.
    app.productCache.clear();
    return reply.redirect(`${THANK_YOU_PATH}?orderId=${encodeURIComponent(outcome.orderId)}`, 303);
  });

  app.get(
    THANK_YOU_PATH,
    { schema: { hide: true, querystring: z.object({ orderId: z.string().max(40).optional() }) } },
    async (request, reply) => {
      const customer = await request.session.customer();
      if (!customer) return signInFirst(request, reply);
      const order = await orderConfirmation(app.store.db, {
        customerId: customer.id,
        orderId: request.query.orderId,
        marketplace,
      });
      if (!order) return app.renderNotFound(request, reply);
      return sendPage(
        request,
        reply,
        200,
        { title: 'Order placed | Northwind Market', language: marketplace.language, robots: 'noindex' },
        { page: 'order-confirmation', shopper: await shopperView(app, request), ...order },
        assets,
      );
    },
  );
};
