import { z } from 'zod';
import { shopperView } from './shopper';

export const signInPageData = z.object({
  page: z.literal('sign-in'),
  shopper: shopperView,
  returnTo: z.string(),
  mode: z.enum(['sign-in', 'create-account']),
  email: z.string(),
  error: z.string().nullable(),
  /** Also in the meta tag; repeated here so the form posts it without JavaScript. */
  csrfToken: z.string(),
});
export type SignInPageData = z.infer<typeof signInPageData>;
