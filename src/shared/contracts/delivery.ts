import { z } from 'zod';
import { US_ZIP } from '../delivery-constants';

/** A delivery ZIP code to use from now on, or the location prompt dismissed without one. */
export const deliveryLocationRequest = z.union([
  z.object({
    zip: z.string().trim().regex(US_ZIP, 'enter a 5-digit US ZIP code'),
    csrfToken: z.string().optional(),
  }),
  z.object({ dismiss: z.literal(true), csrfToken: z.string().optional() }),
]);

/** The delivery location's answer: the ZIP now in force, or null when the prompt was only dismissed. */
export const deliveryLocationResponse = z.object({ zip: z.string().nullable() });
export type DeliveryLocationResponse = z.infer<typeof deliveryLocationResponse>;
