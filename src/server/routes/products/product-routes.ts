import type { FastifyReply, FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod, validatorCompiler } from 'fastify-type-provider-zod';
import { errorResponse, productParams } from '../../../shared/contracts/common';
import { accessoriesSliceResponse } from '../../../shared/contracts/page-slices';
import { type ProductQuery, productQuery, productResponse } from '../../../shared/contracts/products';
import { type Marketplace, marketplaceById } from '../../../shared/marketplaces';
import { compressOnce } from '../../plugins/compress-in-memory';
import { deviceOf } from '../../plugins/device';
import { knownAnonymous } from '../../plugins/session';
import { withDealDetails } from '../../services/deals/deal-view';
import { accessoriesSliceFor } from '../../services/products/product-page';
import {
  ANONYMOUS_VIEWER,
  type ProductAnswer,
  type ProductViewer,
  readProduct,
  readProductAnswer,
} from '../../services/products/product-view';
import { sendRefusal } from '../refusal-status';

const MESSAGES = {
  unknown_marketplace: 'unknown marketplaceId',
  unknown_product: 'no product with this asin',
  no_such_page: 'no quantity pricing tiers on this page',
} as const;

/** At most 20 characters, as the route's params schema allows a marketplace id and an ASIN. */
const isPathSegment = (value: unknown) =>
  typeof value === 'string' && value.length >= 1 && value.length <= 20;

/**
 * The product read's checks: the zod schemas, with the two most common cases answered without them:
 * path params that are two short strings (what zod's object gives back for them), and
 * no query at all (an empty object, as zod gives for it). Anything else goes through zod, errors
 * and all.
 */
const productReadValidator: typeof validatorCompiler = (route) => {
  const check = validatorCompiler(route);
  if (route.httpPart === 'params') {
    return (data) => {
      const params = data as { marketplaceId?: unknown; asin?: unknown } | null;
      return params && isPathSegment(params.marketplaceId) && isPathSegment(params.asin)
        ? { value: { marketplaceId: params.marketplaceId, asin: params.asin } }
        : check(data);
    };
  }
  if (route.httpPart === 'querystring') {
    return (data) => {
      if (data !== null && typeof data === 'object') {
        for (const _ in data) return check(data);
        return { value: {} };
      }
      return check(data);
    };
  }
  return check;
};

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = app.productCache;
  // The app checks answers against their contracts only under test (app.ts).
  const checkAnswers = app.env.NODE_ENV === 'test';
  const viewerOf = async (request: {
    session: { customer(): Promise<{ id: string; isBusiness: boolean } | null> };
  }): Promise<ProductViewer> => {
    const customer = await request.session.customer();
    return { business: customer?.isBusiness === true, customerId: customer?.id ?? null };
  };

  // A shared answer is kept under the URL exactly as it came (path and query), so a repeat of that URL
  // is answered before its params and query are parsed again: they would parse to the same values, and
  // no per-shopper state goes into a shared answer. The app's own hooks (security headers, session
  // cookie, metrics, compression) still run; only validation, the CSRF pass-through and the handler
  // are skipped.
  app.get(
    '/api/marketplaces/:marketplaceId/products/:asin',
    {
      // With the cache off (PRODUCT_CACHE_TTL_MS=0, fixed for the process) there is nothing to look up.
      ...(cache.enabled
        ? {
            onRequest: (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
              const cached = cache.get(request.url);
              if (cached) reply.type('application/json; charset=utf-8').send(cached as never);
              else done();
            },
          }
        : {}),
      validatorCompiler: productReadValidator as never,
      schema: {
        tags: ['products'],
        summary: 'A product with its buying options and the requested expansions',
        params: productParams,
        querystring: productQuery,
        response: { 200: productResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    (request, reply) => {
      // DEAL-036: deal answers carry the caller's own status, so they never share the cache.
      if (request.query.buyingOptionTypes?.includes('LIGHTNING_DEAL')) {
        return dealAnswer(request, reply) as Promise<never>;
      }
      const { marketplaceId, asin } = request.params;
      const read = (viewer: ProductViewer) =>
        readProductAnswer(app.store.db, marketplaceId, asin, request.query, viewer);
      // A first visit's token has no signed-in customer: no session object to build.
      const answer = knownAnonymous(request) ? read(ANONYMOUS_VIEWER) : viewerOf(request).then(read);
      // On SQLite the answer is most often there at once: sent without a promise in between.
      // A handler that sent its answer returns the reply, as an async handler does after reply.send.
      if (answer instanceof Promise)
        return answer.then((result) => sendAnswer(request, reply, result)) as Promise<never>;
      sendAnswer(request, reply, answer);
    },
  );

  /** Sends the product answer (the JSON text as it is) or its 404, and keeps a shared answer in the cache. */
  const sendAnswer = (request: FastifyRequest, reply: FastifyReply, result: ProductAnswer): FastifyReply => {
    if (!result.found) return sendRefusal(reply, { code: result.reason, message: MESSAGES[result.reason] });
    // Tests hold every answer to its contract: the text goes through the route's checking serializer.
    if (checkAnswers) reply.serialize(JSON.parse(result.json));
    // Only answers that are the same for everyone are cached: never a priced quantity (it carries the
    // caller's coupon) and never a product with business-only offers (only business customers see them).
    const shared = (request.query as ProductQuery).itemQuantity === undefined;
    if (!shared || result.businessOffers) reply.header('cache-control', 'private, no-store');
    // Bytes with a JSON content type go out as they are: no serializing, no UTF-8 encoding again.
    else if (cache.enabled) cache.set(request.url, compressOnce(Buffer.from(result.json)));
    // Text with a JSON content type goes out as it is, as a serialized answer would.
    return reply.type('application/json; charset=utf-8').send(result.json);
  };

  /** A lightning deal answer (DEAL-036): the caller's own status, never shared. */
  const dealAnswer = async (
    request: FastifyRequest<{ Params: { marketplaceId: string; asin: string }; Querystring: ProductQuery }>,
    reply: FastifyReply,
  ) => {
    const { marketplaceId, asin } = request.params;
    const customer = await request.session.customer();
    const result = await readProduct(app.store.db, marketplaceId, asin, request.query, {
      business: customer?.isBusiness === true,
      customerId: customer?.id ?? null,
    });
    if (!result.found) return sendRefusal(reply, { code: result.reason, message: MESSAGES[result.reason] });
    reply.header('cache-control', 'private, no-store');
    return withDealDetails(app.store.db, result.body, marketplaceById(marketplaceId) as Marketplace, {
      owner: await request.session.cartOwner(),
      shopper: { hasPrimeSavingsBenefit: customer?.isPrime === true },
      device: deviceOf(request),
      now: app.clock(),
    });
  };

  app.get(
    '/api/marketplaces/:marketplaceId/products/:asin/page-slices/accessories',
    {
      schema: {
        tags: ['products'],
        summary: "The product page's deferred accessory upsells slice (ACC-001..005)",
        description:
          'The page calls this after first paint when its server left the slice out. accessories is null when the product offers none.',
        params: productParams,
        response: { 200: accessoriesSliceResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const { marketplaceId, asin } = request.params;
      const result = await accessoriesSliceFor(app.store.db, marketplaceId, asin);
      if (!result.found) return sendRefusal(reply, { code: result.reason, message: MESSAGES[result.reason] });
      return { type: 'page-slice.accessories/v1' as const, accessories: result.accessories };
    },
  );
};
