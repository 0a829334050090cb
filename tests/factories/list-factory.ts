import type { Kysely } from 'kysely';
import { addListItem, insertList, type ListRow } from '../../src/server/db/repositories/list-repository';
import type { Database } from '../../src/server/db/schema';
import { newListExternalId } from '../../src/server/services/lists/lists';
import { T0 } from '../helpers/test-app';
import { uniqueCode } from './unique';

export type ListOverrides = Partial<Omit<ListRow, 'id' | 'customer_id'>> & {
  /** Items on the list: asin, and the price when it was added (minor units) unless 4999. */
  items?: {
    asin: string;
    quantity?: number;
    priceWhenAddedMinor?: number;
    addedAt?: number;
    comment?: string;
  }[];
};

export type CreatedList = ListRow;

/** A list of the customer's (a private wish list unless asked), with its items, written through the repository. */
export async function createList(
  db: Kysely<Database>,
  customerId: string,
  overrides: ListOverrides = {},
): Promise<CreatedList> {
  const { items = [], ...fields } = overrides;
  const row: ListRow = {
    id: `Ltest-${uniqueCode(12)}`,
    external_id: newListExternalId(),
    customer_id: customerId,
    list_type: 'wishlist',
    name: 'Test list',
    description: '',
    privacy: 'private',
    searchable: 0,
    persistence: 'persistent',
    is_default: 0,
    recipient_first_name: null,
    recipient_last_name: null,
    relationship: null,
    occasion_date: null,
    child_age: null,
    reminder_offset: null,
    share_token: null,
    created_at: T0,
    updated_at: T0,
    ...fields,
  };
  await insertList(db, row);
  for (const item of items) {
    await addListItem(db, {
      list_id: row.id,
      asin: item.asin,
      quantity: item.quantity ?? 1,
      comment: item.comment ?? '',
      priority: 'medium',
      price_when_added_minor: item.priceWhenAddedMinor ?? 4999,
      currency_code: 'USD',
      added_at: item.addedAt ?? T0,
    });
  }
  return row;
}
