import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_MARKETPLACE_ID } from '../../../shared/marketplaces';
import { handleBuyBox } from '../../services/buy-box/handle-buy-box';
import { DELIVERY_ZIP_COOKIE } from '../../services/delivery/delivery-cookies';

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

/** The buy box's plain form post (works before JavaScript): add to cart, buy now or 1-Click. */
export const handleBuyBoxRoutes: FastifyPluginAsyncZod = async (app) => {
  const handler = async (
    request: FastifyRequest<{ Body: z.infer<typeof buyBoxForm> }>,
    reply: FastifyReply,
  ) => {
    const outcome = await handleBuyBox(app.store.db, {
      form: request.body,
      marketplaceId: DEFAULT_MARKETPLACE_ID,
      session: request.session,
      now: app.clock(),
      ref: (request.params as { ref?: string } | undefined)?.ref ?? null,
      zip: request.cookies[DELIVERY_ZIP_COOKIE] ?? (await request.session.customer())?.postalCode ?? null,
    });
    // Stock changed: product answers cached in this process must not show the old availability.
    if (outcome.orderPlaced) app.productCache.clear();
    if (outcome.cartAdd) app.metrics.cartAdds.inc({ api: 'buy-box-form', outcome: outcome.cartAdd });
    return reply.redirect(outcome.location, 303);
  };
  const route = { schema: { hide: true, body: buyBoxForm } };
  app.post('/gp/product/handle-buy-box', route, handler);
  app.post(
    '/gp/product/handle-buy-box/ref=:ref',
    { schema: { ...route.schema, params: z.object({ ref: z.string().max(128) }) } },
    handler,
  );
};
