import { ADD_ITEM_TO_LIST_PATH } from './list-add-path';

// Plain constants of the lists area (wish lists, gift lists, idea lists; no zod), so the page can use them.

/** LIST-008, LIST-010: what a list is (an idea list is the redesigned create's third kind). */
export const LIST_TYPES = ['wishlist', 'giftlist', 'idealist'] as const;
export type ListType = (typeof LIST_TYPES)[number];

/** LIST-008: the creation payload's privacy; LIST-010: the legacy form also has `hidden`. */
export const LIST_PRIVACY = ['private', 'public', 'hidden'] as const;
export type ListPrivacy = (typeof LIST_PRIVACY)[number];

/** LIST-008: whether a list is kept (`persistent`) or for one occasion (`non-persistent`). */
export const LIST_PERSISTENCE = ['persistent', 'non-persistent'] as const;

/** An item's priority, lowest to highest (the owner reorders by it). */
export const LIST_PRIORITIES = ['lowest', 'low', 'medium', 'high', 'highest'] as const;
export type ListPriority = (typeof LIST_PRIORITIES)[number];

/** The limits the server holds (decision 0058). */
export const LIST_LIMITS = {
  nameMaxLength: 50,
  descriptionMaxLength: 500,
  commentMaxLength: 250,
  recipientNameMaxLength: 50,
  listsPerCustomer: 20,
  itemsPerList: 100,
  quantityMax: 99,
} as const;

/** LIST-041..044, LIST-026, LIST-027 (the stated 580 wins over the sum): the create-list sheet, popover and dropdown. */
export const LIST_UI = {
  bottomSheetHeight: 325,
  popoverHeight: 430,
  expandedHeight: 580,
  dropdownWidth: 230,
  formTimeoutMs: 20_000,
  createTimeoutMs: 10_000,
  /** LIST-039: failed ajax calls in a row before the dropdown shows its error or unavailable holder. */
  failuresBeforeHolder: 2,
} as const;

/** LIST-038: the idea list failure text when the answer has no message. */
export const IDEA_LIST_FAILED_TEXT = 'Redesigned Create List failed.';

/** LIST-001: ingresses whose create-list form is the bottom sheet on a phone, else a popover. */
export const CREATE_INGRESS_NAMES = ['dp-atwl', 'dp-atwl-dropdown', 'list-page', 'registry'] as const;

/** The default wish list's name when a customer's first add makes it. */
export const DEFAULT_WISH_LIST_NAME = 'Wish List';

// S2 §7: the calls, as the spec writes them.
export const LIST_PATHS = {
  createForm: '/hz/wishlist/create',
  createNewList: '/hz/wishlist/create/newlist',
  ajaxCreateList: '/hz/wishlist/ajax/createlist',
  ajaxCreateListAndAddItem: '/hz/wishlist/ajax/createlistandadditem',
  addToList: '/hz/wishlist/addtolist',
  addItemToList: ADD_ITEM_TO_LIST_PATH,
  addAsin: '/hz/wishlist/addasin',
  createApiAddToList: '/create/api/addToList',
  triggerWeblab: '/hz/wishlist/triggerweblab',
  birthdayDpx: '/gp/toys/birthday/atwl-dpx.html',
  /** The store's own: an add that waited on sign-in completes here, once (decision 0060). */
  afterSignIn: '/hz/wishlist/after-sign-in',
} as const;

/** LIST-004..006: where a list lives (the registry addresses `/gp/registry/{wishlist,giftlist}/{id}` show it too). */
const listPath = (listExternalId: string) => `/hz/wishlist/ls/${encodeURIComponent(listExternalId)}`;
const ideaListPath = (id: string) => `/create/collection?id=${encodeURIComponent(id)}`;

/** Where a list of this type is shown after creation (LIST-004, LIST-006). */
export const listDestination = (listType: ListType, listExternalId: string) =>
  listType === 'idealist' ? ideaListPath(listExternalId) : listPath(listExternalId);

/** What a list page says after a form post without script: carried in the address as a code, shown once. */
export const LIST_NOTICES = {
  created: 'List created.',
  added: 'Added to your list.',
  renamed: 'List renamed.',
  privacy: 'Privacy updated.',
  shared: 'Share link created. Anyone with the link can view this list.',
  revoked: 'Share link revoked. The old link no longer works.',
  deleted: 'List deleted.',
  'item-updated': 'Item updated.',
  'item-removed': 'Item removed from the list.',
  moved: 'Moved to your cart.',
  'added-to-cart': 'Added to your cart.',
  unchanged: 'Nothing to change.',
} as const;
export type ListNotice = keyof typeof LIST_NOTICES;

/** The product page's word on a list add that came back to it (`?listNotice=`): codes only, never text. */
export const LIST_ADD_NOTICES = {
  added: { kind: 'success', message: 'Added to your list.' },
  not_added: { kind: 'error', message: 'This item was not added to your list. Please try again.' },
} as const;
export type ListAddNotice = keyof typeof LIST_ADD_NOTICES;

/** LIST-024: the metric a list post from a page without a CSRF token records. */
export const LIST_CSRF_MISSING_METRIC = 'pdp.lists.csrf-missing/v1';

/** The problems a form post without script can come back with (the refusal's code). */
export const LIST_PROBLEMS = {
  invalid_list: 'Check the list name and the dates, then try again.',
  too_many_lists: 'You have as many lists as you can have. Delete one to make another.',
  list_full: 'This list is full. Remove an item to add another.',
  list_not_found: 'That list is not available.',
  list_item_not_found: 'That item is no longer on the list.',
  list_item_unavailable: 'That item cannot be added to your cart right now.',
  not_list_owner: 'Only the list’s owner can change it.',
  unknown_product: 'That item is not available.',
  sign_in_required: 'Sign in to use your lists.',
} as const;
export type ListProblemCode = keyof typeof LIST_PROBLEMS;
