import { z } from 'zod';
import { writeSmartHomeDevices } from '../../db/repositories/smart-home-repository';
import { catalogPart } from '../catalog-part';
import { duplicateIds, requireProducts } from '../import-sections';
import { asin } from './catalog-values';

/**
 * The smart-home badge (SH-001): the compatible devices a product's page offers to add together, each
 * at its regular offer. Stored in smart_home_devices.
 */
const smartHomeSchema = z
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

/** The smart-home badge's part of the catalog: a section of badges naming products by ASIN. */
export const smartHomeCatalog = catalogPart({
  sections: { smartHome: z.array(smartHomeSchema).max(5000).default([]) },
  problems: ({ smartHome }) =>
    duplicateIds(
      smartHome.map((b) => b.asin),
      'smartHome',
      'asin',
    ),
  async importSections(db, { smartHome }) {
    for (const [i, badge] of smartHome.entries()) {
      await requireProducts(db, [badge.asin], `$.smartHome[${i}].asin`);
      await requireProducts(db, badge.devices, `$.smartHome[${i}].devices`);
      await writeSmartHomeDevices(db, badge.asin, badge.devices);
    }
  },
});
