// The add-to-cart form fields in both directions (S1 §7, CART-024/030/032): the names the page writes
// into the buy box form, how the server reads them back into cart items, and the page item's choices
// (gift receipt, device linking, installments) as the cart API payload. The buy box's script and the
// server's form route both build the page item here, so the two paths cannot drift.
import type { AdditionalParameters, CartApiItem } from '../../shared/contracts/cart';

export {
  BUY_BOX_FIELDS,
  itemFieldNames,
  PURCHASE_BUTTONS,
  upsellFormFields,
} from './add-to-cart-fields';

import { BUY_BOX_FIELDS } from './add-to-cart-fields';

/** The page item's choices; a choice the buy box does not offer is left out. */
export type PageItemChoices = {
  /** BB-013: include a gift receipt. */
  giftWrap?: boolean;
  /** BB-014/015: link the device to the account. */
  preregistration?: boolean;
  /** BB-018/019: the installments program, only while chosen. */
  installmentsProgramId?: string;
};

/** The page item's additional parameters for the cart: one entry per offered choice, none when none is. */
export function pageItemParameters(choices: PageItemChoices): AdditionalParameters | undefined {
  const parameters: AdditionalParameters = {
    ...(choices.giftWrap !== undefined ? { giftOptions: { includeGiftReceipt: choices.giftWrap } } : {}),
    ...(choices.preregistration !== undefined
      ? { devicePreregistration: { selected: choices.preregistration } }
      : {}),
    ...(choices.installmentsProgramId ? { installments: { programId: choices.installmentsProgramId } } : {}),
  };
  return Object.keys(parameters).length > 0 ? parameters : undefined;
}

/** The page item as the cart API takes it, with its choices. */
export function pageItemPayload(
  item: { asin: string; offerListingId: string; quantity: number },
  choices: PageItemChoices,
): CartApiItem {
  const additionalParameters = pageItemParameters(choices);
  return { ...item, ...(additionalParameters ? { additionalParameters } : {}) };
}

// BB-014: the plain form sends the flags as 'true'/'false' (a ticked checkbox without a value sends 'on').
const formFlag = (value: unknown): boolean | undefined =>
  typeof value === 'string' ? value === 'true' || value === 'on' : undefined;

/** The page item's choices as the plain buy box form posts them (the same rules as the script's). */
export function buyBoxFormChoices(form: Record<string, unknown>): PageItemChoices {
  const giftWrap = formFlag(form[BUY_BOX_FIELDS.giftWrap]);
  const preregistration = formFlag(form[BUY_BOX_FIELDS.preregistration]);
  const programId = form[BUY_BOX_FIELDS.installments];
  return {
    ...(giftWrap !== undefined ? { giftWrap } : {}),
    ...(preregistration !== undefined ? { preregistration } : {}),
    ...(typeof programId === 'string' && programId ? { installmentsProgramId: programId } : {}),
  };
}

export type FormItem = {
  /** The {i} of the form fields this item came from. */
  index: number;
  asin: string;
  offerListingId: string;
  quantity: number;
  customAttributes: { name: string; value: string }[];
};

export type FormProblemCode =
  | 'no_items'
  | 'too_many_items'
  | 'missing_asin'
  | 'missing_offer'
  | 'invalid_quantity';
export type FormProblem = { code: FormProblemCode; message: string; field: string };

export type ParsedAddToCartForm =
  | { ok: true; verificationSessionID?: string; clientName?: string; items: FormItem[] }
  | { ok: false; problem: FormProblem };

const MAX_FORM_ITEMS = 50;
// Besides the names above, the reader takes the legacy spellings ASIN.{i} and offerListingID.{i}.
const INDEXED = /^(asin|ASIN|offeringID|offerListingID|quantity)\.(\d{1,3})$/;
const CUSTOM = /^custom-(name|value)\.(\d{1,3})\.(\d{1,3})$/;

type Fields = Record<string, unknown>;

const text = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : Array.isArray(value) && typeof value[0] === 'string'
      ? value[0]
      : undefined;

/** Parses `asin.{i}`/`ASIN.{i}`, `offeringID.{i}`/`offerListingID.{i}`, `quantity.{i}` and `custom-name.{n}.{m}`. */
export function parseAddToCartForm(fields: Fields): ParsedAddToCartForm {
  const rows = new Map<number, { asin?: string; offer?: string; quantity?: string }>();
  const customs = new Map<string, { name?: string; value?: string }>();
  for (const [key, raw] of Object.entries(fields)) {
    const value = text(raw);
    const indexed = INDEXED.exec(key);
    if (indexed && value !== undefined) {
      const index = Number(indexed[2]);
      const row = rows.get(index) ?? {};
      if (indexed[1] === 'asin' || indexed[1] === 'ASIN') row.asin = value.trim();
      else if (indexed[1] === 'quantity') row.quantity = value.trim();
      else row.offer = value.trim();
      rows.set(index, row);
      continue;
    }
    const custom = CUSTOM.exec(key);
    if (custom && value !== undefined) {
      const id = `${custom[2]}.${custom[3]}`;
      const entry = customs.get(id) ?? {};
      if (custom[1] === 'name') entry.name = value;
      else entry.value = value;
      customs.set(id, entry);
    }
  }
  if (rows.size === 0) {
    return {
      ok: false,
      problem: { code: 'no_items', message: 'the request holds no items', field: 'asin.1' },
    };
  }
  if (rows.size > MAX_FORM_ITEMS) {
    return {
      ok: false,
      problem: {
        code: 'too_many_items',
        message: `at most ${MAX_FORM_ITEMS} items per request`,
        field: 'asin',
      },
    };
  }
  const items: FormItem[] = [];
  for (const index of [...rows.keys()].sort((a, b) => a - b)) {
    const row = rows.get(index) ?? {};
    if (!row.asin) {
      return {
        ok: false,
        problem: { code: 'missing_asin', message: `asin.${index} is required`, field: `asin.${index}` },
      };
    }
    if (!row.offer) {
      return {
        ok: false,
        problem: {
          code: 'missing_offer',
          message: `offeringID.${index} is required`,
          field: `offeringID.${index}`,
        },
      };
    }
    const quantity = row.quantity === undefined || row.quantity === '' ? 1 : Number(row.quantity);
    if (!/^\d{1,4}$/.test(row.quantity ?? '1') || !Number.isInteger(quantity) || quantity < 1) {
      return {
        ok: false,
        problem: {
          code: 'invalid_quantity',
          message: `quantity.${index} must be a whole number above 0`,
          field: `quantity.${index}`,
        },
      };
    }
    const customAttributes = [...customs.entries()]
      .filter(([id]) => id.startsWith(`${index}.`))
      .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
      .flatMap(([, { name, value }]) => (name ? [{ name, value: value ?? '' }] : []));
    items.push({ index, asin: row.asin, offerListingId: row.offer, quantity, customAttributes });
  }
  const verificationSessionID = text(fields.verificationSessionID);
  const clientName = text(fields.clientName);
  return {
    ok: true,
    items,
    ...(verificationSessionID ? { verificationSessionID } : {}),
    ...(clientName ? { clientName } : {}),
  };
}
