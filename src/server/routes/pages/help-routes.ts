import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_MARKETPLACE_ID, marketplaceById } from '../../../shared/marketplaces';
import type { ClientAssets } from '../../render/client-assets';
import { sendPage, shopperView } from '../../render/send-page';

const TOPICS: Record<string, { title: string; paragraphs: string[] }> = {
  returns: {
    title: 'Returns and refunds',
    paragraphs: [
      'Most items can be returned within 30 days of receipt for a full refund or a replacement.',
      'Start a return from your orders, print the label and drop the parcel at any carrier location. Refunds go back to the original payment method within 3 to 5 business days of our receiving the item.',
      'Devices must be deregistered from your account before you send them back. Groceries and opened personal care items cannot be returned.',
    ],
  },
  installments: {
    title: 'Monthly payments',
    paragraphs: [
      'Selected devices can be paid for in equal monthly payments with no interest and no fees. The first payment is charged when the order ships and the rest on the same day of each following month.',
      'You need a credit or debit card that stays valid for the whole plan. Each unit you buy gets its own plan, and you can pay off the rest at any time from your orders.',
    ],
  },
  'repeat-delivery': {
    title: 'Repeat Delivery',
    paragraphs: [
      'Repeat Delivery brings your grocery staples on a schedule: every week, or every 2, 3, 4, 6 or 8 weeks. Add an item from its page with Add to Repeat Delivery.',
      'Change how many you get and how often from the item’s page at any time; the next delivery date follows your choice. Skip a delivery when you do not need it, and the next one moves on by one schedule.',
    ],
  },
  'quantity-discounts': {
    title: 'Quantity discounts for business customers',
    paragraphs: [
      'Business customers pay less per unit as their order grows: the price table beside the quantity shows each tier, and the price you see for a quantity is the price the cart charges.',
      'Need a price for a larger or recurring order? Write to business-pricing@northwind.example with the item, the quantity and how often you order, and a buyer will answer within one business day.',
    ],
  },
  'bulk-orders': {
    title: 'Bulk orders',
    paragraphs: [
      'For orders above the largest tier, ask for a bulk quote: we confirm the price, the stock and the delivery dates before you commit.',
      'Bulk orders can be split across sellers and delivered in several shipments; each shipment is invoiced on its own.',
    ],
  },
  'secure-payments': {
    title: 'Secure payments',
    paragraphs: [
      'Payment details are encrypted in transit and never shared with sellers.',
      'We only charge your card when your order ships, and you can review every charge in your orders.',
    ],
  },
};

/** The help pages the buy box links to (opened in a new tab, DP-008). */
export const helpRoutes: FastifyPluginAsyncZod<{ assets?: ClientAssets }> = async (app, { assets }) => {
  const language = marketplaceById(DEFAULT_MARKETPLACE_ID)?.language ?? 'en-US';
  for (const [slug, topic] of Object.entries(TOPICS)) {
    app.get(`/gp/help/${slug}.html`, { schema: { hide: true } }, async (request, reply) =>
      sendPage(
        request,
        reply,
        200,
        { title: `${topic.title} | Northwind Market`, language, canonicalPath: `/gp/help/${slug}.html` },
        { page: 'help', shopper: await shopperView(app, request), ...topic },
        assets,
      ),
    );
  }
};
