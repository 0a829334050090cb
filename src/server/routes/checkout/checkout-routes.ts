import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  buyNowItem,
  type CheckoutRefusal,
  checkoutQuery,
  checkoutRefusal,
  orderConfirmationQuery,
  placeOrderForm,
} from '../../../shared/contracts/checkout';
import type { CheckoutPageData } from '../../../shared/contracts/pages/checkout-page';
import { DEFAULT_MARKETPLACE_ID, marketplaceById } from '../../../shared/marketplaces';
import { signInUrl } from '../../../shared/sign-in-url';
import type { Customer } from '../../db/repositories/session-repository';
import { idempotencyKeyOf } from '../../plugins/idempotency';
import type { ClientAssets } from '../../render/client-assets';
import { sendPage, shopperView } from '../../render/send-page';
import { CHECKOUT_PATH, THANK_YOU_PATH } from '../../services/buy-box/handle-buy-box';
import {
  type BuyNowItem,
  checkoutOrder,
  ONE_CLICK_SETUP_NOTICE,
  orderConfirmation,
  placeCheckoutOrder,
  startingAddress,
} from '../../services/checkout/checkout';
import { refusalStatus, sendRefusal } from '../refusal-status';

const PLACE_ORDER_PATH = '/gp/buy/spc/handlers/place-order.html';

// Decision 0015: a refused order goes back to the checkout URL (post/redirect/get), so a reload does not
// post again; what the shopper typed and what was wrong ride along in a short-lived signed cookie.
const REFUSAL_COOKIE = 'checkout-refusal';
const REFUSAL_MAX_AGE_S = 120;
/** Checkout (cart or buy now), placing the order, and the order confirmation page. */
export const checkoutRoutes: FastifyPluginAsyncZod<{ assets?: ClientAssets }> = async (app, { assets }) => {
  const marketplace = marketplaceById(DEFAULT_MARKETPLACE_ID);
  if (!marketplace) throw new Error('default marketplace missing');

  const signInFirst = (request: FastifyRequest, reply: FastifyReply) =>
    reply.redirect(signInUrl(request.url), 303);

  const checkoutPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    customer: Customer,
    view: Pick<CheckoutPageData, 'address' | 'problems' | 'error' | 'notice'>,
    buyNow: BuyNowItem | null,
  ) => {
    const order = await checkoutOrder(app.store.db, {
      marketplace,
      customer,
      address: view.address,
      buyNow,
      owner: () => request.session.cartOwner(),
      now: app.clock(),
    });
    if (!order) return app.renderNotFound(request, reply);
    return sendPage(
      request,
      reply,
      200,
      { title: 'Checkout | Northwind Market', language: marketplace.language, robots: 'noindex' },
      {
        page: 'checkout',
        shopper: await shopperView(app, request),
        ...order,
        csrfToken: request.session.csrfToken,
        // One key per rendering of the form: a double submit (or a resend after a lost answer) places
        // one order and shows its confirmation again (plugins/idempotency.ts).
        idempotencyKey: randomUUID(),
        ...view,
      },
      assets,
    );
  };

  /** The refusal the last place-order left for this page, read once. */
  const takeRefusal = (request: FastifyRequest, reply: FastifyReply): CheckoutRefusal | null => {
    const raw = request.cookies[REFUSAL_COOKIE];
    if (!raw) return null;
    reply.clearCookie(REFUSAL_COOKIE, { path: CHECKOUT_PATH });
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return null;
    try {
      const parsed = checkoutRefusal.safeParse(JSON.parse(unsigned.value));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };

  const checkoutUrl = (buyNow: BuyNowItem | null) =>
    buyNow
      ? `${CHECKOUT_PATH}?${new URLSearchParams({ ...buyNow, quantity: String(buyNow.quantity) })}`
      : CHECKOUT_PATH;

  app.get(CHECKOUT_PATH, { schema: { hide: true, querystring: checkoutQuery } }, async (request, reply) => {
    const customer = await request.session.customer();
    if (!customer) return signInFirst(request, reply);
    const buyNow = buyNowItem.safeParse(request.query);
    const refused = takeRefusal(request, reply);
    return checkoutPage(
      request,
      reply,
      customer,
      {
        address: refused?.address ?? (await startingAddress(app.store.db, customer)),
        problems: refused?.problems ?? [],
        error: refused?.error ?? null,
        notice: request.query.oneClick === 'setup' && !refused ? ONE_CLICK_SETUP_NOTICE : null,
      },
      buyNow.success ? buyNow.data : null,
    );
  });

  app.post(PLACE_ORDER_PATH, { schema: { hide: true, body: placeOrderForm } }, async (request, reply) => {
    const customer = await request.session.customer();
    if (!customer)
      return sendRefusal(reply, { code: 'sign_in_required', message: 'sign in to place an order' });
    const form = request.body;
    const buyNow = form.source === 'buy-now' ? buyNowItem.safeParse(form) : null;
    if (buyNow && !buyNow.success)
      return sendRefusal(reply, {
        code: 'invalid_request',
        message: 'buy now needs asin, offerListingId and quantity',
      });
    const buyNowData = buyNow?.success ? buyNow.data : null;
    const outcome = await placeCheckoutOrder(app.store.db, {
      customer,
      owner: () => request.session.cartOwner(),
      marketplace,
      buyNow: buyNowData,
      address: form,
      useGiftCard: ['on', 'true', '1'].includes(form.useGiftCardBalance ?? ''),
      now: app.clock(),
      options: form.shipToRegistrant ? { shipToRegistrant: form.shipToRegistrant } : {},
      requestKey: idempotencyKeyOf(request),
    });
    if (!outcome.ok) {
      const { address, problems, error } = outcome;
      const value: CheckoutRefusal = { address, problems, error };
      reply.setCookie(REFUSAL_COOKIE, JSON.stringify(value), {
        path: CHECKOUT_PATH,
        httpOnly: true,
        sameSite: 'lax',
        signed: true,
        maxAge: REFUSAL_MAX_AGE_S,
      });
      // The refusal's status (400 invalid address, 409 sold out…) is in the header for scripts and
      // logs; the browser follows the 303 to the checkout page, which shows it.
      reply.header('x-order-refused', String(refusalStatus(outcome.refusal)));
      return reply.redirect(checkoutUrl(buyNowData), 303);
    }
    // Stock changed: product answers cached in this process must not show the old availability.
    app.productCache.clear();
    return reply.redirect(`${THANK_YOU_PATH}?orderId=${encodeURIComponent(outcome.orderId)}`, 303);
  });

  app.get(
    THANK_YOU_PATH,
    { schema: { hide: true, querystring: orderConfirmationQuery } },
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
