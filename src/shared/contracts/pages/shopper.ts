import { z } from 'zod';

/** Who is looking at a page: every page's header renders from this. */
export const shopperView = z.object({
  signedIn: z.boolean(),
  name: z.string().nullable(),
  /** Public session id (verificationSessionID). */
  sessionId: z.string(),
  cartCount: z.number().int().nonnegative(),
  /** Where deliveries go: the chosen ZIP, else a signed-in customer's. */
  deliveryZip: z.string().nullable(),
  /** DP-005: the location prompt may open (no location yet, not dismissed); the page adds "on desktop". */
  locationPromptEligible: z.boolean(),
});
export type ShopperView = z.infer<typeof shopperView>;

/** A one-line message a page shows after a form post. */
export const notice = z.object({ kind: z.enum(['success', 'error', 'info']), message: z.string() });
export type Notice = z.infer<typeof notice>;
