import type { Kysely } from 'kysely';
import {
  checkContribution,
  checklistCategoryOf,
  checklistPercent,
  fundedPercent,
  isEventDate,
  ownerSeesPurchases,
  remainingFundingMinor,
  searchName,
  stillNeeded,
} from '../../../domain/registries/registry-rules';
import type {
  AddProductResponse,
  BabyAddResponse,
  DpxAddView,
  HelpInfoResponse,
  ListRegistryResponse,
  PostAddStatus,
  ProductSummary,
  RecommendationResponse,
  RegistryButtonView,
  RegistryItemView,
  RegistrySummary,
  RegistryTagsResponse,
  WeddingAddItemsResponse,
  WeddingModalView,
} from '../../../shared/contracts/registries';
import { DEFAULT_MARKETPLACE_ID, MARKETPLACES } from '../../../shared/marketplaces';
import { toPrice } from '../../../shared/money/price-format';
import {
  BABY_CHECKLIST,
  BABY_CHECKLIST_PATH,
  BABY_LANDING_PATH,
  type BabyManageFlag,
  GIFT_TAG_MODAL_WIDTH,
  guestViewPath,
  ITEM_ALREADY_EXIST,
  ownerViewPath,
  REGISTRY_IMAGE,
  REGISTRY_TYPE_TEXT,
  type RegistryPrivacy,
  type RegistryType,
  WEDDING_NEW_PATH,
  WEDDING_NO_SIGN_IN_PATH,
} from '../../../shared/registry-constants';
import { findSavedCheckout } from '../../db/repositories/customer-repository';
import {
  addRegistryItem,
  contributeToGroupGift,
  deleteRegistryItem,
  findCustomerRegistries,
  findRegistry,
  findRegistryItem,
  findRegistryItems,
  findRegistryProduct,
  findSimilarProducts,
  insertRegistry,
  newRegistryId,
  type Registry,
  type RegistryAddress,
  type RegistryItem,
  registriesHolding,
  searchPublicRegistries,
  updateRegistryItem,
  updateRegistrySettings,
} from '../../db/repositories/registry-repository';
import type { Customer } from '../../db/repositories/session-repository';
import type { Database } from '../../db/schema';
import type { Refusal } from '../refusal';
import { oncePerRequest, type RequestKey } from '../request-effect';

type Db = Kysely<Database>;
export type RegistryRefusalCode =
  | 'sign_in_required'
  | 'registry_not_found'
  | 'registry_item_not_found'
  | 'unknown_product'
  | 'invalid_request'
  | typeof ITEM_ALREADY_EXIST
  | 'contribution_below_minimum'
  | 'contribution_above_remaining'
  | 'group_gift_funded'
  | 'group_gift_only'
  | 'not_a_group_gift'
  | 'no_payment_method';
export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal<RegistryRefusalCode> };

const marketplace = MARKETPLACES[DEFAULT_MARKETPLACE_ID];
const money = (minor: number | null, currency: string | null) =>
  minor === null ? null : toPrice(minor, currency ?? marketplace.currencyCode, marketplace.priceFormat);
const refuse = (code: RegistryRefusalCode, message: string, field?: string) =>
  ({ ok: false, refusal: { code, message, ...(field ? { field } : {}) } }) as const;
const signInRequired = () => refuse('sign_in_required', 'sign in to manage your registries');
const notFound = () => refuse('registry_not_found', 'no such registry', 'registryId');

/** The picture a registry shows in lists: its first item's, else the registry type's own. */
const registryImage = (items: readonly RegistryItem[]) => items[0]?.imageUrl || REGISTRY_IMAGE;

/** REG-017, REG-008: the shopper's registries for the add-to-registry dropdown. */
export async function listRegistries(
  db: Db,
  customer: Customer | null,
  asin: string | undefined,
): Promise<Outcome<ListRegistryResponse>> {
  if (!customer) return signInRequired();
  const registries = await findCustomerRegistries(db, customer.id);
  const ids = registries.map((r) => r.id);
  const [items, holding] = await Promise.all([
    findRegistryItems(db, ids),
    asin ? registriesHolding(db, ids, asin) : Promise.resolve(new Set<string>()),
  ]);
  return {
    ok: true,
    value: {
      result: registries.map((registry) => ({
        id: registry.id,
        type: registry.type,
        typeText: REGISTRY_TYPE_TEXT[registry.type],
        name: registry.name,
        imageUrl: registryImage(items.filter((item) => item.registryId === registry.id)),
        containsAsin: holding.has(registry.id),
      })),
    },
  };
}

/** The registry a write names, when this customer owns it; anyone else's (or none) is not found. */
async function ownedRegistry(db: Db, customer: Customer | null, id: string): Promise<Outcome<Registry>> {
  if (!customer) return signInRequired();
  const registry = await findRegistry(db, id);
  if (!registry || registry.customerId !== customer.id) return notFound();
  return { ok: true, value: registry };
}

/** REG-018, REG-014: adds an asin to a registry named by id, or the shopper's first of a type. */
export async function addProduct(
  db: Db,
  customer: Customer | null,
  input: {
    asin: string;
    desiredQuantity: number;
    registryId?: string;
    registryType?: RegistryType;
    now: number;
    /** A keyed request's add is done once, a retry after a crash answering what it did (services/request-effect). */
    requestKey?: RequestKey | undefined;
  },
): Promise<Outcome<AddProductResponse>> {
  if (!customer) return signInRequired();
  if (!input.registryId && !input.registryType) {
    return refuse('invalid_request', 'name a registry by registryId or registryType', 'registryId');
  }
  let registry: Registry | undefined;
  if (input.registryId) {
    const owned = await ownedRegistry(db, customer, input.registryId);
    if (!owned.ok) return owned;
    registry = owned.value;
  } else {
    registry = (await findCustomerRegistries(db, customer.id)).find((r) => r.type === input.registryType);
  }
  if (!registry || (input.registryType && registry.type !== input.registryType)) return notFound();
  if (!(await findRegistryProduct(db, input.asin))) {
    return refuse('unknown_product', `no product ${input.asin}`, 'asin');
  }
  const registryId = registry.id;
  const item = await db.transaction().execute((trx) =>
    oncePerRequest(trx, input.requestKey, () =>
      addRegistryItem(trx, {
        registryId,
        asin: input.asin,
        requested: input.desiredQuantity,
        now: input.now,
      }),
    ),
  );
  return {
    ok: true,
    value: {
      result: item.added ? 'success' : 'duplicate',
      registryId: registry.id,
      registryType: registry.type,
      registryItemId: item.id,
      registryLink: ownerViewPath(registry.type, registry.id),
    },
  };
}

/** REG-019, REG-032: adds items to the shopper's wedding registry; one already there adds none. */
export async function weddingAddItems(
  db: Db,
  customer: Customer | null,
  input: {
    items: readonly { asin: string; requestedQuantity: number }[];
    registryId?: string;
    now: number;
    requestKey?: RequestKey | undefined;
  },
): Promise<Outcome<WeddingAddItemsResponse>> {
  if (!customer) return signInRequired();
  const registry = input.registryId
    ? await findRegistry(db, input.registryId)
    : (await findCustomerRegistries(db, customer.id)).find((r) => r.type === 'wedding');
  if (!registry || registry.customerId !== customer.id || registry.type !== 'wedding') return notFound();
  for (const [index, item] of input.items.entries()) {
    if (!(await findRegistryProduct(db, item.asin))) {
      return refuse('unknown_product', `no product ${item.asin}`, `items.${index}.asin`);
    }
  }
  try {
    const added = await db.transaction().execute((trx) =>
      oncePerRequest(trx, input.requestKey, async () => {
        const rows = [];
        for (const [index, item] of input.items.entries()) {
          const row = await addRegistryItem(trx, {
            registryId: registry.id,
            asin: item.asin,
            requested: item.requestedQuantity,
            now: input.now,
          });
          if (!row.added) throw new AlreadyThere(index, item.asin);
          rows.push({ asin: item.asin, requestedQuantity: item.requestedQuantity, registryItemId: row.id });
        }
        return rows;
      }),
    );
    return {
      ok: true,
      value: {
        status: 'SUCCESS',
        registryId: registry.id,
        registryLink: ownerViewPath('wedding', registry.id),
        items: added,
      },
    };
  } catch (error) {
    if (error instanceof AlreadyThere) {
      return refuse(
        ITEM_ALREADY_EXIST,
        `${error.asin} is already in your wedding registry`,
        `items.${error.index}.asin`,
      );
    }
    throw error;
  }
}

class AlreadyThere extends Error {
  constructor(
    readonly index: number,
    readonly asin: string,
  ) {
    super('item already exists');
  }
}

async function productSummary(db: Db, asin: string): Promise<ProductSummary | null> {
  const product = await findRegistryProduct(db, asin);
  if (!product) return null;
  return {
    asin: product.asin,
    title: product.title,
    imageUrl: product.imageUrl,
    price: money(product.priceMinor, product.currencyCode),
  };
}

/** REG-020, REG-016: the wedding modal's data; signed out it points to the no-sign-in page. */
export async function weddingModal(
  db: Db,
  customer: Customer | null,
  asin: string,
): Promise<Outcome<WeddingModalView>> {
  const product = await productSummary(db, asin);
  if (!product) return refuse('unknown_product', `no product ${asin}`, 'asin');
  const wedding = customer
    ? (await findCustomerRegistries(db, customer.id)).find((r) => r.type === 'wedding')
    : undefined;
  const inRegistry = wedding ? (await registriesHolding(db, [wedding.id], asin)).has(wedding.id) : false;
  return {
    ok: true,
    value: {
      signedIn: !!customer,
      signInUrl: WEDDING_NO_SIGN_IN_PATH,
      product,
      registry: wedding
        ? { id: wedding.id, name: wedding.name, link: ownerViewPath('wedding', wedding.id) }
        : null,
      inRegistry,
      newRegistryUrl: WEDDING_NEW_PATH,
    },
  };
}

/** REG-021: the add modal of one of the shopper's registries for a product. */
export async function dpxAddToRegistry(
  db: Db,
  customer: Customer | null,
  input: { type: RegistryType; id: string; asin: string },
): Promise<Outcome<DpxAddView>> {
  const owned = await ownedRegistry(db, customer, input.id);
  if (!owned.ok) return owned;
  const registry = owned.value;
  if (registry.type !== input.type) return notFound();
  const product = await productSummary(db, input.asin);
  if (!product) return refuse('unknown_product', `no product ${input.asin}`, 'asin');
  const items = await findRegistryItems(db, [registry.id]);
  const existing = items.find((item) => item.asin === input.asin);
  return {
    ok: true,
    value: {
      registry: {
        id: registry.id,
        type: registry.type,
        typeText: REGISTRY_TYPE_TEXT[registry.type],
        name: registry.name,
        imageUrl: registryImage(items),
      },
      product,
      inRegistry: !!existing,
      requestedQuantity: existing?.requested ?? 1,
      registryLink: ownerViewPath(registry.type, registry.id),
    },
  };
}

/** A registry a visitor may read: its owner's always, anyone's unless private (404 otherwise). */
async function readableRegistry(
  db: Db,
  viewer: Customer | null,
  type: string,
  id: string,
): Promise<Outcome<{ registry: Registry; isOwner: boolean }>> {
  const registry = await findRegistry(db, id);
  if (!registry || registry.type !== type) return notFound();
  const isOwner = viewer?.id === registry.customerId;
  if (!isOwner && registry.privacy === 'private') return notFound();
  return { ok: true, value: { registry, isOwner } };
}

const GENERAL_TAGS = ['Must have', 'Group gifts', 'Still needed'] as const;

/** REG-022, REG-007: a registry's gift tags (the baby checklist for a baby registry) with their item counts. */
export async function registryTags(
  db: Db,
  viewer: Customer | null,
  input: { type: string; id: string },
): Promise<Outcome<RegistryTagsResponse>> {
  const found = await readableRegistry(db, viewer, input.type, input.id);
  if (!found.ok) return found;
  const { registry, isOwner } = found.value;
  const items = (await findRegistryItems(db, [registry.id])).filter((item) => isOwner || !item.private);
  const slug = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const tags =
    registry.type === 'baby'
      ? BABY_CHECKLIST.map((category) => ({
          id: slug(category),
          label: category,
          itemCount: items.filter((item) => checklistCategoryOf(item.title) === category).length,
        }))
      : GENERAL_TAGS.map((label) => ({
          id: slug(label),
          label,
          itemCount: items.filter((item) =>
            label === 'Must have'
              ? item.mustHave
              : label === 'Group gifts'
                ? item.groupGifting
                : stillNeeded(item.requested, item.purchased) > 0,
          ).length,
        }));
  return { ok: true, value: { registryId: registry.id, modalWidth: GIFT_TAG_MODAL_WIDTH, tags } };
}

const HELP_GROUP_GIFTING = `${BABY_LANDING_PATH}#group-gifting`;

/** REG-009: the post-add status of an item of a baby registry. */
function statusOf(registry: Registry, items: readonly RegistryItem[], item: RegistryItem): PostAddStatus {
  return {
    asin: item.asin,
    registryId: registry.id,
    newAddedItemImgUrl: item.imageUrl,
    checklistPercent: checklistPercent(items.map((i) => i.title)),
    checklistLink: BABY_CHECKLIST_PATH,
    registryLink: ownerViewPath(registry.type, registry.id),
    hasMustHave: true,
    isMustHaveItem: item.mustHave,
    hasGroupGifting: true,
    isGroupGiftingItem: item.groupGifting,
    helpInfoLinkGroupGifting: HELP_GROUP_GIFTING,
    hasPrivate: true,
    isPrivateItem: item.private,
    itemRequestedCount: item.requested,
  };
}

const babyRegistryOf = async (db: Db, customer: Customer) =>
  (await findCustomerRegistries(db, customer.id)).find((r) => r.type === 'baby') ?? null;

/** REG-023, REG-010..012: adds the asin to the shopper's baby registry; any failure sends to the landing. */
export async function babyAdd(
  db: Db,
  customer: Customer | null,
  input: { asin: string; now: number; requestKey?: RequestKey | undefined },
): Promise<BabyAddResponse> {
  const failure: BabyAddResponse = { result: 'failure', redirectUrl: BABY_LANDING_PATH, status: null };
  if (!customer) return failure;
  const registry = await babyRegistryOf(db, customer);
  if (!registry || !(await findRegistryProduct(db, input.asin))) return failure;
  const added = await db
    .transaction()
    .execute((trx) =>
      oncePerRequest(trx, input.requestKey, () =>
        addRegistryItem(trx, { registryId: registry.id, asin: input.asin, requested: 1, now: input.now }),
      ),
    );
  const items = await findRegistryItems(db, [registry.id]);
  const item = items.find((i) => i.id === added.id);
  if (!item) return failure;
  return {
    result: added.added ? 'success' : 'duplicate',
    redirectUrl: null,
    status: statusOf(registry, items, item),
  };
}

/** REG-025, decision 0062: the post-add status of an asin in the shopper's baby registry. */
export async function babyStatus(
  db: Db,
  customer: Customer | null,
  asin: string,
): Promise<Outcome<PostAddStatus>> {
  if (!customer) return signInRequired();
  const registry = await babyRegistryOf(db, customer);
  if (!registry) return notFound();
  const items = await findRegistryItems(db, [registry.id]);
  const item = items.find((i) => i.asin === asin);
  if (!item) return refuse('registry_item_not_found', `${asin} is not in your baby registry`, 'asin');
  return { ok: true, value: statusOf(registry, items, item) };
}

/** REG-028..031: sets one flag, or the requested count, of an item of the shopper's baby registry. */
export async function babyManage(
  db: Db,
  customer: Customer | null,
  input: { flag: BabyManageFlag; asin: string; value: boolean | number },
): Promise<Outcome<PostAddStatus>> {
  const before = await babyStatus(db, customer, input.asin);
  if (!before.ok) return before;
  const registry = await findRegistry(db, before.value.registryId);
  if (!registry) return notFound();
  const item = (await findRegistryItems(db, [registry.id])).find((i) => i.asin === input.asin);
  if (!item) return refuse('registry_item_not_found', `${input.asin} is not in your baby registry`, 'asin');
  const { value } = input;
  await updateRegistryItem(
    db,
    item.id,
    input.flag === 'request-quantity'
      ? { requested: Number(value) }
      : input.flag === 'must-have'
        ? { mustHave: !!value }
        : input.flag === 'group-gifting'
          ? { groupGifting: !!value }
          : { private: !!value },
  );
  return babyStatus(db, customer, input.asin);
}

/** REG-024: items like the asin, each saying whether the shopper's baby registry holds it (REG-015). */
export async function babyRecommendations(
  db: Db,
  customer: Customer | null,
  asin: string,
): Promise<Outcome<RecommendationResponse>> {
  if (!customer) return signInRequired();
  const registry = await babyRegistryOf(db, customer);
  const similar = await findSimilarProducts(db, asin, 4);
  const held = registry
    ? new Set((await findRegistryItems(db, [registry.id])).map((item) => item.asin))
    : new Set<string>();
  return {
    ok: true,
    value: {
      recommendations: similar.map((p) => ({
        asin: p.asin,
        title: p.title,
        imageUrl: p.imageUrl,
        price: money(p.priceMinor, p.currencyCode),
        inRegistry: held.has(p.asin),
      })),
    },
  };
}

/** REG-027: what group gifting and the other toggles mean. */
export function babyHelpInfo(): HelpInfoResponse {
  return {
    title: 'Group gifting, must-haves and private items',
    paragraphs: [
      'Group gifting lets friends and family chip in from $5 toward a bigger item. It counts as purchased once it is fully funded.',
      'Must-have items are shown first to your gift-givers. Private items are seen by you only.',
    ],
    link: HELP_GROUP_GIFTING,
  };
}

// The pages' services.

const today = (now: number) => new Date(now).toISOString().slice(0, 10);

function summaryOf(registry: Registry, itemCount: number): RegistrySummary {
  return {
    id: registry.id,
    type: registry.type,
    typeText: REGISTRY_TYPE_TEXT[registry.type],
    name: registry.name,
    eventDate: registry.eventDate,
    privacy: registry.privacy,
    spoilerFree: registry.spoilerFree,
    ownerLink: ownerViewPath(registry.type, registry.id),
    guestLink: guestViewPath(registry.type, registry.id),
    itemCount,
  };
}

function itemView(item: RegistryItem, showPurchases: boolean): RegistryItemView {
  const gift = {
    unitPriceMinor: item.priceMinor ?? 0,
    requested: item.requested,
    fundedMinor: item.fundedMinor,
  };
  const group = item.groupGifting && item.priceMinor !== null;
  return {
    id: item.id,
    asin: item.asin,
    title: item.title,
    imageUrl: item.imageUrl,
    price: money(item.priceMinor, item.currencyCode),
    requested: item.requested,
    purchased: showPurchases ? item.purchased : null,
    stillNeeded: showPurchases ? stillNeeded(item.requested, item.purchased) : null,
    mustHave: item.mustHave,
    groupGifting: item.groupGifting,
    private: item.private,
    funded: group && showPurchases ? money(item.fundedMinor, item.currencyCode) : null,
    fundedPercent: group && showPurchases ? fundedPercent(gift) : null,
    remaining: group && showPurchases ? money(remainingFundingMinor(gift), item.currencyCode) : null,
  };
}

/** `/registries`: public registries found by name, and the shopper's own. */
export async function registriesHome(db: Db, customer: Customer | null, query: string | undefined) {
  const words = query ? searchName(query).split(' ').filter(Boolean) : [];
  const [found, mine] = await Promise.all([
    searchPublicRegistries(db, words),
    customer ? findCustomerRegistries(db, customer.id) : Promise.resolve([]),
  ]);
  const items = await findRegistryItems(
    db,
    [...found, ...mine].map((r) => r.id),
  );
  const count = (r: Registry, ownerView: boolean) =>
    items.filter((i) => i.registryId === r.id && (ownerView || !i.private)).length;
  return {
    query: query ?? '',
    results: query ? found.map((r) => summaryOf(r, count(r, false))) : null,
    mine: mine.map((r) => summaryOf(r, count(r, true))),
  };
}

/** The owner view: every item, its flags and "N of M purchased" (hidden in spoiler-free mode). */
export async function ownerView(
  db: Db,
  customer: Customer | null,
  input: { type: string; id: string; now: number },
) {
  const owned = customer ? await ownedRegistry(db, customer, input.id) : signInRequired();
  if (!owned.ok) return owned;
  const registry = owned.value;
  if (registry.type !== input.type) return notFound();
  const items = await findRegistryItems(db, [registry.id]);
  const showPurchases = ownerSeesPurchases(registry.spoilerFree, registry.eventDate, today(input.now));
  return {
    ok: true as const,
    value: {
      registry: summaryOf(registry, items.length),
      showPurchases,
      checklistPercent: registry.type === 'baby' ? checklistPercent(items.map((i) => i.title)) : null,
      items: items
        .map((item) => itemView(item, showPurchases))
        .sort((a, b) => Number(b.mustHave) - Number(a.mustHave)),
    },
  };
}

/** The gift-giver's view (decision 0062): requested and still needed, private items hidden, must-haves first. */
export async function guestView(
  db: Db,
  viewer: Customer | null,
  input: { type: string; id: string; now: number },
) {
  const found = await readableRegistry(db, viewer, input.type, input.id);
  if (!found.ok) return found;
  const { registry, isOwner } = found.value;
  // The owner previewing their guest view is not spoiled either.
  const showPurchases =
    !isOwner || ownerSeesPurchases(registry.spoilerFree, registry.eventDate, today(input.now));
  const items = (await findRegistryItems(db, [registry.id])).filter((item) => !item.private);
  return {
    ok: true as const,
    value: {
      registry: summaryOf(registry, items.length),
      isOwner,
      showPurchases,
      items: items
        .map((item) => itemView(item, showPurchases))
        .sort((a, b) => Number(b.mustHave) - Number(a.mustHave)),
    },
  };
}

/** Creates a registry for the signed-in customer. */
export async function createRegistry(
  db: Db,
  customer: Customer | null,
  input: {
    type: RegistryType;
    name: string;
    eventDate: string;
    privacy: RegistryPrivacy;
    address: RegistryAddress;
    now: number;
  },
): Promise<Outcome<RegistrySummary>> {
  if (!customer) return signInRequired();
  if (!isEventDate(input.eventDate))
    return refuse('invalid_request', 'the event date is not a real date', 'eventDate');
  const registry: Registry = {
    id: newRegistryId(),
    customerId: customer.id,
    type: input.type,
    name: input.name,
    eventDate: input.eventDate,
    privacy: input.privacy,
    spoilerFree: false,
    createdAt: input.now,
  };
  await insertRegistry(db, {
    ...registry,
    searchName: searchName(input.name),
    address: input.address,
    now: input.now,
  });
  return { ok: true, value: summaryOf(registry, 0) };
}

/** The owner changes an item's quantity or flags, or removes it. */
export async function updateItem(
  db: Db,
  customer: Customer | null,
  input: {
    registryId: string;
    itemId: string;
    requestedQuantity?: number;
    mustHave?: boolean;
    groupGifting?: boolean;
    private?: boolean;
    remove?: boolean;
  },
): Promise<Outcome<RegistrySummary>> {
  const owned = await ownedRegistry(db, customer, input.registryId);
  if (!owned.ok) return owned;
  const item = await findRegistryItem(db, input.registryId, input.itemId);
  if (!item) return refuse('registry_item_not_found', 'no such item in this registry', 'itemId');
  if (input.remove) await deleteRegistryItem(db, item.id);
  else
    await updateRegistryItem(db, item.id, {
      requested: input.requestedQuantity,
      mustHave: input.mustHave,
      groupGifting: input.groupGifting,
      private: input.private,
    });
  return { ok: true, value: summaryOf(owned.value, 0) };
}

/** The owner changes who sees the registry, or the spoiler-free mode. */
export async function updateSettings(
  db: Db,
  customer: Customer | null,
  input: { registryId: string; privacy?: RegistryPrivacy; spoilerFree?: boolean },
): Promise<Outcome<RegistrySummary>> {
  const owned = await ownedRegistry(db, customer, input.registryId);
  if (!owned.ok) return owned;
  await updateRegistrySettings(db, input.registryId, input);
  const registry = await findRegistry(db, input.registryId);
  return { ok: true, value: summaryOf(registry ?? owned.value, 0) };
}

/** The item a giver buys from a guest view: readable registry, item not private. */
export async function giftableItem(
  db: Db,
  viewer: Customer | null,
  input: { registryId: string; itemId: string },
): Promise<Outcome<{ registry: Registry; item: RegistryItem; offerId: string }>> {
  const registry = await findRegistry(db, input.registryId);
  if (!registry) return notFound();
  const found = await readableRegistry(db, viewer, registry.type, registry.id);
  if (!found.ok) return found;
  const item = await findRegistryItem(db, registry.id, input.itemId);
  if (!item || item.private)
    return refuse('registry_item_not_found', 'no such item in this registry', 'itemId');
  const product = await findRegistryProduct(db, item.asin);
  if (!product?.offerId) return refuse('unknown_product', `${item.asin} cannot be bought now`, 'itemId');
  return { ok: true, value: { registry, item, offerId: product.offerId } };
}

/** Group gifting: a signed-in giver's contribution, from $5, counted purchased once fully funded. */
export async function contribute(
  db: Db,
  customer: Customer | null,
  input: { registryId: string; itemId: string; amountMinor: number; now: number },
): Promise<Outcome<{ registry: Registry; fundedPercent: number }>> {
  if (!customer) return refuse('sign_in_required', 'sign in to contribute to a group gift');
  const found = await giftableItem(db, customer, input);
  if (!found.ok) return found;
  const { registry, item } = found.value;
  const unitPriceMinor = item.priceMinor;
  if (!item.groupGifting || unitPriceMinor === null) {
    return refuse('not_a_group_gift', 'this item is not a group gift', 'itemId');
  }
  const { paymentMethod } = await findSavedCheckout(db, customer.id);
  if (!paymentMethod) return refuse('no_payment_method', 'add a payment method to contribute', 'amount');
  const gift = { unitPriceMinor, requested: item.requested, fundedMinor: item.fundedMinor };
  const problem = checkContribution(input.amountMinor, gift);
  const tooLate = () => refuse('group_gift_funded', 'this group gift is already fully funded', 'amount');
  if (problem === 'fully_funded') return tooLate();
  if (problem === 'below_minimum')
    return refuse('contribution_below_minimum', 'contributions start at $5.00', 'amount');
  if (problem === 'above_remaining') {
    return refuse('contribution_above_remaining', 'that is more than the gift still needs', 'amount');
  }
  const recorded = await db.transaction().execute((trx) =>
    contributeToGroupGift(trx, {
      registryItemId: item.id,
      customerId: customer.id,
      amountMinor: input.amountMinor,
      targetMinor: unitPriceMinor * item.requested,
      unitPriceMinor,
      requested: item.requested,
      paymentMethod,
      now: input.now,
    }),
  );
  // Another giver's contribution took what remained first.
  if (!recorded)
    return refuse('contribution_above_remaining', 'that is more than the gift still needs', 'amount');
  const after = await findRegistryItem(db, registry.id, item.id);
  const funded = after ? { ...gift, fundedMinor: after.fundedMinor } : gift;
  return { ok: true, value: { registry, fundedPercent: fundedPercent(funded) } };
}

/** The guest view of a registry (where a refused plain-form contribution goes back to), if it exists. */
export async function guestLinkOf(db: Db, registryId: string): Promise<string | undefined> {
  const registry = await findRegistry(db, registryId);
  return registry ? guestViewPath(registry.type, registry.id) : undefined;
}

/** The product page's slice: a signed-in shopper's registries by type (no button without one). */
export async function registryButtonSlice(
  db: Db,
  context: { customer: Customer | null },
): Promise<RegistryButtonView | null> {
  if (!context.customer) return null;
  const registries = await findCustomerRegistries(db, context.customer.id);
  if (registries.length === 0) return null;
  return { count: registries.length, types: [...new Set(registries.map((r) => r.type))] };
}

/** Where `/wedding/organize-registry` sends a signed-in shopper: their wedding registry, else a new one. */
export async function weddingOrganizeTarget(db: Db, customer: Customer): Promise<string> {
  const wedding = (await findCustomerRegistries(db, customer.id)).find((r) => r.type === 'wedding');
  return wedding ? ownerViewPath('wedding', wedding.id) : WEDDING_NEW_PATH;
}

/** The address a new registry's form starts from: the shopper's saved one. */
export async function startingRegistryAddress(
  db: Db,
  customer: Customer | null,
): Promise<RegistryAddress | null> {
  return customer ? ((await findSavedCheckout(db, customer.id)).address ?? null) : null;
}
