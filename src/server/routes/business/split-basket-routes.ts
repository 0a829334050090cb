import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseFreeQuantity } from '../../../domain/quantity/free-quantity';
import { splitBasketAddForm, splitBasketQuery } from '../../../shared/contracts/pages/split-basket-page';
import { DEFAULT_MARKETPLACE_ID, marketplaceById } from '../../../shared/marketplaces';
import type { ClientAssets } from '../../render/client-assets';
import { sendPage, shopperView } from '../../render/send-page';
import { addSplitBasket, splitBasket } from '../../services/business/split-basket';
import { sendRefusal } from '../refusal-status';

const PATH = '/gp/buy/basket/ff.html';
const ASIN = /^[A-Z0-9]{10}$/;

/**
 * BIZ-003: the fast-forward basket the limited-availability split link opens: the quantity split over
 * sellers, and a plain form that adds every line to the cart at once (it works without JavaScript).
 */
export const splitBasketRoutes: FastifyPluginAsyncZod<{ assets?: ClientAssets }> = async (
  app,
  { assets },
) => {
  const marketplace = marketplaceById(DEFAULT_MARKETPLACE_ID);
  if (!marketplace) throw new Error('default marketplace missing');

  app.get(PATH, { schema: { hide: true, querystring: splitBasketQuery } }, async (request, reply) => {
    const { asin, quantity, ref_, problem } = request.query;
    if (!asin || !ASIN.test(asin)) return app.renderNotFound(request, reply);
    const customer = await request.session.customer();
    const split = await splitBasket(app.store.db, {
      marketplace,
      asin,
      quantity: parseFreeQuantity(quantity ?? '1'),
      business: customer?.isBusiness === true,
    });
    if (!split.found) return app.renderNotFound(request, reply);
    return sendPage(
      request,
      reply,
      200,
      {
        title: `Buy from several sellers | Northwind Market`,
        language: marketplace.language,
        robots: 'noindex',
      },
      {
        page: 'split-basket',
        shopper: await shopperView(app, request),
        csrfToken: request.session.csrfToken,
        refTag: ref_ ?? null,
        problem: problem ?? null,
        ...split.view,
      },
      assets,
    );
  });

  app.post(
    PATH,
    { schema: { hide: true, body: splitBasketAddForm }, attachValidation: true },
    async (request, reply) => {
      // Its fields are hidden: only a forged or broken form gets here, answered as an API error.
      if (request.validationError) {
        const message = 'asin and a quantity from 1 to 999 are needed';
        return sendRefusal(reply, { code: 'invalid_form', message });
      }
      const customer = await request.session.customer();
      const { asin, quantity } = request.body;
      const result = await addSplitBasket(app.store.db, {
        marketplace,
        asin,
        quantity,
        business: customer?.isBusiness === true,
        owner: await request.session.cartOwner(),
        now: app.clock(),
      });
      if (result.ok) return reply.redirect('/gp/cart/view.html?notice=added', 303);
      // A product that is not sold here was never on a page: a forged form, answered as an API error.
      if (result.refusal.code === 'unknown_product') return sendRefusal(reply, result.refusal);
      const back = new URLSearchParams({
        asin,
        quantity: String(quantity),
        ref_: 'bbt_limit_order',
        problem: result.refusal.message,
      });
      return reply.redirect(`${PATH}?${back}`, 303);
    },
  );
};
