import type { Kysely } from 'kysely';
import { searchName } from '../../src/domain/registries/registry-rules';
import {
  insertRegistry,
  newRegistryId,
  seedRegistryItem,
} from '../../src/server/db/repositories/registry-repository';
import type { Database } from '../../src/server/db/schema';
import type { RegistryPrivacy, RegistryType } from '../../src/shared/registry-constants';
import { uniqueCode } from './unique';

export type RegistryItemOverrides = {
  asin: string;
  requested?: number;
  purchased?: number;
  fundedMinor?: number;
  mustHave?: boolean;
  groupGifting?: boolean;
  private?: boolean;
};

export type CreatedRegistry = {
  id: string;
  type: RegistryType;
  name: string;
  customerId: string;
  itemIds: string[];
};

const REGISTRANT_ADDRESS = {
  fullName: 'Jordan Ellis',
  line1: '11 Wall St',
  city: 'New York',
  state: 'NY',
  postalCode: '10005',
};

/**
 * A registry of a customer (baby, public, event in 2027 unless asked) with its items, through the
 * registry repository; its name is made unique so a search by it finds this one.
 */
export async function createRegistry(
  db: Kysely<Database>,
  input: {
    customerId: string;
    type?: RegistryType;
    name?: string;
    privacy?: RegistryPrivacy;
    eventDate?: string;
    spoilerFree?: boolean;
    items?: RegistryItemOverrides[];
    now?: number;
  },
): Promise<CreatedRegistry> {
  const type = input.type ?? 'baby';
  const name = input.name ?? `Avery Quinn ${uniqueCode(8).toLowerCase()}`;
  const id = newRegistryId();
  const now = input.now ?? Date.now();
  await insertRegistry(db, {
    id,
    customerId: input.customerId,
    type,
    name,
    searchName: searchName(name),
    eventDate: input.eventDate ?? '2027-06-01',
    privacy: input.privacy ?? 'public',
    spoilerFree: input.spoilerFree ?? false,
    address: REGISTRANT_ADDRESS,
    now,
  });
  const itemIds: string[] = [];
  for (const [index, item] of (input.items ?? []).entries()) {
    itemIds.push(await seedRegistryItem(db, { registryId: id, requested: 1, ...item, now: now + index }));
  }
  return { id, type, name, customerId: input.customerId, itemIds };
}
