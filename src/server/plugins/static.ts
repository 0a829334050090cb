import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { ClientAssets } from '../render/client-assets';

const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#131921"/><path d="M16 5l9 11-9 11-9-11z" fill="#febd69"/></svg>';

/** Serves the favicon, the demo catalog's images and, when the client is built, its hashed assets (cached for a year). */
export const staticPlugin = fp<{ assets?: ClientAssets }>(
  async (app, { assets }) => {
    await app.register(fastifyStatic, {
      root: resolve('catalog/demo/images'),
      prefix: '/images/demo/',
      maxAge: '1d',
      index: false,
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
      });
    }
  },
  { name: 'static' },
);
