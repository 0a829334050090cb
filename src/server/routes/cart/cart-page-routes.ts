import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkCartLine, shopperMessage } from '../../../domain/cart/cart-line-rules';
import type { Notice } from '../../../shared/contracts/pages/shopper';
import { DEFAULT_MARKETPLACE_ID, marketplaceById } from '../../../shared/marketplaces';
import { toPrice } from '../../../shared/money/price-format';
import {
  deleteCartLine,
  findCartId,
  findCartLines,
  updateCartLine,
} from '../../db/repositories/cart-repository';
import { findOffer } from '../../db/repositories/product-repository';
import type { ClientAssets } from '../../render/client-assets';
import { sendPage, shopperView } from '../../render/send-page';
import { cartLineViews } from '../../services/checkout/order-lines';
import { releaseDealLine, settleDealsInCart } from '../../services/deals/claim-deal';

const NOTICES: Record<string, Notice> = {
  added: { kind: 'success', message: 'Added to cart' },
  updated: { kind: 'success', message: 'Your cart was updated.' },
  removed: { kind: 'info', message: 'The item was removed from your cart.' },
};

const cartQuery = z.object({
  notice: z.enum(['added', 'updated', 'removed']).optional().catch(undefined),
  error: z.string().max(300).optional().catch(undefined),
});

const updateForm = z.object({
  csrfToken: z.string().optional(),
  lineId: z.string().min(1).max(40),
  quantity: z.coerce.number().int().min(0).max(999).optional(),
  action: z.enum(['update', 'delete']).default('update'),
});

/** The cart page and its plain-form updates (they work without JavaScript). */
export const cartPageRoutes: FastifyPluginAsyncZod<{ assets?: ClientAssets }> = async (app, { assets }) => {
  const marketplace = marketplaceById(DEFAULT_MARKETPLACE_ID);
  if (!marketplace) throw new Error('default marketplace missing');

  const back = (reply: FastifyReply, query: Record<string, string>) =>
    reply.redirect(`/gp/cart/view.html?${new URLSearchParams(query)}`, 303);

  app.get(
    '/gp/cart/view.html',
    { schema: { hide: true, querystring: cartQuery } },
    async (request, reply) => {
      const owner = await request.session.cartOwner();
      await settleDealsInCart(app.store.db, owner, marketplace.marketplaceId, app.clock());
      const { lines, subtotalMinor } = await cartLineViews(app.store.db, owner, marketplace);
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
          itemCount: lines.reduce((sum, l) => sum + l.quantity, 0),
          notice: error ? { kind: 'error', message: error } : notice ? (NOTICES[notice] ?? null) : null,
          csrfToken: request.session.csrfToken,
        },
        assets,
      );
    },
  );

  app.post(
    '/gp/cart/update.html',
    { schema: { hide: true, body: updateForm }, attachValidation: true },
    async (request: FastifyRequest<{ Body: z.infer<typeof updateForm> }>, reply) => {
      if (request.validationError) return back(reply, { error: 'Choose a quantity from the list.' });
      const { lineId, quantity, action } = request.body;
      const owner = await request.session.cartOwner();
      const cartId = await findCartId(app.store.db, owner, marketplace.marketplaceId, 'RETAIL');
      const line = cartId
        ? (await findCartLines(app.store.db, cartId)).find((l) => l.id === lineId)
        : undefined;
      if (!cartId || !line) return back(reply, { error: 'That item is no longer in your cart.' });
      if (action === 'delete' || quantity === 0) {
        await deleteCartLine(app.store.db, cartId, lineId);
        // A removed deal line gives its held units back to the deal (and its waitlist) at once.
        await releaseDealLine(app.store.db, lineId, app.clock());
        return back(reply, { notice: 'removed' });
      }
      const offer = await findOffer(app.store.db, line.offer_id);
      if (
        offer?.condition_type === 'LIGHTNING_DEAL' &&
        quantity !== undefined &&
        quantity !== line.quantity
      ) {
        return back(reply, { error: 'The quantity of a deal is set when you claim it.' });
      }
      const problem = offer
        ? checkCartLine(
            {
              asin: offer.asin,
              buyable: offer.buyable === 1,
              stock: offer.stock,
              minOrderQuantity: offer.min_order_quantity,
              maxOrderQuantity: offer.max_order_quantity,
            },
            line.asin,
            quantity ?? line.quantity,
          )
        : { code: 'offer_not_found', message: 'This item is no longer available.', field: 'quantity' };
      if (problem) return back(reply, { error: shopperMessage(problem) });
      await updateCartLine(app.store.db, lineId, { ...line, quantity: quantity ?? line.quantity });
      return back(reply, { notice: 'updated' });
    },
  );
};
