import { z } from 'zod';
import { REGISTRY_PRIVACY, REGISTRY_TYPES, REQUEST_COUNT_MAX } from '../registry-constants';
import { asin, price } from './common';

// Every POST takes a JSON or a form body with the same names (decision 0062): a form sends strings, so
// numbers and booleans are read from their text here, once, for both.
const formBoolean = z.preprocess((sent) => {
  // A checkbox after its hidden "false" sends both: the last one is the box's.
  const value = Array.isArray(sent) ? sent.at(-1) : sent;
  if (typeof value !== 'string') return value;
  if (['true', '1', 'on', 'yes'].includes(value)) return true;
  if (['false', '0', 'off', 'no'].includes(value)) return false;
  return value;
}, z.boolean());
const formInt = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,6}$/.test(value.trim()) ? Number(value) : value),
    z.number().int().min(min).max(max),
  );
const token = z.string().max(200).optional().meta({ description: 'The page CSRF token (decision 0062)' });
const registryId = z.string().min(1).max(64);
export const registryType = z.enum(REGISTRY_TYPES);
const requestedQuantity = formInt(1, REQUEST_COUNT_MAX);

/** REG-008: one of the shopper's registries in the add-to-registry dropdown. */
const registryListItem = z
  .object({
    id: z.string(),
    type: registryType,
    typeText: z.string(),
    name: z.string(),
    imageUrl: z.string(),
    /** Whether the asin asked about is already in this registry. */
    containsAsin: z.boolean(),
  })
  .meta({ id: 'RegistryListItem' });
export type RegistryListItem = z.infer<typeof registryListItem>;

/** REG-017 */
export const listRegistryQuery = z.object({ asin: asin.optional() });
export const listRegistryResponse = z.object({ result: z.array(registryListItem) });
export type ListRegistryResponse = z.infer<typeof listRegistryResponse>;

/** REG-018, REG-014: an add names the asin and a registry by id or by type. */
export const addProductBody = z.object({
  asin,
  desiredQuantity: requestedQuantity.default(1),
  registryId: registryId.optional(),
  registryType: registryType.optional(),
  itemType: z.string().max(40).optional(),
  vendorId: z.string().max(40).optional(),
  token,
});
const addResult = z.enum(['success', 'duplicate', 'failure']);
export const addProductResponse = z.object({
  result: addResult,
  registryId: z.string(),
  registryType: registryType,
  registryItemId: z.string(),
  registryLink: z.string(),
});
export type AddProductResponse = z.infer<typeof addProductResponse>;

/** REG-019 */
export const weddingAddItemsBody = z.object({
  items: z.preprocess(
    (value) => (typeof value === 'string' ? safeJson(value) : value),
    z
      .array(z.object({ asin, requestedQuantity: requestedQuantity.default(1) }))
      .min(1)
      .max(20),
  ),
  registryId: registryId.optional(),
  token,
});
export const weddingAddItemsResponse = z.object({
  status: z.literal('SUCCESS'),
  registryId: z.string(),
  registryLink: z.string(),
  items: z.array(
    z.object({ asin: z.string(), requestedQuantity: z.number().int(), registryItemId: z.string() }),
  ),
});
export type WeddingAddItemsResponse = z.infer<typeof weddingAddItemsResponse>;

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const productSummary = z.object({
  asin: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  price: price.nullable(),
});
export type ProductSummary = z.infer<typeof productSummary>;

/** REG-020: the wedding modal's data (the spec's HTML answer, decision 0062). */
export const weddingModalQuery = z.object({ asin });
export const weddingModalView = z.object({
  signedIn: z.boolean(),
  signInUrl: z.string(),
  product: productSummary,
  registry: z.object({ id: z.string(), name: z.string(), link: z.string() }).nullable(),
  inRegistry: z.boolean(),
  newRegistryUrl: z.string(),
});
export type WeddingModalView = z.infer<typeof weddingModalView>;

/** REG-021: the add modal of one registry, for one product. */
export const dpxAddParams = z.object({ type: registryType, id: registryId });
export const dpxAddView = z.object({
  registry: registryListItem.omit({ containsAsin: true }),
  product: productSummary,
  inRegistry: z.boolean(),
  requestedQuantity: z.number().int(),
  registryLink: z.string(),
});
export type DpxAddView = z.infer<typeof dpxAddView>;

/** REG-022, REG-007: the gift tags of a registry (shown in the 800-wide gift-tag modal). */
export const registryTagsResponse = z.object({
  registryId: z.string(),
  modalWidth: z.number().int(),
  tags: z.array(z.object({ id: z.string(), label: z.string(), itemCount: z.number().int() })),
});
export type RegistryTagsResponse = z.infer<typeof registryTagsResponse>;

/** REG-009: the post-add status, every field of S2 §3. */
export const postAddStatus = z
  .object({
    asin: z.string(),
    registryId: z.string(),
    newAddedItemImgUrl: z.string(),
    checklistPercent: z.number().int().min(0).max(100),
    checklistLink: z.string(),
    registryLink: z.string(),
    hasMustHave: z.boolean(),
    isMustHaveItem: z.boolean(),
    hasGroupGifting: z.boolean(),
    isGroupGiftingItem: z.boolean(),
    helpInfoLinkGroupGifting: z.string(),
    hasPrivate: z.boolean(),
    isPrivateItem: z.boolean(),
    itemRequestedCount: z.number().int(),
  })
  .meta({ id: 'RegistryPostAddStatus' });
export type PostAddStatus = z.infer<typeof postAddStatus>;

/** REG-023 */
export const babyAddBody = z.object({
  asin,
  sid: z.string().max(80).optional(),
  vendorId: z.string().max(40).optional(),
  token,
});
export const babyAddResponse = z.object({
  result: addResult,
  /** Where a failed add sends the page (REG-012). */
  redirectUrl: z.string().nullable(),
  status: postAddStatus.nullable(),
});
export type BabyAddResponse = z.infer<typeof babyAddResponse>;

export const asinQuery = z.object({ asin });

/** REG-024: items like the one just added, for the similar-item add. */
export const recommendationResponse = z.object({
  recommendations: z.array(productSummary.extend({ inRegistry: z.boolean() })),
});
export type RecommendationResponse = z.infer<typeof recommendationResponse>;

/** REG-026 */
export const closeResponse = z.object({ closed: z.literal(true) });
/** REG-027 */
export const helpInfoResponse = z.object({
  title: z.string(),
  paragraphs: z.array(z.string()),
  link: z.string(),
});
export type HelpInfoResponse = z.infer<typeof helpInfoResponse>;

/** The manage calls (decision 0062) take `{ asin, value, token }`. */
export const manageFlagBody = z.object({ asin, value: formBoolean, token });
export const manageQuantityBody = z.object({ asin, value: requestedQuantity, token });

// The registry pages' forms.
const addressFields = {
  fullName: z.string().trim().min(1).max(100),
  line1: z.string().trim().min(1).max(200),
  city: z.string().trim().min(1).max(100),
  state: z.string().trim().min(2).max(40),
  postalCode: z.string().trim().min(3).max(12),
};
export const createRegistryBody = z.object({
  type: registryType,
  name: z.string().trim().min(1).max(120),
  eventDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)'),
  privacy: z.enum(REGISTRY_PRIVACY).default('public'),
  ...addressFields,
  csrfToken: z.string().optional(),
  token,
});

export const registryViewQuery = z.object({ registryId, notice: z.string().max(40).optional() });
export const registryPageParams = z.object({ type: registryType });
export const findRegistryQuery = z.object({ q: z.string().max(120).optional() });

export const updateItemBody = z.object({
  registryId,
  itemId: z.string().min(1).max(64),
  requestedQuantity: requestedQuantity.optional(),
  mustHave: formBoolean.optional(),
  groupGifting: formBoolean.optional(),
  private: formBoolean.optional(),
  remove: formBoolean.optional(),
  csrfToken: z.string().optional(),
  token,
});
export const updateSettingsBody = z.object({
  registryId,
  privacy: z.enum(REGISTRY_PRIVACY).optional(),
  spoilerFree: formBoolean.optional(),
  csrfToken: z.string().optional(),
  token,
});
export const guestAddToCartBody = z.object({
  registryId,
  itemId: z.string().min(1).max(64),
  quantity: formInt(1, REQUEST_COUNT_MAX).default(1),
  csrfToken: z.string().optional(),
  token,
});
export const contributeBody = z.object({
  registryId,
  itemId: z.string().min(1).max(64),
  /** Dollars and cents as typed (`25`, `12.50`), or minor units as `amountMinor`. */
  amount: z
    .string()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, 'must be an amount like 25 or 12.50')
    .optional(),
  amountMinor: formInt(1, 10_000_000).optional(),
  csrfToken: z.string().optional(),
  token,
});
export const registryWriteResponse = z.object({
  ok: z.literal(true),
  registryId: z.string(),
  link: z.string(),
});

/** A registry item as the owner and guest views show it. */
export const registryItemView = z.object({
  id: z.string(),
  asin: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  price: price.nullable(),
  requested: z.number().int(),
  /** Null in the owner's spoiler-free mode before the event date. */
  purchased: z.number().int().nullable(),
  stillNeeded: z.number().int().nullable(),
  mustHave: z.boolean(),
  groupGifting: z.boolean(),
  private: z.boolean(),
  /** Group gifts: what is funded and the share funded (null otherwise, or hidden from a spoiler-free owner). */
  funded: price.nullable(),
  fundedPercent: z.number().int().nullable(),
  remaining: price.nullable(),
});
export type RegistryItemView = z.infer<typeof registryItemView>;

export const registrySummary = z.object({
  id: z.string(),
  type: registryType,
  typeText: z.string(),
  name: z.string(),
  eventDate: z.string(),
  privacy: z.enum(REGISTRY_PRIVACY),
  spoilerFree: z.boolean(),
  ownerLink: z.string(),
  guestLink: z.string(),
  itemCount: z.number().int(),
});
export type RegistrySummary = z.infer<typeof registrySummary>;

/** The product page's "Add to registry" (REG-001): how many registries the signed-in shopper has, by type. */
export const registryButtonView = z.object({
  count: z.number().int().min(1),
  types: z.array(registryType),
});
export type RegistryButtonView = z.infer<typeof registryButtonView>;
