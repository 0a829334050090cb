// Reads the legacy add-to-cart form (S1 §7, CART-024/030/032) into cart items.

export type FormItem = {
  /** The {i} of the form fields this item came from. */
  index: number;
  asin: string;
  offerListingId: string;
  quantity: number;
  customAttributes: { name: string; value: string }[];
};

export type FormProblem = { code: string; message: string; field: string };

export type ParsedAddToCartForm =
  | { ok: true; verificationSessionID?: string; clientName?: string; items: FormItem[] }
  | { ok: false; problem: FormProblem };

const MAX_FORM_ITEMS = 50;
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
