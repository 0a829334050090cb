import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { LIST_PRIVACY, LIST_TYPES } from '../../../shared/list-constants';
import { findCustomerByEmail } from '../../db/repositories/customer-repository';
import { addListItem, findListsOf, insertList, productExists } from '../../db/repositories/list-repository';
import type { Database } from '../../db/schema';
import { newListExternalId } from './lists';

const DAY_MS = 24 * 60 * 60 * 1000;

const demoLists = z.object({
  lists: z.array(
    z.object({
      email: z.string(),
      name: z.string(),
      listType: z.enum(LIST_TYPES),
      privacy: z.enum(LIST_PRIVACY),
      isDefault: z.boolean(),
      items: z.array(
        z.object({
          asin: z.string(),
          quantity: z.number().int().min(1),
          priceWhenAdded: z.number().nonnegative(),
          daysAgo: z.number().int().min(0),
          comment: z.string(),
        }),
      ),
    }),
  ),
});

/**
 * The demo accounts' lists (docs/demo-catalog.md): given to an account that has no list yet, so a
 * shopper's own lists stay. Answers how many lists it made.
 */
export async function seedDemoLists(db: Kysely<Database>, file: string, now: number): Promise<number> {
  const parsed = demoLists.parse(JSON.parse(await readFile(file, 'utf8')));
  let made = 0;
  for (const list of parsed.lists) {
    const customer = await findCustomerByEmail(db, list.email);
    if (!customer || (await findListsOf(db, customer.id)).length > 0) continue;
    const id = `Ldemo-${customer.id}-${made}`;
    await db.transaction().execute(async (trx) => {
      await insertList(trx, {
        id,
        external_id: newListExternalId(),
        customer_id: customer.id,
        list_type: list.listType,
        name: list.name,
        description: '',
        privacy: list.privacy,
        searchable: 0,
        persistence: 'persistent',
        is_default: list.isDefault ? 1 : 0,
        recipient_first_name: null,
        recipient_last_name: null,
        relationship: null,
        occasion_date: null,
        child_age: null,
        reminder_offset: null,
        share_token: null,
        created_at: now - 30 * DAY_MS,
        updated_at: now,
      });
      for (const item of list.items) {
        if (!(await productExists(trx, item.asin))) continue;
        await addListItem(trx, {
          list_id: id,
          asin: item.asin,
          quantity: item.quantity,
          comment: item.comment,
          priority: 'medium',
          price_when_added_minor: Math.round(item.priceWhenAdded * 100),
          currency_code: 'USD',
          added_at: now - item.daysAgo * DAY_MS,
        });
      }
    });
    made += 1;
  }
  return made;
}
