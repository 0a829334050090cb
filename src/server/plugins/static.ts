import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { ClientAssets } from '../render/client-assets';

/** Serves the demo catalog's images and, when the client is built, its hashed assets (cached for a year). */
export const staticPlugin = fp<{ assets?: ClientAssets }>(
  async (app, { assets }) => {
    await app.register(fastifyStatic, {
      root: resolve('catalog/demo/images'),
      prefix: '/images/demo/',
      maxAge: '1d',
      index: false,
    });
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
