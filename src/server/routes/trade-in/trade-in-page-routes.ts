import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TradeInPageData } from '../../../shared/contracts/pages/trade-in-page';
import { DEFAULT_MARKETPLACE_ID, marketplaceById } from '../../../shared/marketplaces';
import { TRADE_IN_PRODUCT_GROUPS } from '../../../shared/trade-in-constants';
import { TRADE_IN_LANDING_PATH } from '../../../shared/trade-in-landing';
import type { ClientAssets } from '../../render/client-assets';
import { sendPage, shopperView } from '../../render/send-page';

/** The storefront's tiles, one per product group of TI-012, in the order shoppers look for them. */
const TILES: TradeInPageData['tiles'] = [
  {
    productGroup: 'gl_wireless',
    name: 'Phones',
    description: 'Smartphones of every major brand and carrier.',
  },
  {
    productGroup: 'gl_digital_text_2',
    name: 'Tablets',
    description: 'Tablets and kids’ tablets, with or without their case.',
  },
  { productGroup: 'gl_digital_text', name: 'E-readers', description: 'E-ink readers, with or without ads.' },
  {
    productGroup: 'gl_digital_products_3',
    name: 'Smart speakers',
    description: 'Smart speakers and displays, including ones you bought from us.',
  },
  {
    productGroup: 'gl_video_games',
    name: 'Game consoles',
    description: 'Home and handheld consoles and their controllers.',
  },
  { productGroup: 'gl_digital_video_games', name: 'Video games', description: 'Games on disc or cartridge.' },
  {
    productGroup: 'gl_electronics',
    name: 'Electronics',
    description: 'Headphones, cameras, smartwatches and streaming sticks.',
  },
];

// Any text: an unknown group opens the general error view (TI-026) rather than refusing the page.
const landingQuery = z.object({
  productGroup: z.string().max(60).optional(),
  launch: z.string().max(10).optional(),
});

/** `/tradein` (TI-002): the trade-in storefront, server-rendered; `?productGroup=` opens that group's flow. */
export const tradeInPageRoutes: FastifyPluginAsyncZod<{ assets?: ClientAssets }> = async (
  app,
  { assets },
) => {
  const language = marketplaceById(DEFAULT_MARKETPLACE_ID)?.language ?? 'en-US';
  app.get(
    TRADE_IN_LANDING_PATH,
    { schema: { hide: true, querystring: landingQuery } },
    async (request, reply) => {
      const { productGroup, launch } = request.query;
      const known = TRADE_IN_PRODUCT_GROUPS.find((group) => group === productGroup) ?? null;
      return sendPage(
        request,
        reply,
        200,
        { title: 'Trade in your devices | Northwind Market', language, canonicalPath: TRADE_IN_LANDING_PATH },
        {
          page: 'trade-in',
          shopper: await shopperView(app, request),
          tiles: TILES,
          open: { launch: productGroup !== undefined || launch !== undefined, productGroup: known },
        },
        assets,
      );
    },
  );
};
