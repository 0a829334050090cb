import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { servicePageParams, servicePageQuery } from '../../../shared/contracts/add-on-services';
import { DEFAULT_MARKETPLACE_ID, marketplaceById } from '../../../shared/marketplaces';
import type { ClientAssets } from '../../render/client-assets';
import { sendPage, shopperView } from '../../render/send-page';
import { servicePage } from '../../services/add-on-services/add-on-calls';
import { shopperZip } from '../delivery/shopper-zip';

const pageSchema = { hide: true, params: servicePageParams, querystring: servicePageQuery };

/** VAS-005: the service page, as a real page. */
export const addOnServicePageRoutes: FastifyPluginAsyncZod<{ assets?: ClientAssets }> = async (
  app,
  { assets },
) => {
  const language = marketplaceById(DEFAULT_MARKETPLACE_ID)?.language ?? 'en-US';
  const servicePageRoute = async (
    request: FastifyRequest<{ Params: { asin: string; tag?: string }; Querystring: { seller?: string } }>,
    reply: FastifyReply,
  ) => {
    const marketplace = marketplaceById(DEFAULT_MARKETPLACE_ID);
    const page = marketplace
      ? await servicePage(app.store.db, {
          marketplace,
          asin: request.params.asin,
          zip: await shopperZip(request),
          seller: request.query.seller ?? null,
        })
      : null;
    if (!page) return app.renderNotFound(request, reply);
    return sendPage(
      request,
      reply,
      200,
      {
        title: `${page.service.title} | Northwind Market`,
        description: page.service.description,
        canonicalPath: `/gp/product/${page.service.asin}`,
        language,
      },
      {
        page: 'service',
        shopper: await shopperView(app, request),
        refTag: request.params.tag ?? null,
        ...page,
      },
      assets,
    );
  };
  app.get('/gp/product/:asin', { schema: pageSchema }, servicePageRoute);
  app.get('/gp/product/:asin/ref=:tag', { schema: pageSchema }, servicePageRoute);
};
