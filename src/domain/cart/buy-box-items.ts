// The page item and its upsells (S1 §3, §4, §5): one model every add path shares.

/** CART-002: what the page knows about an item besides what the cart needs. */
export type ItemMetadata = {
  asin: string;
  offerId?: string;
  buyingPrice: number;
  listingPrice?: number;
  title?: string;
  imageUrl?: string;
  availabilityMessage?: string;
};

/** CART-001: a buy box item; offerId is sent as offerListingId (cart API) or offeringID (form). */
export type BuyBoxItem = {
  asin: string;
  offerId: string;
  quantity: number;
  customAttribute?: { name: string; value: string };
  metadata?: ItemMetadata;
};

export type BuyBoxItemEvent =
  | { type: 'pageItemAdded'; item: BuyBoxItem }
  | { type: 'pageItemReplaced'; item: BuyBoxItem; previous: BuyBoxItem }
  | { type: 'pageItemChanged'; item: BuyBoxItem; previous: BuyBoxItem }
  | { type: 'upsellAdded'; item: BuyBoxItem }
  | { type: 'upsellRemoved'; item: BuyBoxItem }
  | { type: 'upsellChanged'; item: BuyBoxItem; previous: BuyBoxItem };

/** CART-006: the first entry is the page item, every later entry an upsell; empty until the page item is set. */
export type BuyBoxItems = readonly BuyBoxItem[];

export type Transition = { items: BuyBoxItems; events: BuyBoxItemEvent[] };

const ERRORS = {
  asinRequired: 'The asin argument is required',
  pageQuantity: 'The quantity of the page asin must be > 0',
  pageAsinThroughUpsell: 'To modify the pageAsin, use setPageAsin() instead.',
  pageAsinFixed: 'Can not modify page asin.',
  upsellQuantities: 'New quantity for upsell asins must be greater than 0.',
  metadata: 'The metadata is NOT valid.',
} as const;

export const pageItem = (items: BuyBoxItems): BuyBoxItem | undefined => items[0];
export const upsells = (items: BuyBoxItems): BuyBoxItem[] => items.slice(1);

/** CART-015 */
function requireAsin(asin: unknown): asserts asin is string {
  if (typeof asin !== 'string' || asin.length === 0) throw new TypeError(ERRORS.asinRequired);
}

/** CART-016 */
function requirePageQuantity(quantity: unknown): asserts quantity is number {
  if (typeof quantity !== 'number' || !(quantity > 0)) throw new TypeError(ERRORS.pageQuantity);
}

/** CART-003: metadata counts only with a non-empty asin and a numeric buying price. */
export function isValidMetadata(metadata: unknown): metadata is ItemMetadata {
  if (!metadata || typeof metadata !== 'object') return false;
  const m = metadata as Partial<ItemMetadata>;
  return (
    typeof m.asin === 'string' &&
    m.asin.length > 0 &&
    typeof m.buyingPrice === 'number' &&
    !Number.isNaN(m.buyingPrice)
  );
}

/** CART-004/005: stores metadata on an item only when it is valid. */
export function withMetadata(item: BuyBoxItem, metadata: unknown): BuyBoxItem {
  if (!isValidMetadata(metadata)) throw new Error(ERRORS.metadata);
  return { ...item, metadata };
}

/**
 * CART-007/014: sets the page item. The first call adds it; later calls may replace its offer or
 * quantity but never its asin.
 */
export function setPageAsin(items: BuyBoxItems, item: BuyBoxItem): Transition {
  requireAsin(item.asin);
  requirePageQuantity(item.quantity);
  const current = pageItem(items);
  if (!current) return { items: [item], events: [{ type: 'pageItemAdded', item }] };
  if (current.asin !== item.asin) throw new Error(ERRORS.pageAsinFixed);
  return {
    items: [item, ...upsells(items)],
    events: [{ type: 'pageItemReplaced', item, previous: current }],
  };
}

/** CART-007/016: a new page quantity (the quantity dropdown) changes the page item. */
export function setPageQuantity(items: BuyBoxItems, quantity: unknown): Transition {
  requirePageQuantity(quantity);
  const current = pageItem(items);
  if (!current) throw new TypeError(ERRORS.asinRequired);
  const item = { ...current, quantity };
  return {
    items: [item, ...upsells(items)],
    events: [{ type: 'pageItemChanged', item, previous: current }],
  };
}

/** CART-017: an upsell quantity is at least 0; anything that is not a number counts as 1. */
export function coerceUpsellQuantity(quantity: unknown): number {
  if (typeof quantity !== 'number' || Number.isNaN(quantity)) return 1;
  return Math.max(0, Math.floor(quantity));
}

/**
 * CART-008..013: adds, changes or (at quantity 0 or less) removes an upsell. The page item is not
 * an upsell and cannot be changed here.
 */
export function setUpsell(
  items: BuyBoxItems,
  upsell: Omit<BuyBoxItem, 'quantity'> & { quantity?: unknown },
): Transition {
  requireAsin(upsell.asin);
  const page = pageItem(items);
  if (page && page.asin === upsell.asin) throw new Error(ERRORS.pageAsinThroughUpsell);
  const quantity = coerceUpsellQuantity(upsell.quantity);
  const item: BuyBoxItem = { ...upsell, quantity };
  const index = items.findIndex((entry, i) => i > 0 && entry.asin === upsell.asin);
  const previous = index > 0 ? items[index] : undefined;
  if (quantity === 0) {
    if (!previous) return { items, events: [] };
    return {
      items: items.filter((_, i) => i !== index),
      events: [{ type: 'upsellRemoved', item: previous }],
    };
  }
  if (!previous) return { items: [...items, item], events: [{ type: 'upsellAdded', item }] };
  return {
    items: items.map((entry, i) => (i === index ? item : entry)),
    events: [{ type: 'upsellChanged', item, previous }],
  };
}

/** CART-009: removes an upsell (quantity 0). */
export const removeUpsell = (items: BuyBoxItems, asin: string): Transition => {
  const current = items.find((entry, i) => i > 0 && entry.asin === asin);
  return current ? setUpsell(items, { ...current, quantity: 0 }) : { items, events: [] };
};

/** CART-018: sets every upsell to one quantity (the page quantity changed); it must be at least 1. */
export function setAllUpsellQuantities(items: BuyBoxItems, quantity: unknown): Transition {
  if (typeof quantity !== 'number' || !(quantity >= 1)) throw new Error(ERRORS.upsellQuantities);
  const events: BuyBoxItemEvent[] = [];
  const next = items.map((entry, i) => {
    if (i === 0 || entry.quantity === quantity) return entry;
    const item = { ...entry, quantity };
    events.push({ type: 'upsellChanged', item, previous: entry });
    return item;
  });
  return { items: next, events };
}
