import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_MARKETPLACE_ID, marketplaceById } from '../../../shared/marketplaces';
import { signInUrl } from '../../../shared/sign-in-url';
import type { ClientAssets } from '../../render/client-assets';
import { sendPage, shopperView } from '../../render/send-page';
import { ACCOUNT_PATH, accountOverview } from '../../services/account/account';

/** Your Account: the header's account entry for a signed-in shopper (decision 0015). */
export const accountRoutes: FastifyPluginAsyncZod<{ assets?: ClientAssets }> = async (app, { assets }) => {
  const marketplace = marketplaceById(DEFAULT_MARKETPLACE_ID);
  if (!marketplace) throw new Error('default marketplace missing');

  app.get(ACCOUNT_PATH, { schema: { hide: true } }, async (request, reply) => {
    const customer = await request.session.customer();
    if (!customer) return reply.redirect(signInUrl(ACCOUNT_PATH), 303);
    return sendPage(
      request,
      reply,
      200,
      { title: 'Your Account | Northwind Market', language: marketplace.language, robots: 'noindex' },
      {
        page: 'account',
        shopper: await shopperView(app, request),
        ...(await accountOverview(app.store.db, customer, marketplace, app.clock())),
        csrfToken: request.session.csrfToken,
      },
      assets,
    );
  });
};
