import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_MARKETPLACE_ID, marketplaceById } from '../../../shared/marketplaces';
import type { ProductPageData } from '../../../web/page-data';
import type { ClientAssets } from '../../render/client-assets';
import { productJsonLd } from '../../render/product-json-ld';
import { sendPage, shopperView } from '../../render/send-page';
import { readProduct } from '../products/product-view';

const pageParams = z.object({ asin: z.string().max(40), ref: z.string().max(128).optional() });

export const pageRoutes: FastifyPluginAsyncZod<{ assets?: ClientAssets }> = async (app, { assets }) => {
  const marketplace = marketplaceById(DEFAULT_MARKETPLACE_ID);
  if (!marketplace) throw new Error('default marketplace missing');

  const productPage = async (
    request: FastifyRequest<{ Params: z.infer<typeof pageParams> }>,
    reply: FastifyReply,
  ) => {
    const { asin, ref } = request.params;
    const lookup = await readProduct(app.store.db, marketplace.marketplaceId, asin, {});
    if (!lookup.found) return app.renderNotFound(request, reply);
    const row = lookup.product;
    const entity = lookup.body.entity;
    const option = entity.buyingOptions.find((o) => o.type === 'NEW') ?? entity.buyingOptions[0];
    const data: ProductPageData = {
      page: 'product',
      csrfToken: request.session.csrfToken,
      marketplaceId: marketplace.marketplaceId,
      language: marketplace.language,
      shopper: await shopperView(app, request),
      refTag: ref ?? null,
      product: {
        asin: entity.asin,
        title: entity.title?.displayString ?? row.title,
        brand: row.brand,
        images: (entity.images ?? []).map(({ url, altText, width, height }) => ({
          url,
          altText,
          width,
          height,
        })),
        bullets: entity.featureBullets ?? [],
        rating: entity.customerReviewsSummary?.starRating ?? 0,
        ratingCount: entity.customerReviewsSummary?.ratingCount ?? 0,
        offer:
          option?.price && option.quantity && option.availability && option.callToAction
            ? {
                offerListingId: option.offerListingId,
                merchantName: option.merchant.name,
                price: option.price.priceToPay,
                listPrice: option.price.basisPrice ?? null,
                savingsPercent: option.price.savings?.percentage ?? 0,
                availability: option.availability.displayString,
                canAddToCart: option.callToAction.addToCart.data.canAddToCart,
                minOrderQuantity: option.quantity.minOrderQuantity,
                maxOrderQuantity: option.quantity.maxOrderQuantity,
              }
            : null,
      },
    };
    const description = row.description || data.product.bullets[0] || data.product.title;
    return sendPage(
      request,
      reply,
      200,
      {
        title: `${data.product.title} | Northwind Market`,
        description,
        canonicalPath: `/dp/${asin}`,
        language: marketplace.language,
        ...(data.product.images[0] ? { preloadImage: data.product.images[0].url } : {}),
        jsonLd: productJsonLd(data.product, description, `${request.protocol}://${request.host}`),
      },
      data,
      assets,
    );
  };

  app.get('/dp/:asin', { schema: { hide: true, params: pageParams } }, productPage);
  app.get('/dp/:asin/ref=:ref', { schema: { hide: true, params: pageParams } }, productPage);
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/dp/B0PDPSPK01'));
};
