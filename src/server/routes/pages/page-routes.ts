import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ProductPageParams, productPageParams } from '../../../shared/contracts/products';
import { DEFAULT_MARKETPLACE_ID, marketplaceById } from '../../../shared/marketplaces';
import { pageLanguageFrom } from '../../../shared/page-languages';
import { deviceOf } from '../../plugins/device';
import type { ClientAssets } from '../../render/client-assets';
import { productJsonLd } from '../../render/product-json-ld';
import { sendPage, shopperView } from '../../render/send-page';
import { OFFER_VIEW_QUERY, offerView } from '../../services/products/page-slice';
import { assembleProductPage } from '../../services/products/product-page';
import { readProduct } from '../../services/products/product-view';

/** The product's canonical path, keeping the ref tag and the query (?qty=…) the shopper came with. */
function canonicalUrl(request: FastifyRequest, asin: string, ref?: string): string {
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  return `/dp/${encodeURIComponent(asin)}${ref ? `/ref=${encodeURIComponent(ref)}` : ''}${query}`;
}

export const pageRoutes: FastifyPluginAsyncZod<{ assets?: ClientAssets }> = async (app, { assets }) => {
  const marketplace = marketplaceById(DEFAULT_MARKETPLACE_ID);
  if (!marketplace) throw new Error('default marketplace missing');

  const productPage = async (request: FastifyRequest<{ Params: ProductPageParams }>, reply: FastifyReply) => {
    const { asin, ref } = request.params;
    const lookup = await readProduct(app.store.db, marketplace.marketplaceId, asin, OFFER_VIEW_QUERY);
    if (!lookup.found) {
      // ASINs are upper case; a hand-typed or lower-cased link finds its product at the one canonical
      // URL (decision 0016) instead of a dead end.
      const canonical = asin.toUpperCase();
      if (
        canonical !== asin &&
        (await readProduct(app.store.db, marketplace.marketplaceId, canonical, {})).found
      ) {
        return reply.redirect(canonicalUrl(request, canonical, ref), 301);
      }
      return app.renderNotFound(request, reply);
    }
    const row = lookup.product;
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    // ?language=es_US shows the page in a language the store knows (the grocery fallback modal, GRO-035).
    const language = pageLanguageFrom(query.get('language'), marketplace.language);
    const data = await assembleProductPage(
      app.store.db,
      {
        marketplace,
        product: row,
        offer: offerView(lookup.body.entity),
        customer: await request.session.customer(),
        csrfToken: request.session.csrfToken,
        owner: await request.session.cartOwner(),
        device: deviceOf(request),
        now: app.clock(),
      },
      {
        shopper: await shopperView(app, request),
        refTag: ref ?? null,
        query,
        log: request.log,
      },
      app.productPageSlices,
    );
    data.language = language;
    const description = row.description || data.product.bullets[0] || data.product.title;
    return sendPage(
      request,
      reply,
      200,
      {
        title: `${data.product.title} | Northwind Market`,
        description,
        canonicalPath: `/dp/${asin}`,
        language,
        ...(data.product.images[0] ? { image: data.product.images[0].url } : {}),
        jsonLd: productJsonLd(data.product, description, `${request.protocol}://${request.host}`),
      },
      data,
      assets,
    );
  };

  app.get('/dp/:asin', { schema: { hide: true, params: productPageParams } }, productPage);
  app.get('/dp/:asin/ref=:ref', { schema: { hide: true, params: productPageParams } }, productPage);
  // A trailing slash is the same address; one canonical URL per product (decision 0016).
  app.get('/dp/:asin/', { schema: { hide: true, params: productPageParams } }, async (request, reply) => {
    const canonical = request.params.asin.toUpperCase();
    const lookup = await readProduct(app.store.db, marketplace.marketplaceId, canonical, {});
    if (!lookup.found) return app.renderNotFound(request, reply);
    return reply.redirect(canonicalUrl(request, canonical), 301);
  });
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/dp/B0PDPSPK01'));
};
