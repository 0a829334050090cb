import { z } from 'zod';
import { shopperView } from './shopper';

export const helpPageData = z.object({
  page: z.literal('help'),
  shopper: shopperView,
  title: z.string(),
  paragraphs: z.array(z.string()),
});
export type HelpPageData = z.infer<typeof helpPageData>;

export const notFoundPageData = z.object({
  page: z.literal('not-found'),
  shopper: shopperView,
  path: z.string(),
});
export type NotFoundPageData = z.infer<typeof notFoundPageData>;
