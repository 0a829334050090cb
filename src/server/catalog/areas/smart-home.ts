import { z } from 'zod';
import { asin } from './catalog-values';

/**
 * The smart-home badge (SH-001): the compatible devices a product's page offers to add together, each
 * at its regular offer. Stored in smart_home_devices.
 */
export const smartHomeSchema = z
  .object({
    asin,
    devices: z
      .array(asin)
      .min(1)
      .max(8)
      .refine((devices) => new Set(devices).size === devices.length, { message: 'devices must be unique' }),
  })
  .strict()
  .refine((badge) => !badge.devices.includes(badge.asin), {
    message: 'a product is not its own compatible device',
    path: ['devices'],
  });

export type CatalogSmartHome = z.output<typeof smartHomeSchema>;
