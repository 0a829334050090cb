import type { Kysely } from 'kysely';
import { byPriority, priceChangeSinceAdded } from '../../../domain/lists/lists';
import type { ListItemViewDto } from '../../../shared/contracts/lists';
import type { ListPageData } from '../../../shared/contracts/pages/list-page';
import type { ProductPageData } from '../../../shared/contracts/pages/product-page';
import {
  LIST_ADD_NOTICES,
  LIST_PRIORITIES,
  type ListAddNotice,
  type ListNotice,
  type ListPriority,
  type ListPrivacy,
  type ListType,
  listDestination,
} from '../../../shared/list-constants';
import type { Marketplace } from '../../../shared/marketplaces';
import { toPrice } from '../../../shared/money/price-format';
import type { CartOwner } from '../../db/repositories/cart-repository';
import {
  deleteList,
  deleteListItem,
  findListByExternalId,
  findListItems,
  findListsOf,
  type ListItemView,
  type ListRow,
  updateList,
  updateListItem,
} from '../../db/repositories/list-repository';
import type { Customer } from '../../db/repositories/session-repository';
import type { Database } from '../../db/schema';
import { addToRetailCart } from '../cart/cart-api';
import {
  type ListOutcome,
  type ListRefusal,
  listNotFound,
  newShareToken,
  renameRefusal,
  summaryOf,
} from './lists';

type Db = Kysely<Database>;
type Viewer = Customer | null;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const dayOf = (ms: number) => {
  const d = new Date(ms);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
};

/** Who may read a list: its owner; anyone when public; anyone with its current share link. */
function readable(list: ListRow, viewer: Viewer, token: string | undefined): boolean {
  if (viewer && viewer.id === list.customer_id) return true;
  if (list.privacy === 'public') return true;
  return !!token && !!list.share_token && token === list.share_token;
}

/** The list a viewer may read; 404 for a private list (or none) to everyone but its owner. */
async function readList(
  db: Db,
  viewer: Viewer,
  externalId: string,
  token?: string,
): Promise<ListOutcome<{ list: ListRow; isOwner: boolean }>> {
  const list = await findListByExternalId(db, externalId);
  if (!list || !readable(list, viewer, token)) return { ok: false, refusal: listNotFound(externalId) };
  return { ok: true, value: { list, isOwner: !!viewer && viewer.id === list.customer_id } };
}

/** The list the viewer owns: sign-in first; another's list is 404, or 403 when they may read it. */
async function ownList(db: Db, viewer: Viewer, externalId: string): Promise<ListOutcome<ListRow>> {
  if (!viewer)
    return { ok: false, refusal: { code: 'sign_in_required', message: 'Sign in to change your lists.' } };
  const list = await findListByExternalId(db, externalId);
  if (!list || (list.customer_id !== viewer.id && list.privacy !== 'public')) {
    return { ok: false, refusal: listNotFound(externalId) };
  }
  if (list.customer_id !== viewer.id) {
    return {
      ok: false,
      refusal: { code: 'not_list_owner', message: 'Only the list’s owner can change it.' },
    };
  }
  return { ok: true, value: list };
}

const shareUrlOf = (list: ListRow) =>
  list.share_token
    ? `${listDestination(list.list_type as ListType, list.external_id)}${list.list_type === 'idealist' ? '&' : '?'}token=${list.share_token}`
    : null;

function itemView(item: ListItemView, marketplace: Marketplace): ListItemViewDto {
  const format = (minor: number, currency: string) => toPrice(minor, currency, marketplace.priceFormat);
  const change = item.offer ? priceChangeSinceAdded(item.priceWhenAddedMinor, item.offer.priceMinor) : null;
  return {
    asin: item.asin,
    title: item.title,
    image: item.image,
    productUrl: `/dp/${item.asin}`,
    quantity: item.quantity,
    comment: item.comment,
    priority: item.priority,
    addedOn: dayOf(item.addedAt),
    priceWhenAdded: format(item.priceWhenAddedMinor, item.currencyCode),
    price: item.offer ? format(item.offer.priceMinor, item.currencyCode) : null,
    priceChange: change?.text ?? null,
    priceDirection: change?.direction ?? 'same',
    inStock: !!item.offer && item.offer.buyable && item.offer.stock > 0,
  };
}

/** A list's page data for a viewer (LIST-004..006): 404 when they may not read it. */
export async function listPageView(
  db: Db,
  viewer: Viewer,
  externalId: string,
  token: string | undefined,
  marketplace: Marketplace,
): Promise<ListOutcome<Omit<ListPageData, 'page' | 'shopper' | 'csrfToken' | 'notice'>>> {
  const read = await readList(db, viewer, externalId, token);
  if (!read.ok) return read;
  const { list, isOwner } = read.value;
  const [items, own] = await Promise.all([
    findListItems(db, list.id, marketplace.marketplaceId),
    viewer ? findListsOf(db, viewer.id) : Promise.resolve([]),
  ]);
  const recipient = [list.recipient_first_name, list.recipient_last_name].filter(Boolean).join(' ');
  return {
    ok: true,
    value: {
      list: {
        listExternalId: list.external_id,
        name: list.name,
        description: list.description,
        listType: list.list_type as ListType,
        privacy: list.privacy as ListPrivacy,
        isDefault: list.is_default === 1,
        recipient: recipient || null,
        occasionDate: list.occasion_date,
        path: listDestination(list.list_type as ListType, list.external_id),
        shareUrl: isOwner ? shareUrlOf(list) : null,
        items: byPriority(items).map((item) => itemView(item, marketplace)),
      },
      isOwner,
      viewToken: !isOwner && token && token === list.share_token ? token : null,
      lists: own.map(summaryOf),
      priorities: [...LIST_PRIORITIES],
    },
  };
}

/** The shopper's lists page (`list` null): their lists and the create form. */
export async function listIndexView(db: Db, customer: Customer) {
  return {
    list: null,
    isOwner: true,
    viewToken: null,
    lists: (await findListsOf(db, customer.id)).map(summaryOf),
    priorities: [...LIST_PRIORITIES],
  };
}

export type ListAction =
  | { kind: 'rename'; listName: string }
  | { kind: 'privacy'; privacy: ListPrivacy }
  | { kind: 'share' }
  | { kind: 'revoke-share' }
  | { kind: 'delete' }
  | {
      kind: 'update-item';
      asin: string;
      quantity?: number | undefined;
      comment?: string | undefined;
      priority?: ListPriority | undefined;
    }
  | { kind: 'remove-item'; asin: string };

/** An owner's change to a list: what the page says afterwards, and where the list is now (null: deleted). */
export async function changeList(
  db: Db,
  viewer: Viewer,
  externalId: string,
  action: ListAction,
  now: number,
): Promise<ListOutcome<{ notice: ListNotice; listUrl: string; shareUrl: string | null }>> {
  const owned = await ownList(db, viewer, externalId);
  if (!owned.ok) return owned;
  const list = owned.value;
  const url = listDestination(list.list_type as ListType, list.external_id);
  const done = (notice: ListNotice, shareUrl: string | null = null) =>
    ({ ok: true, value: { notice, listUrl: url, shareUrl } }) as const;
  const itemMissing = (asin: string): { ok: false; refusal: ListRefusal } => ({
    ok: false,
    refusal: { code: 'list_item_not_found', message: `no item ${asin} on this list`, field: 'asin' },
  });
  switch (action.kind) {
    case 'rename': {
      const refusal = renameRefusal(action.listName);
      if (refusal) return { ok: false, refusal };
      await updateList(db, list.id, { name: action.listName.trim(), updated_at: now });
      return done('renamed');
    }
    case 'privacy':
      await updateList(db, list.id, { privacy: action.privacy, updated_at: now });
      return done('privacy');
    case 'share': {
      // A new link invalidates the old one.
      const token = newShareToken();
      await updateList(db, list.id, { share_token: token, updated_at: now });
      return done('shared', shareUrlOf({ ...list, share_token: token }));
    }
    case 'revoke-share':
      await updateList(db, list.id, { share_token: null, updated_at: now });
      return done('revoked');
    case 'delete':
      await db.transaction().execute((trx) => deleteList(trx, list.id));
      return { ok: true, value: { notice: 'deleted', listUrl: '/hz/wishlist/ls', shareUrl: null } };
    case 'update-item': {
      const patch = {
        ...(action.quantity !== undefined ? { quantity: action.quantity } : {}),
        ...(action.comment !== undefined ? { comment: action.comment.trim() } : {}),
        ...(action.priority !== undefined ? { priority: action.priority } : {}),
      };
      if (Object.keys(patch).length === 0) return done('unchanged');
      if ((await updateListItem(db, list.id, action.asin, patch)) === 0) return itemMissing(action.asin);
      return done('item-updated');
    }
    case 'remove-item':
      if ((await deleteListItem(db, list.id, action.asin)) === 0) return itemMissing(action.asin);
      return done('item-removed');
  }
}

/**
 * Adds one list line's quantity to the viewer's cart at the item's offer: the owner may keep it on the
 * list or move it off; anyone who may read the list adds it to their own cart and the list stays.
 */
export async function listItemToCart(
  db: Db,
  viewer: Viewer,
  cartOwner: CartOwner,
  request: { externalId: string; asin: string; keep: boolean; token?: string | undefined },
  context: { now: number; marketplace: Marketplace },
): Promise<ListOutcome<{ notice: ListNotice; listUrl: string }>> {
  const read = await readList(db, viewer, request.externalId, request.token);
  if (!read.ok) return read;
  const { list, isOwner } = read.value;
  const items = await findListItems(db, list.id, context.marketplace.marketplaceId);
  const item = items.find((i) => i.asin === request.asin);
  if (!item?.offer) {
    return {
      ok: false,
      refusal: {
        code: 'list_item_not_found',
        message: `no item ${request.asin} on this list`,
        field: 'asin',
      },
    };
  }
  const added = await addToRetailCart(db, {
    owner: cartOwner,
    marketplaceId: context.marketplace.marketplaceId,
    items: [{ asin: item.asin, offerListingId: item.offer.id, quantity: item.quantity }],
    now: context.now,
  });
  if (!added.ok)
    return {
      ok: false,
      refusal: { code: 'list_item_unavailable', message: added.refusal.message, field: 'asin' },
    };
  if (isOwner && !request.keep) await deleteListItem(db, list.id, item.asin);
  const listUrl = listDestination(list.list_type as ListType, list.external_id);
  return {
    ok: true,
    value: {
      notice: isOwner && !request.keep ? 'moved' : 'added-to-cart',
      listUrl: request.token
        ? `${listUrl}${listUrl.includes('?') ? '&' : '?'}token=${request.token}`
        : listUrl,
    },
  };
}

/**
 * The product page's list notice (a page slice): what became of an add that came back to the page,
 * from the code in `?listNotice=`, for a signed-in shopper (the only one an add completes for).
 */
export async function listNoticeSlice(
  _db: Kysely<Database>,
  context: { customer: Customer | null },
  page: { query: URLSearchParams },
): Promise<ProductPageData['listNotice']> {
  const code = page.query.get('listNotice');
  if (!context.customer || !code || !Object.hasOwn(LIST_ADD_NOTICES, code)) return null;
  return LIST_ADD_NOTICES[code as ListAddNotice];
}
