import type { Kysely } from 'kysely';
import { z } from 'zod';
import { searchName } from '../../../domain/registries/registry-rules';
import { REGISTRY_PRIVACY, REGISTRY_TYPES } from '../../../shared/registry-constants';
import {
  findCustomerRegistries,
  insertRegistry,
  newRegistryId,
  type RegistryAddress,
  seedRegistryItem,
} from '../../db/repositories/registry-repository';
import type { Database } from '../../db/schema';

/** An account's registries in the accounts file (the demo's registry@, DEMO_CATALOG). */
export const accountRegistries = z
  .array(
    z.object({
      type: z.enum(REGISTRY_TYPES),
      name: z.string().min(1).max(120),
      eventDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      privacy: z.enum(REGISTRY_PRIVACY).default('public'),
      spoilerFree: z.boolean().default(false),
      items: z
        .array(
          z.object({
            asin: z.string().regex(/^[A-Z0-9]{10}$/),
            requested: z.number().int().min(1).max(99).default(1),
            purchased: z.number().int().min(0).default(0),
            fundedMinor: z.number().int().min(0).default(0),
            mustHave: z.boolean().default(false),
            groupGifting: z.boolean().default(false),
            private: z.boolean().default(false),
          }),
        )
        .default([]),
    }),
  )
  .max(10)
  .default([]);

/** Gives an account its registries when it has none yet (a shopper's own stay), shipping to its address. */
export async function seedAccountRegistries(
  db: Kysely<Database>,
  customerId: string,
  registries: z.infer<typeof accountRegistries>,
  address: RegistryAddress | undefined,
  now: number,
): Promise<void> {
  if (registries.length === 0 || !address || (await findCustomerRegistries(db, customerId)).length > 0)
    return;
  for (const [r, registry] of registries.entries()) {
    const id = newRegistryId();
    await insertRegistry(db, {
      id,
      customerId,
      type: registry.type,
      name: registry.name,
      searchName: searchName(registry.name),
      eventDate: registry.eventDate,
      privacy: registry.privacy,
      spoilerFree: registry.spoilerFree,
      address,
      now: now + r,
    });
    for (const [i, item] of registry.items.entries()) {
      await seedRegistryItem(db, { registryId: id, ...item, now: now + i });
    }
  }
}
