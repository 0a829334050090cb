import { z } from 'zod';

/** The delivery location's answer: the ZIP now in force, or null when the prompt was only dismissed. */
export const deliveryLocationResponse = z.object({ zip: z.string().nullable() });
export type DeliveryLocationResponse = z.infer<typeof deliveryLocationResponse>;
