import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ClientAssets } from '../render/client-assets';

const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#131921"/><path d="M16 5l9 11-9 11-9-11z" fill="#febd69"/></svg>';

/** A file sent from its brotli or gzip copy depends on the request's Accept-Encoding: caches must know. */
const varyByEncoding = (res: { setHeader(name: string, value: string): unknown }) =>
  res.setHeader('vary', 'Accept-Encoding');

/** Serves the favicon, the demo catalog's images and, when the client is built, its hashed assets (cached for a year). */
export const staticPlugin = fp<{ assets?: ClientAssets }>(
  async (app, { assets }) => {
    // Files are the same for everyone: no session cookie is minted for them (a Set-Cookie header would
    // also keep a shared cache from storing them). The hook marks the routes of this context only, so
    // the files live in a context of their own.
    await app.register(async (files) => {
      files.addHook('onRoute', (route) => {
        route.config = { ...route.config, sessionless: true };
      });
      await registerFiles(files, assets);
    });
  },
  { name: 'static' },
);

async function registerFiles(app: FastifyInstance, assets: ClientAssets | undefined) {
  // The build copies the images beside the client's assets with brotli and gzip copies
  // (scripts/compress-assets.mjs): sent as they are instead of compressed on every request.
  const builtImages = assets?.root ? resolve(assets.root, 'images/demo') : null;
  const prebuilt = builtImages !== null && existsSync(builtImages);
  await app.register(fastifyStatic, {
    root: prebuilt ? builtImages : resolve('catalog/demo/images'),
    prefix: '/images/demo/',
    maxAge: '1d',
    index: false,
    preCompressed: prebuilt,
    ...(prebuilt ? { setHeaders: varyByEncoding } : {}),
  });
  app.get('/favicon.svg', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(FAVICON),
  );
  app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) =>
    reply.redirect('/favicon.svg', 301),
  );
  const client = assets?.root;
  if (client && existsSync(resolve(client, 'assets'))) {
    await app.register(fastifyStatic, {
      root: resolve(client, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
      index: false,
      preCompressed: true,
      setHeaders: varyByEncoding,
    });
  }
}
