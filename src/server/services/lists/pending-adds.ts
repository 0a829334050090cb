import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isOwnPath } from '../../../domain/lists/lists';
import { LIST_PATHS } from '../../../shared/list-constants';
import { signInUrl } from '../../../shared/sign-in-url';
import { insertPendingAdd, takePendingAdd } from '../../db/repositories/list-repository';
import type { Customer } from '../../db/repositories/session-repository';
import type { Database } from '../../db/schema';
import { addItemToList, type ListTarget } from './lists';

type Db = Kysely<Database>;

/** How long an add waits on sign-in (decision 0060). */
const PENDING_ADD_TTL_MS = 60 * 60 * 1000;
/** The cookie that ties a waiting add to the browser that made it. */
export const PENDING_ADD_COOKIE = 'list-pending-add';

export type PendingAdd = { target: ListTarget; asin: string; quantity: number; returnTo: string };

/** The page to come back to: the path sent when it is ours, else the product's page. */
export const safeReturnTo = (returnTo: string | undefined, asin?: string): string =>
  returnTo && isOwnPath(returnTo) ? returnTo : asin ? `/dp/${asin}` : '/';

/**
 * LIST-025 (decision 0060): a signed-out add waits on the server; the answer's `authUrl`
 * is the sign-in page, which comes back through the completion path and then to the page.
 */
export async function holdAddForSignIn(
  db: Db,
  add: PendingAdd,
  now: number,
): Promise<{ id: string; authUrl: string }> {
  const id = randomBytes(18).toString('base64url');
  await insertPendingAdd(db, id, add, now);
  const completion = `${LIST_PATHS.afterSignIn}?id=${id}`;
  return { id, authUrl: signInUrl(completion) };
}

/** The sign-in URL for a write that has nothing to complete: it only comes back to the page. */
export const authUrlFor = (returnTo: string) => signInUrl(returnTo);

/**
 * Completes a waiting add for the customer who signed in, once: a second visit (a reload, a second
 * tab) finds it taken and adds nothing. Answers where to go next.
 */
export async function completePendingAdd(
  db: Db,
  customer: Customer,
  id: string,
  context: { now: number; marketplaceId: string },
): Promise<{ returnTo: string; added: boolean }> {
  return db.transaction().execute(async (trx) => {
    const taken = await takePendingAdd(trx, id, customer.id, context.now, context.now - PENDING_ADD_TTL_MS);
    if (!taken) return { returnTo: '/', added: false };
    const add = taken.payload as PendingAdd;
    const returnTo = safeReturnTo(add.returnTo, add.asin);
    if (!taken.won) return { returnTo, added: false };
    const result = await addItemToList(trx, customer, add, context);
    return { returnTo, added: result.ok };
  });
}
