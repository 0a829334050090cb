import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shopperMessage } from '../../../domain/cart/cart-line-rules';
import { checkShippingAddress, type ShippingAddress } from '../../../domain/checkout/shipping-address';
import type { CheckoutPageData } from '../../../shared/contracts/pages/checkout-page';
import type { AddressView, OrderLineView } from '../../../shared/contracts/pages/order-lines';
import { DEFAULT_MARKETPLACE_ID, marketplaceById } from '../../../shared/marketplaces';
import { toPrice } from '../../../shared/money/price-format';
import { findOrder } from '../../db/repositories/order-repository';
import { sendError } from '../../plugins/errors';
import type { Customer } from '../../plugins/session';
import type { ClientAssets } from '../../render/client-assets';
import { sendPage, shopperView } from '../../render/send-page';
import { buyBoxUpsells } from '../../services/buy-box/buy-box-upsells';
import { addCartItems } from '../../services/cart/add-cart-items';
import { buyNowLineView, cartLineViews } from '../../services/checkout/order-lines';
import { type OrderLine, placeOrder } from '../../services/checkout/place-order';
import { settleDealsInCart } from '../../services/deals/claim-deal';

const CHECKOUT_PATH = '/gp/buy/spc/handlers/display.html';
const PLACE_ORDER_PATH = '/gp/buy/spc/handlers/place-order.html';
const THANK_YOU_PATH = '/gp/buy/thankyou/handlers/display.html';

const buyNowItem = z.object({
  asin: z.string().min(1).max(20),
  offerListingId: z.string().min(1).max(200),
  quantity: z.coerce.number().int().min(1).max(999),
});

// The buy box as a plain form: which submit button was pressed decides add to cart or buy now.
// Loose: accessory upsells ride along as asin.{i}, offeringID.{i}, quantity.{i} and custom-name/value.{i}.{m}.
const buyBoxForm = z.looseObject({
  csrfToken: z.string().optional(),
  ASIN: z.string().min(1).max(20),
  offerListingID: z.string().min(1).max(200),
  // An empty dropdown (minimum order quantity not chosen) sends ''; the add then explains the minimum.
  quantity: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(999).default(1),
  ),
  'submit.add-to-cart': z.string().optional(),
  'submit.buy-now': z.string().optional(),
  'submit.one-click': z.string().optional(),
  'gift-wrap': z.enum(['true', 'false', 'on']).optional(),
  'device-preregistration': z.enum(['true', 'false', 'on']).optional(),
  'installments-check': z.string().max(80).optional(),
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

const DELIVERY_DAYS = 2;

export const checkoutRoutes: FastifyPluginAsyncZod<{ assets?: ClientAssets }> = async (app, { assets }) => {
  const marketplace = marketplaceById(DEFAULT_MARKETPLACE_ID);
  if (!marketplace) throw new Error('default marketplace missing');
  const money = (minor: number) => toPrice(minor, marketplace.currencyCode, marketplace.priceFormat);

  const signInFirst = (request: FastifyRequest, reply: FastifyReply) =>
    reply.redirect(`/gp/sign-in.html?path=${encodeURIComponent(request.url)}`, 303);

  const lastAddress = async (customerId: string): Promise<ShippingAddress | null> => {
    const last = await app.store.db
      .selectFrom('orders')
      .select('shipping_address')
      .where('customer_id', '=', customerId)
      .where('shipping_address', 'is not', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return last?.shipping_address ? (JSON.parse(last.shipping_address) as ShippingAddress) : null;
  };

  /** The address a checkout starts from: the customer's last order's, else their name and ZIP. */
  const startingAddress = async (customer: Customer): Promise<AddressView> =>
    (await lastAddress(customer.id)) ?? {
      fullName: customer.name,
      line1: '',
      city: '',
      state: '',
      postalCode: customer.postalCode ?? '',
    };

  const checkoutLines = async (
    request: FastifyRequest,
    buyNow: z.infer<typeof buyNowItem> | null,
  ): Promise<{ lines: OrderLineView[]; subtotalMinor: number } | null> => {
    if (buyNow) {
      const one = await buyNowLineView(app.store.db, marketplace.marketplaceId, buyNow);
      return one ? { lines: [one.line], subtotalMinor: one.subtotalMinor } : null;
    }
    const owner = await request.session.cartOwner();
    await settleDealsInCart(app.store.db, owner, marketplace.marketplaceId, app.clock());
    return cartLineViews(app.store.db, owner, marketplace);
  };

  const checkoutPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    view: Pick<CheckoutPageData, 'address' | 'problems' | 'error'>,
    buyNow: z.infer<typeof buyNowItem> | null,
  ) => {
    const found = await checkoutLines(request, buyNow);
    if (!found) return app.renderNotFound(request, reply);
    return sendPage(
      request,
      reply,
      status,
      { title: 'Checkout | Northwind Market', language: marketplace.language, robots: 'noindex' },
      {
        page: 'checkout',
        shopper: await shopperView(app, request),
        source: buyNow ? 'buy-now' : 'cart',
        buyNow,
        lines: found.lines,
        subtotal: money(found.subtotalMinor),
        itemCount: found.lines.reduce((sum, l) => sum + l.quantity, 0),
        csrfToken: request.session.csrfToken,
        ...view,
      },
      assets,
    );
  };

  const buyBoxHandler = async (
    request: FastifyRequest<{ Body: z.infer<typeof buyBoxForm> }>,
    reply: FastifyReply,
  ) => {
    const form = request.body;
    const item = { asin: form.ASIN, offerListingId: form.offerListingID, quantity: form.quantity };
    const upsells = await buyBoxUpsells(app.store.db, marketplace.marketplaceId, form);
    if (!upsells.ok) {
      return reply.redirect(`/gp/cart/view.html?${new URLSearchParams({ error: upsells.message })}`, 303);
    }
    if (form['submit.one-click'] !== undefined) {
      // 1-Click orders at once to the address of the customer's last order; without one, checkout asks.
      const customer = await request.session.customer();
      const address = customer ? await lastAddress(customer.id) : null;
      if (customer && address) {
        const result = await placeOrder(app.store.db, {
          customerId: customer.id,
          marketplaceId: marketplace.marketplaceId,
          lines: [item, ...upsells.items],
          address,
          via: 'one-click',
          now: app.clock(),
        });
        if (result.ok) {
          app.productCache.clear();
          return reply.redirect(`${THANK_YOU_PATH}?orderId=${encodeURIComponent(result.orderId)}`, 303);
        }
        return reply.redirect(
          `/gp/cart/view.html?${new URLSearchParams({ error: shopperMessage(result.problem) })}`,
          303,
        );
      }
    }
    const buyNow = form['submit.buy-now'] !== undefined || form['submit.one-click'] !== undefined;
    if (buyNow && upsells.items.length === 0) {
      const query = new URLSearchParams({ ...item, quantity: String(item.quantity) });
      return reply.redirect(`${CHECKOUT_PATH}?${query}`, 303);
    }
    const flag = (value: string | undefined) => value === 'true' || value === 'on';
    const owner = await request.session.cartOwner();
    const result = await addCartItems(
      app.store.db,
      owner,
      marketplace.marketplaceId,
      'RETAIL',
      [
        {
          ...item,
          additionalParameters: {
            ...(form['gift-wrap'] ? { giftOptions: { includeGiftReceipt: flag(form['gift-wrap']) } } : {}),
            ...(form['device-preregistration']
              ? { devicePreregistration: { selected: flag(form['device-preregistration']) } }
              : {}),
            ...(form['installments-check']
              ? { installments: { programId: form['installments-check'] } }
              : {}),
          },
        },
        ...upsells.items,
      ],
      app.clock(),
    );
    app.metrics.cartAdds.inc({ api: 'buy-box-form', outcome: result.ok ? 'added' : result.problem.code });
    if (!result.ok) {
      return reply.redirect(
        `/gp/cart/view.html?${new URLSearchParams({ error: shopperMessage(result.problem) })}`,
        303,
      );
    }
    // Buy now with accessories: the page item and its accessories go to the cart, then to checkout.
    if (buyNow) return reply.redirect(CHECKOUT_PATH, 303);
    return reply.redirect('/gp/cart/view.html?notice=added', 303);
  };
  const buyBoxRoute = { schema: { hide: true, body: buyBoxForm } };
  app.post('/gp/product/handle-buy-box', buyBoxRoute, buyBoxHandler);
  app.post(
    '/gp/product/handle-buy-box/ref=:ref',
    { schema: { ...buyBoxRoute.schema, params: z.object({ ref: z.string().max(128) }) } },
    buyBoxHandler,
  );

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
        { address: await startingAddress(customer), problems: [], error: null },
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
    const { address, problems } = checkShippingAddress(form);
    if (problems.length)
      return checkoutPage(request, reply, 400, { address, problems, error: null }, buyNowData);

    let lines: OrderLine[];
    if (buyNowData) {
      lines = [buyNowData];
    } else {
      const found = await cartLineViews(app.store.db, await request.session.cartOwner(), marketplace);
      lines = found.lines.map((l) => ({
        asin: l.asin,
        offerListingId: l.offerListingId,
        quantity: l.quantity,
        cartLineId: l.id,
      }));
    }
    const result = await placeOrder(app.store.db, {
      customerId: customer.id,
      marketplaceId: marketplace.marketplaceId,
      lines,
      address,
      via: buyNowData ? 'buy-now' : 'cart',
      now: app.clock(),
    });
    if (!result.ok) {
      return checkoutPage(
        request,
        reply,
        result.status,
        { address, problems: [], error: shopperMessage(result.problem) },
        buyNowData,
      );
    }
    // Stock changed: product answers cached in this process must not show the old availability.
    app.productCache.clear();
    return reply.redirect(`${THANK_YOU_PATH}?orderId=${encodeURIComponent(result.orderId)}`, 303);
  });

  app.get(
    THANK_YOU_PATH,
    { schema: { hide: true, querystring: z.object({ orderId: z.string().max(40).optional() }) } },
    async (request, reply) => {
      const customer = await request.session.customer();
      if (!customer) return signInFirst(request, reply);
      const found = request.query.orderId ? await findOrder(app.store.db, request.query.orderId) : undefined;
      // Someone else's order is as unknown as a missing one.
      if (!found || found.order.customer_id !== customer.id) return app.renderNotFound(request, reply);
      const delivery = new Date(found.order.created_at + DELIVERY_DAYS * 24 * 60 * 60 * 1000);
      return sendPage(
        request,
        reply,
        200,
        { title: 'Order placed | Northwind Market', language: marketplace.language, robots: 'noindex' },
        {
          page: 'order-confirmation',
          shopper: await shopperView(app, request),
          orderId: found.order.id,
          lines: found.items.map((item) => {
            const [image] = JSON.parse(item.images) as { src: string; alt: string }[];
            return {
              id: item.id,
              asin: item.asin,
              offerListingId: item.offer_id,
              title: item.title,
              image: image ? { url: image.src, altText: image.alt } : null,
              unitPrice: money(item.unit_price_minor),
              lineTotal: money(item.unit_price_minor * item.quantity),
              quantity: item.quantity,
              minQuantity: 1,
              maxQuantity: item.quantity,
            };
          }),
          subtotal: money(found.order.subtotal_minor),
          address: JSON.parse(found.order.shipping_address ?? '{}') as AddressView,
          deliveryEstimate: delivery.toLocaleDateString('en-US', {
            weekday: 'long',
            month: 'long',
            day: 'numeric',
            timeZone: 'UTC',
          }),
        },
        assets,
      );
    },
  );
};
