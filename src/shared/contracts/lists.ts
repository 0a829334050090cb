import { z } from 'zod';
import { LIST_LIMITS, LIST_PERSISTENCE, LIST_PRIORITIES, LIST_PRIVACY, LIST_TYPES } from '../list-constants';
import { asin, price } from './common';

// Every list POST takes JSON or a form body with the same names, so numbers and flags may
// come as strings.
const flag = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0', 'on']).transform((v) => v === 'true' || v === '1' || v === 'on'),
]);
const text = (max: number) => z.string().max(max);
const optionalInt = (min: number, max: number) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(min).max(max).optional());
const listExternalId = z.string().regex(/^[A-Z0-9]{8,20}$/, 'must be a list id');
/** Where a form post without script comes back to: a path of this site (checked by the service). */
const returnTo = z.string().max(2000).optional();

/** LIST-011: the ajax response state every list write answers with. */
const ajaxState = {
  hasError: z.boolean(),
  authRequired: z.boolean(),
  /** LIST-025: the sign-in page that comes back to the page (and completes the add, decision 0060). */
  authUrl: z.string().nullable(),
  /** The house error (`{ code, message, field? }`), null on success. */
  error: z.object({ code: z.string(), message: z.string(), field: z.string().optional() }).nullable(),
};

/** LIST-026: the create form's query. */
export const createFormQuery = z.object({
  createIngressName: text(64).optional(),
  isHearts: flag.optional(),
  sourceVendorId: text(64).optional(),
  relatedRequestID: text(64).optional(),
});

/** LIST-026: the create form's data, which the page renders. */
export const createForm = z
  .object({
    ...ajaxState,
    createIngressName: z.string(),
    /** LIST-001: the component this ingress uses on a phone (a popover on desktop, always). */
    phoneComponent: z.enum(['bottomSheet', 'popover']),
    listTypes: z.array(z.enum(LIST_TYPES)),
    privacyOptions: z.array(z.enum(LIST_PRIVACY)),
    defaultPrivacy: z.enum(LIST_PRIVACY),
    persistenceOptions: z.array(z.enum(LIST_PERSISTENCE)),
    relationships: z.array(z.string()),
    suggestedName: z.string(),
    nameMaxLength: z.number().int(),
    listCount: z.number().int(),
    listLimit: z.number().int(),
  })
  .meta({ id: 'ListCreateForm' });
export type CreateForm = z.infer<typeof createForm>;

/** LIST-007, LIST-008, LIST-010, LIST-027: the creation fields (JSON or form). */
export const listCreation = z.object({
  listName: text(200).default(''),
  asin: asin.optional(),
  sid: text(64).optional(),
  vendorId: text(64).optional(),
  privacyStatus: z.enum(LIST_PRIVACY).default('private'),
  listType: z.enum(LIST_TYPES).default('wishlist'),
  persistence: z.enum(LIST_PERSISTENCE).default('persistent'),
  createIngressName: text(64).optional(),
  isHearts: flag.optional(),
  sourceVendorId: text(64).optional(),
  relatedRequestID: text(64).optional(),
  participantFirstName: text(200).optional(),
  participantLastName: text(200).optional(),
  relationship: text(64).optional(),
  occasionDay: optionalInt(0, 31),
  occasionMonth: optionalInt(0, 12),
  occasionYear: optionalInt(0, 9999),
  reminderOffset: optionalInt(0, 365),
  customizationToken: text(200).optional(),
  recipientName: text(200).optional(),
  searchable: flag.optional(),
  childAge: optionalInt(0, 18),
  description: text(LIST_LIMITS.descriptionMaxLength).optional(),
  isJson: flag.optional(),
  returnTo,
  csrfToken: z.string().optional(),
  token: z.string().optional(),
});
export type ListCreationBody = z.infer<typeof listCreation>;

/** LIST-009: the creation answer, with the ajax state (LIST-011). */
export const listCreated = z
  .object({
    ...ajaxState,
    listExternalId: z.string().nullable(),
    listType: z.enum(LIST_TYPES).nullable(),
    listId: z.string().nullable(),
    /** Where the new list is (LIST-004, LIST-006). */
    listUrl: z.string().nullable(),
  })
  .meta({ id: 'ListCreated' });
export type ListCreated = z.infer<typeof listCreated>;

/** LIST-011: the ajax state every list write answers with. */
export type ListAjaxState = Pick<ListCreated, 'hasError' | 'authRequired' | 'authUrl' | 'error'>;

/** LIST-030: the lists query. */
export const addToListQuery = z.object({
  sortMethod: z.enum(['default', 'name', 'last-modified']).default('default'),
  type: z.enum(['wishlist', 'giftlist', 'idealist', 'all']).default('all'),
  useAll: flag.optional(),
  sourceVendorId: text(64).optional(),
});

export const listSummary = z.object({
  listExternalId: z.string(),
  listId: z.string(),
  name: z.string(),
  listType: z.enum(LIST_TYPES),
  privacy: z.enum(LIST_PRIVACY),
  itemCount: z.number().int(),
  isDefault: z.boolean(),
  url: z.string(),
});
export type ListSummary = z.infer<typeof listSummary>;

/** LIST-030: the shopper's lists, the default first. */
export const addToListAnswer = z
  .object({ ...ajaxState, lists: z.array(listSummary) })
  .meta({ id: 'ShopperLists' });
export type AddToListAnswer = z.infer<typeof addToListAnswer>;

const quantity = z.preprocess(
  (v) => (v === '' || v === undefined ? 1 : v),
  z.coerce.number().int().min(1).max(LIST_LIMITS.quantityMax),
);

/** LIST-031: add an item to a list (the default list when none is named). */
export const addItemToListBody = z.object({
  asin,
  vendorId: text(64).optional(),
  listExternalId: listExternalId.optional(),
  listType: z.enum(LIST_TYPES).optional(),
  isAjax: flag.optional(),
  /** LIST-023: 1 unless the page says otherwise. */
  quantity,
  returnTo,
  csrfToken: z.string().optional(),
  token: z.string().optional(),
});

/** LIST-032: add an item to a list named by its list id. */
export const addAsinBody = z.object({
  listId: z.string().min(1).max(40),
  listType: z.enum(LIST_TYPES).optional(),
  asin,
  sid: text(64).optional(),
  tags: z.union([text(500), z.array(text(64)).max(20)]).optional(),
  quantity,
  returnTo,
  csrfToken: z.string().optional(),
  token: z.string().optional(),
});

/** LIST-033: add an item to an idea list (its list id or external id), or the default list. */
export const createApiAddToListBody = z.object({
  asin,
  sid: text(64).optional(),
  listId: z.string().min(1).max(40).optional(),
  listExternalId: listExternalId.optional(),
  quantity,
  returnTo,
  csrfToken: z.string().optional(),
  token: z.string().optional(),
});

/** LIST-003, LIST-031..033: an add's answer: the list it went to and the item's quantity there. */
export const itemAdded = z
  .object({
    ...ajaxState,
    asin: z.string().nullable(),
    listExternalId: z.string().nullable(),
    listId: z.string().nullable(),
    listName: z.string().nullable(),
    listType: z.enum(LIST_TYPES).nullable(),
    listUrl: z.string().nullable(),
    quantity: z.number().int().nullable(),
  })
  .meta({ id: 'ListItemAdded' });
export type ItemAdded = z.infer<typeof itemAdded>;

/** LIST-034 */
export const triggerWeblabQuery = z.object({ name: z.string().min(1).max(100) });
export const weblabTriggered = z
  .object({ name: z.string(), treatment: z.enum(['C', 'T1']), triggered: z.boolean() })
  .meta({ id: 'WeblabTriggered' });

/** LIST-035: whether the birthday gift list offer shows for a product (as data, not HTML). */
export const birthdayDpxQuery = z.object({ asin: asin.optional() });
export const birthdayDpx = z
  .object({ showBirthdayList: z.boolean(), asin: z.string().nullable(), createUrl: z.string() })
  .meta({ id: 'BirthdayListOffer' });

// The list pages' owner actions (plain forms; JSON works too).
export const listPageParams = z.object({ listExternalId });
export const listItemParams = z.object({ listExternalId, asin });
export const listPageQuery = z.object({ token: z.string().max(64).optional() });
export const ideaListQuery = z.object({ id: listExternalId, token: z.string().max(64).optional() });
export const renameBody = z.object({ listName: text(200), csrfToken: z.string().optional() });
export const privacyBody = z.object({ privacy: z.enum(LIST_PRIVACY), csrfToken: z.string().optional() });
export const itemUpdateBody = z.object({
  quantity: optionalInt(1, LIST_LIMITS.quantityMax),
  comment: text(LIST_LIMITS.commentMaxLength).optional(),
  priority: z.enum(LIST_PRIORITIES).optional(),
  csrfToken: z.string().optional(),
});
export const toCartBody = z.object({ keep: flag.default(true), csrfToken: z.string().optional() });
export const plainActionBody = z.object({ csrfToken: z.string().optional() }).optional();

/** What an owner action answers to a script (a form gets a redirect to the list). */
export const listActionDone = z
  .object({ ok: z.literal(true), listUrl: z.string(), shareUrl: z.string().nullable() })
  .meta({ id: 'ListActionDone' });

/** A list item as its page shows it. */
export const listItemView = z.object({
  asin: z.string(),
  title: z.string(),
  image: z.object({ src: z.string(), alt: z.string() }).nullable(),
  productUrl: z.string(),
  quantity: z.number().int(),
  comment: z.string(),
  priority: z.enum(LIST_PRIORITIES),
  addedOn: z.string(),
  priceWhenAdded: price,
  price: price.nullable(),
  /** "Price dropped 12% since added", or null when it has not moved. */
  priceChange: z.string().nullable(),
  priceDirection: z.enum(['dropped', 'rose', 'same']),
  inStock: z.boolean(),
});
export type ListItemViewDto = z.infer<typeof listItemView>;
