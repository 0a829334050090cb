import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_MARKETPLACE_ID, marketplaceById } from '../../shared/marketplaces';
import type { ClientAssets } from './client-assets';
import { sendPage, shopperView } from './send-page';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers 404 with the store's not-found page. */
    renderNotFound(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  }
}

export const notFoundPagePlugin = fp<{ assets?: ClientAssets }>(
  async (app, { assets }) => {
    const language = marketplaceById(DEFAULT_MARKETPLACE_ID)?.language ?? 'en-US';
    app.decorate('renderNotFound', async (request: FastifyRequest, reply: FastifyReply) =>
      sendPage(
        request,
        reply,
        404,
        { title: 'Page not found | Northwind Market', language, robots: 'noindex' },
        {
          page: 'not-found',
          shopper: await shopperView(app, request),
          path: request.url.split('?')[0] ?? '/',
        },
        assets,
      ),
    );
  },
  { name: 'not-found-page', dependencies: ['session'] },
);
