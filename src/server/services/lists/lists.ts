import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  creationProblem,
  giftListName,
  mayAddLine,
  mayCreateList,
  renameProblem,
} from '../../../domain/lists/lists';
import type {
  AddToListAnswer,
  CreateForm,
  ItemAdded,
  ListAjaxState,
  ListCreated,
  ListCreationBody,
  ListSummary,
} from '../../../shared/contracts/lists';
import {
  CREATE_INGRESS_NAMES,
  DEFAULT_WISH_LIST_NAME,
  LIST_LIMITS,
  LIST_PERSISTENCE,
  LIST_PRIVACY,
  LIST_TYPES,
  type ListPrivacy,
  type ListType,
  listDestination,
} from '../../../shared/list-constants';
import {
  addListItem,
  countListItems,
  countListsOf,
  findDefaultList,
  findListablePrice,
  findListByExternalId,
  findListsOf,
  hasListItem,
  insertList,
  type ListRow,
  type ListSummaryRow,
} from '../../db/repositories/list-repository';
import type { Customer } from '../../db/repositories/session-repository';
import type { Database } from '../../db/schema';
import type { Refusal } from '../refusal';
import { oncePerRequest, type RequestKey } from '../request-effect';

type Db = Kysely<Database>;

export type ListRefusalCode =
  | 'sign_in_required'
  | 'invalid_list'
  | 'too_many_lists'
  | 'list_full'
  | 'list_not_found'
  | 'list_item_not_found'
  | 'list_item_unavailable'
  | 'not_list_owner'
  | 'unknown_product';
export type ListRefusal = Refusal<ListRefusalCode>;
export type ListOutcome<T> = { ok: true; value: T } | { ok: false; refusal: ListRefusal };

const RELATIONSHIPS = ['Myself', 'Partner', 'Child', 'Parent', 'Sibling', 'Friend', 'Colleague', 'Other'];
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A list's public id: 13 characters of an unambiguous alphabet (never a guessable sequence). */
export function newListExternalId(): string {
  return [...randomBytes(13)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
}
export const newShareToken = () => randomBytes(18).toString('base64url');
const newListId = () => `L${randomBytes(10).toString('hex')}`;

const OK_STATE: ListAjaxState = { hasError: false, authRequired: false, authUrl: null, error: null };

/** LIST-011: the ajax state of a refusal (authRequired with the sign-in URL when signed out). */
export function refusedState(refusal: ListRefusal, authUrl: string | null = null): ListAjaxState {
  return {
    hasError: true,
    authRequired: refusal.code === 'sign_in_required',
    authUrl: refusal.code === 'sign_in_required' ? authUrl : null,
    error: {
      code: refusal.code,
      message: refusal.message,
      ...(refusal.field ? { field: refusal.field } : {}),
    },
  };
}

export const SIGN_IN_REFUSAL: ListRefusal = {
  code: 'sign_in_required',
  message: 'Sign in to use your lists.',
};
export const listNotFound = (id: string, field = 'listExternalId'): ListRefusal => ({
  code: 'list_not_found',
  message: `no list ${id}`,
  field,
});

export const summaryOf = (row: ListSummaryRow): ListSummary => ({
  listExternalId: row.external_id,
  listId: row.id,
  name: row.name,
  listType: row.list_type as ListType,
  privacy: row.privacy as ListPrivacy,
  itemCount: row.item_count,
  isDefault: row.is_default === 1,
  url: listDestination(row.list_type as ListType, row.external_id),
});

/** LIST-026: the create form's data for a signed-in customer. */
export async function createFormFor(
  db: Db,
  customer: Customer | null,
  query: { createIngressName?: string | undefined },
): Promise<CreateForm> {
  const listCount = customer ? await countListsOf(db, customer.id) : 0;
  const ingress = query.createIngressName ?? 'dp-atwl';
  return {
    ...OK_STATE,
    createIngressName: ingress,
    // LIST-001: the product page's ingresses open a bottom sheet on a phone; others a popover.
    phoneComponent: (CREATE_INGRESS_NAMES as readonly string[]).includes(ingress) ? 'bottomSheet' : 'popover',
    listTypes: [...LIST_TYPES],
    privacyOptions: [...LIST_PRIVACY],
    defaultPrivacy: 'private',
    persistenceOptions: [...LIST_PERSISTENCE],
    relationships: RELATIONSHIPS,
    suggestedName: listCount === 0 ? DEFAULT_WISH_LIST_NAME : '',
    nameMaxLength: LIST_LIMITS.nameMaxLength,
    listCount,
    listLimit: LIST_LIMITS.listsPerCustomer,
  };
}

/** LIST-030: the customer's lists, the default first. */
export async function listsOf(
  db: Db,
  customer: Customer,
  type: ListType | 'all' = 'all',
): Promise<AddToListAnswer> {
  const rows = await findListsOf(db, customer.id);
  return {
    ...OK_STATE,
    lists: rows.filter((row) => type === 'all' || row.list_type === type).map(summaryOf),
  };
}

const occasionDate = (body: ListCreationBody): string | null =>
  body.occasionYear && body.occasionMonth && body.occasionDay
    ? `${String(body.occasionYear).padStart(4, '0')}-${String(body.occasionMonth).padStart(2, '0')}-${String(body.occasionDay).padStart(2, '0')}`
    : null;

/** The occasion fields as the rules read them: 0 or missing means not chosen. */
const chosen = (n: number | undefined) => (n ? n : undefined);

/**
 * LIST-027..029: creates a list for the customer (the first becomes the default), and adds the asin
 * when one is given. Refused: a missing name (LIST-017..019), an unreal date (LIST-020), too many lists.
 */
export async function createList(
  db: Db,
  customer: Customer,
  body: ListCreationBody,
  context: { now: number; marketplaceId: string; listType?: ListType },
): Promise<ListOutcome<ListCreated>> {
  const listType = context.listType ?? body.listType;
  const participantFirst = body.participantFirstName ?? body.recipientName ?? '';
  const creation = {
    listType,
    listName: body.listName,
    recipientFirstName: participantFirst,
    recipientLastName: body.participantLastName ?? '',
    occasionDay: chosen(body.occasionDay),
    occasionMonth: chosen(body.occasionMonth),
    occasionYear: chosen(body.occasionYear),
  };
  const problem = creationProblem(creation);
  if (problem) return { ok: false, refusal: { code: 'invalid_list', ...problem } };
  if (body.asin && !(await findListablePrice(db, body.asin, context.marketplaceId))) {
    return {
      ok: false,
      refusal: { code: 'unknown_product', message: `no product ${body.asin}`, field: 'asin' },
    };
  }
  return db.transaction().execute(async (trx) => {
    const held = await countListsOf(trx, customer.id);
    if (!mayCreateList(held)) {
      return {
        ok: false,
        refusal: {
          code: 'too_many_lists',
          message: `You can have at most ${LIST_LIMITS.listsPerCustomer} lists.`,
        },
      } as const;
    }
    const row: ListRow = {
      id: newListId(),
      external_id: newListExternalId(),
      customer_id: customer.id,
      list_type: listType,
      name: listType === 'giftlist' ? giftListName(creation) : body.listName.trim(),
      description: body.description?.trim() ?? '',
      privacy: body.privacyStatus,
      searchable: body.searchable ? 1 : 0,
      persistence: body.persistence,
      is_default: held === 0 ? 1 : 0,
      recipient_first_name: participantFirst.trim() || null,
      recipient_last_name: body.participantLastName?.trim() || null,
      relationship: body.relationship?.trim() || null,
      occasion_date: occasionDate(body),
      child_age: body.childAge ?? null,
      reminder_offset: body.reminderOffset ?? null,
      share_token: null,
      created_at: context.now,
      updated_at: context.now,
    };
    await insertList(trx, row);
    if (body.asin) await addLine(trx, row, body.asin, 1, context);
    return {
      ok: true,
      value: {
        ...OK_STATE,
        listExternalId: row.external_id,
        listType,
        listId: row.id,
        listUrl: listDestination(listType, row.external_id),
      },
    } as const;
  });
}

async function addLine(
  db: Db,
  list: ListRow,
  asin: string,
  quantity: number,
  context: { now: number; marketplaceId: string },
): Promise<ListOutcome<number>> {
  const price = await findListablePrice(db, asin, context.marketplaceId);
  if (!price)
    return { ok: false, refusal: { code: 'unknown_product', message: `no product ${asin}`, field: 'asin' } };
  if (!(await hasListItem(db, list.id, asin)) && !mayAddLine(await countListItems(db, list.id))) {
    return {
      ok: false,
      refusal: { code: 'list_full', message: `A list can hold at most ${LIST_LIMITS.itemsPerList} items.` },
    };
  }
  await addListItem(db, {
    list_id: list.id,
    asin,
    quantity,
    comment: '',
    priority: 'medium',
    price_when_added_minor: price.priceMinor,
    currency_code: price.currencyCode,
    added_at: context.now,
  });
  return { ok: true, value: quantity };
}

/** Which list an add goes to: the customer's default (made on the first add), or one they own. */
export type ListTarget = { by: 'default' } | { by: 'externalId'; id: string } | { by: 'listId'; id: string };

/** The customer's default list, made as their first list when they have none. */
async function defaultListOf(db: Db, customer: Customer, now: number): Promise<ListRow> {
  const found = await findDefaultList(db, customer.id);
  if (found) return found;
  const row: ListRow = {
    // One default per customer however many first adds race: the id is the customer's.
    id: `Ldefault-${customer.id}`,
    external_id: newListExternalId(),
    customer_id: customer.id,
    list_type: 'wishlist',
    name: DEFAULT_WISH_LIST_NAME,
    description: '',
    privacy: 'private',
    searchable: 0,
    persistence: 'persistent',
    is_default: 1,
    recipient_first_name: null,
    recipient_last_name: null,
    relationship: null,
    occasion_date: null,
    child_age: null,
    reminder_offset: null,
    share_token: null,
    created_at: now,
    updated_at: now,
  };
  await db
    .insertInto('lists')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return (await findDefaultList(db, customer.id)) ?? row;
}

async function targetList(
  db: Db,
  customer: Customer,
  target: ListTarget,
  now: number,
): Promise<ListRow | null> {
  if (target.by === 'default') return defaultListOf(db, customer, now);
  const list =
    target.by === 'externalId'
      ? await findListByExternalId(db, target.id)
      : ((await db.selectFrom('lists').selectAll().where('id', '=', target.id).executeTakeFirst()) ?? null);
  // Another customer's list is as unknown as a list that does not exist.
  return list && list.customer_id === customer.id ? list : null;
}

/**
 * LIST-031..033: adds `quantity` of an item to a list of the customer: a second add of an item raises
 * its quantity (one guarded statement, so parallel adds make one line). With the request's idempotency
 * key the add runs in a transaction that records it, so a retry after a crash raises nothing more.
 */
export async function addItemToList(
  db: Db,
  customer: Customer,
  request: { target: ListTarget; asin: string; quantity: number },
  context: { now: number; marketplaceId: string; requestKey?: RequestKey | undefined },
): Promise<ListOutcome<ItemAdded>> {
  const key = context.requestKey;
  if (!key) return addToList(db, customer, request, context);
  return db
    .transaction()
    .execute((trx) => oncePerRequest(trx, key, () => addToList(trx, customer, request, context)));
}

async function addToList(
  db: Db,
  customer: Customer,
  request: { target: ListTarget; asin: string; quantity: number },
  context: { now: number; marketplaceId: string },
): Promise<ListOutcome<ItemAdded>> {
  const list = await targetList(db, customer, request.target, context.now);
  if (!list) {
    const id = request.target.by === 'default' ? '' : request.target.id;
    return {
      ok: false,
      refusal: listNotFound(id, request.target.by === 'listId' ? 'listId' : 'listExternalId'),
    };
  }
  const added = await addLine(db, list, request.asin, request.quantity, context);
  if (!added.ok) return added;
  const line = await db
    .selectFrom('list_items')
    .select('quantity')
    .where('list_id', '=', list.id)
    .where('asin', '=', request.asin)
    .executeTakeFirst();
  return {
    ok: true,
    value: {
      ...OK_STATE,
      asin: request.asin,
      listExternalId: list.external_id,
      listId: list.id,
      listName: list.name,
      listType: list.list_type as ListType,
      listUrl: listDestination(list.list_type as ListType, list.external_id),
      quantity: Number(line?.quantity ?? request.quantity),
    },
  };
}

/** Rename problems as a refusal (the domain's rule). */
export function renameRefusal(name: string): ListRefusal | null {
  const problem = renameProblem(name);
  return problem ? { code: 'invalid_list', ...problem } : null;
}
