import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { productPageSlices, SERVER_AREAS } from './areas/areas';
import type { ServerArea } from './areas/server-area';
import { openStore, type Store } from './db/database';
import type { Env } from './env';
import { compressInMemoryPlugin } from './plugins/compress-in-memory';
import { csrfPlugin } from './plugins/csrf';
import { devicePlugin } from './plugins/device';
import { errorsPlugin, sendError } from './plugins/errors';
import { idempotencyKeysPlugin, keepIdempotentAnswersPlugin } from './plugins/idempotency';
import { metricsPlugin } from './plugins/metrics';
import { type AnswerCheck, openApiPlugin } from './plugins/openapi';
import { rateLimitsPlugin } from './plugins/rate-limits';
import { logDestination, OneLinePerRequest } from './plugins/request-log';
import { securityHeadersPlugin } from './plugins/security-headers';
import { sessionPlugin } from './plugins/session';
import { staticPlugin } from './plugins/static';
import { type Clock, storePlugin } from './plugins/store';
import type { ClientAssets } from './render/client-assets';
import { notFoundPagePlugin } from './render/not-found-page';

export type AppOptions = {
  env: Env;
  /** A store opened by the caller (tests share one per file); otherwise DATABASE_URL is opened. */
  store?: Store;
  clock?: Clock;
  assets?: ClientAssets;
  /** The areas whose routes and page slices the app serves: the store's list unless a test gives its own. */
  areas?: readonly ServerArea[];
  /** Tests: every JSON answer of a documented route is checked against the OpenAPI document. */
  checkAnswer?: AnswerCheck;
};

const VERSIONED_JSON = /^application\/vnd\.com\.amazon\.api\+json/;

/**
 * Builds the app. Plugins register in this order: errors, security headers, metrics, store, idempotent
 * answers, compression (in memory, then streams), parsers, session, csrf, idempotency keys, rate limits, device,
 * OpenAPI, static files, the not-found page, then each area's routes (areas/areas.ts).
 */
export async function buildApp({
  env,
  store,
  clock = Date.now,
  assets,
  areas = SERVER_AREAS,
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

  // A write with an Idempotency-Key is done once per key (checked after the CSRF token, below); its
  // answer is kept before it is compressed.
  await app.register(keepIdempotentAnswersPlugin);

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
  await app.register(idempotencyKeysPlugin);
  await app.register(rateLimitsPlugin);
  await app.register(devicePlugin);

  await app.register(openApiPlugin, { checkAnswer });

  await app.register(staticPlugin, { assets });
  await app.register(notFoundPagePlugin, { assets });
  app.decorate('productPageSlices', productPageSlices(areas));
  for (const area of areas) {
    for (const routes of area.routes ?? []) await app.register(routes, { assets });
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && request.headers.accept?.includes('text/html')) {
      return app.renderNotFound(request, reply);
    }
    return sendError(reply, 404, 'not_found', `no route for ${request.method} ${request.url.split('?')[0]}`);
  });
  return app;
}
