import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { openStore, type Store } from './db/database';
import type { Env } from './env';
import { compressInMemoryPlugin } from './plugins/compress-in-memory';
import { csrfPlugin } from './plugins/csrf';
import { devicePlugin } from './plugins/device';
import { errorsPlugin, sendError } from './plugins/errors';
import { metricsPlugin } from './plugins/metrics';
import { type AnswerCheck, openApiPlugin } from './plugins/openapi';
import { logDestination, OneLinePerRequest } from './plugins/request-log';
import { securityHeadersPlugin } from './plugins/security-headers';
import { sessionPlugin } from './plugins/session';
import { staticPlugin } from './plugins/static';
import { type Clock, storePlugin } from './plugins/store';
import type { ClientAssets } from './render/client-assets';
import { notFoundPagePlugin } from './render/not-found-page';
import { accountRoutes } from './routes/account/account-routes';
import { addOnServicesRoutes } from './routes/add-on-services/add-on-services-routes';
import { bundleRoutes } from './routes/bundles/bundle-routes';
import { businessRoutes } from './routes/business/business-routes';
import { splitBasketRoutes } from './routes/business/split-basket-routes';
import { buyBoxRoutes } from './routes/buy-box/buy-box-routes';
import { handleBuyBoxRoutes } from './routes/buy-box/handle-buy-box-routes';
import { cartModifyRoutes } from './routes/cart/cart-modify-routes';
import { cartPageRoutes } from './routes/cart/cart-page-routes';
import { cartRoutes } from './routes/cart/cart-routes';
import { checkoutRoutes } from './routes/checkout/checkout-routes';
import { dealRoutes } from './routes/deals/deal-routes';
import { deliveryRoutes } from './routes/delivery/delivery-routes';
import { groceryPageRoutes } from './routes/grocery/grocery-page-routes';
import { groceryRoutes } from './routes/grocery/grocery-routes';
import { repeatDeliveryRoutes } from './routes/grocery/repeat-delivery-routes';
import { healthRoutes } from './routes/health/health-routes';
import { loggingRoutes } from './routes/logging/logging-routes';
import { helpRoutes } from './routes/pages/help-routes';
import { pageRoutes } from './routes/pages/page-routes';
import { productRoutes } from './routes/products/product-routes';
import { signInRoutes } from './routes/sign-in/sign-in-routes';
import { smartHomeRoutes } from './routes/smart-home/smart-home-routes';
import { sponsoredRoutes } from './routes/sponsored/sponsored-routes';

export type AppOptions = {
  env: Env;
  /** A store opened by the caller (tests share one per file); otherwise DATABASE_URL is opened. */
  store?: Store;
  clock?: Clock;
  assets?: ClientAssets;
  /** Tests: every JSON answer of a documented route is checked against the OpenAPI document. */
  checkAnswer?: AnswerCheck;
};

const VERSIONED_JSON = /^application\/vnd\.com\.amazon\.api\+json/;

/** Builds the app. Plugins register in this order: errors, security headers, metrics, store, parsers, session, csrf, device, docs, routes. */
export async function buildApp({
  env,
  store,
  clock = Date.now,
  assets,
  checkAnswer,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      env.LOG_LEVEL === 'silent'
        ? false
        : {
            level: env.LOG_LEVEL,
            redact: ['req.headers.cookie', 'req.headers["x-csrf-token"]'],
            stream: logDestination(),
          },
    logController: new OneLinePerRequest(),
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 256 * 1024,
    return503OnClosing: true,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Tests check every answer against its zod contract; production trusts the typed handlers and skips
  // the second parse (it costs more than the rest of a product read).
  app.setSerializerCompiler(
    env.NODE_ENV === 'test' ? serializerCompiler : () => (data) => JSON.stringify(data),
  );
  await app.register(errorsPlugin);
  // First of the hooks: every answer, errors and 404s included, carries the security headers.
  await app.register(securityHeadersPlugin);
  await app.register(metricsPlugin);
  await app.register(storePlugin, {
    store: store ?? openStore(env.DATABASE_URL),
    env,
    clock,
    ownsStore: !store,
  });

  // Pages and JSON travel compressed when the client asks: bodies in memory in one call (decision
  // 0038), streams by @fastify/compress; brotli at a low quality keeps it cheap.
  await app.register(compressInMemoryPlugin);
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  // The cart API's versioned media types (cart.add-items.request/v1) carry JSON.
  app.addContentTypeParser(VERSIONED_JSON, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

  await app.register(sessionPlugin);
  await app.register(csrfPlugin);
  await app.register(devicePlugin);

  await app.register(openApiPlugin, { checkAnswer });

  await app.register(staticPlugin, { assets });
  await app.register(notFoundPagePlugin, { assets });
  await app.register(healthRoutes);
  await app.register(loggingRoutes);
  await app.register(productRoutes);
  await app.register(cartRoutes);
  await app.register(cartModifyRoutes);
  await app.register(buyBoxRoutes);
  await app.register(handleBuyBoxRoutes);
  await app.register(dealRoutes);
  await app.register(deliveryRoutes);
  await app.register(groceryRoutes);
  await app.register(repeatDeliveryRoutes);
  await app.register(bundleRoutes);
  await app.register(smartHomeRoutes);
  await app.register(sponsoredRoutes);
  await app.register(businessRoutes);
  await app.register(signInRoutes, { assets });
  await app.register(pageRoutes, { assets });
  await app.register(cartPageRoutes, { assets });
  await app.register(checkoutRoutes, { assets });
  await app.register(helpRoutes, { assets });
  await app.register(accountRoutes, { assets });
  await app.register(splitBasketRoutes, { assets });
  await app.register(groceryPageRoutes, { assets });
  await app.register(addOnServicesRoutes, { assets });

  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && request.headers.accept?.includes('text/html')) {
      return app.renderNotFound(request, reply);
    }
    return sendError(reply, 404, 'not_found', `no route for ${request.method} ${request.url.split('?')[0]}`);
  });
  return app;
}
