import { z } from 'zod';

/** The error body of every 4xx answer: `{ error: { code, message, field? } }`. */
export const errorResponse = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      field: z.string().optional(),
    }),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof errorResponse>;

export const asin = z
  .string()
  .regex(/^[A-Z0-9]{10}$/, 'must be a 10-character ASIN (A-Z, 0-9)')
  .meta({ description: 'Amazon Standard Identification Number', example: 'B0PDPSPK01' });

const marketplaceIdParam = z.string().min(1).max(20);

/** The path parameters of a call about one marketplace. */
export const marketplaceParams = z.object({ marketplaceId: marketplaceIdParam });

/** The path parameters of a call about one product in one marketplace. */
export const productParams = z.object({ marketplaceId: marketplaceIdParam, asin: z.string().min(1).max(20) });

export const price = z
  .object({ amount: z.number(), currencyCode: z.string(), displayString: z.string() })
  .meta({ id: 'Price' });
export type PriceDto = z.infer<typeof price>;
