import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type BuyBoxForm, buyBoxForm, buyBoxRefTagParams } from '../../../shared/contracts/buy-box';
import { DEFAULT_MARKETPLACE_ID } from '../../../shared/marketplaces';
import { takenKeyOf } from '../../plugins/idempotency';
import { handleBuyBox } from '../../services/buy-box/handle-buy-box';
import { shopperZip } from '../delivery/shopper-zip';

/** The buy box's plain form post (works before JavaScript): add to cart, buy now or 1-Click. */
export const handleBuyBoxRoutes: FastifyPluginAsyncZod = async (app) => {
  const handler = async (request: FastifyRequest<{ Body: BuyBoxForm }>, reply: FastifyReply) => {
    const outcome = await handleBuyBox(app.store.db, {
      form: request.body,
      marketplaceId: DEFAULT_MARKETPLACE_ID,
      session: request.session,
      now: app.clock(),
      ref: (request.params as { ref?: string } | undefined)?.ref ?? null,
      zip: await shopperZip(request),
      requestKey: takenKeyOf(request),
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
    { schema: { ...route.schema, params: buyBoxRefTagParams } },
    handler,
  );
};
