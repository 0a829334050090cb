import type { Kysely } from 'kysely';
import type { Questionnaire } from '../../../domain/trade-in/trade-in';
import type { TradeInCondition, TradeInProductGroup, TradeInState } from '../../../shared/trade-in-constants';
import { insertMany } from '../insert-many';
import type { Database } from '../schema';

type Db = Kysely<Database>;

// The trade-in area's tables (decisions 0052, 0053). Values are integer minor units; the offer maps and
// answers are JSON text this file alone decodes.

export type TradeInDeviceRow = {
  asin: string;
  position: number;
  title: string;
  brand: string;
  model: string;
  product_group: string;
  carrier: string | null;
  storage: string | null;
  trade_in_item_type: string;
  hazmat: number;
  payable_now: number;
  image_url: string | null;
  currency_code: string | null;
  offers_json: string;
};
type TradeInQuestionnaireRow = { product_group: string; appraisal_optional: number; questions_json: string };
export type TradeInProductRow = { asin: string; product_group: string };
type TradeInPastPurchaseRow = { customer_id: string; device_asin: string; purchased_at: number };
type TradeInCartItemRow = {
  id: string;
  customer_id: string;
  device_asin: string;
  answers_json: string;
  appraisal: number;
  condition: string;
  value_minor: number;
  offers_json: string;
  quoted_at: number;
};
type TradeInRefTagRow = { ref_tag: string; count: number };
type TradeInCartRow = { customer_id: string; item_count: number };
type TradeInRow = {
  id: string;
  customer_id: string;
  state: string;
  currency_code: string;
  quoted_at: number;
  holds_until: number;
  submitted_at: number;
  received_at: number | null;
  settled_at: number | null;
  debt_minor: number;
};
type TradeInItemRow = {
  id: string;
  trade_in_id: string;
  position: number;
  device_asin: string;
  title: string;
  answers_json: string;
  appraisal: number;
  offers_json: string;
  paid_now: number;
  hazmat: number;
  condition_quoted: string;
  value_quoted_minor: number;
  condition_found: string | null;
  value_found_minor: number | null;
  found_json: string | null;
  item_state: string;
  credited_minor: number;
};

declare module '../schema' {
  interface Database {
    trade_in_devices: TradeInDeviceRow;
    trade_in_questionnaires: TradeInQuestionnaireRow;
    trade_in_products: TradeInProductRow;
    trade_in_past_purchases: TradeInPastPurchaseRow;
    trade_in_cart_items: TradeInCartItemRow;
    trade_in_ref_tags: TradeInRefTagRow;
    trade_in_carts: TradeInCartRow;
    trade_ins: TradeInRow;
    trade_in_items: TradeInItemRow;
  }
}

export type OfferMap = Record<TradeInCondition, number>;

/** A tradeable device as the services use it. */
export type TradeInDeviceRecord = {
  asin: string;
  title: string;
  brand: string;
  model: string;
  productGroup: TradeInProductGroup;
  carrier: string | null;
  storage: string | null;
  tradeInItemType: string;
  hazmat: boolean;
  payableNow: boolean;
  imageUrl: string | null;
  currencyCode: string | null;
  offers: OfferMap;
};

function deviceOf(row: TradeInDeviceRow): TradeInDeviceRecord {
  return {
    asin: row.asin,
    title: row.title,
    brand: row.brand,
    model: row.model,
    productGroup: row.product_group as TradeInProductGroup,
    carrier: row.carrier,
    storage: row.storage,
    tradeInItemType: row.trade_in_item_type,
    hazmat: Number(row.hazmat) === 1,
    payableNow: Number(row.payable_now) === 1,
    imageUrl: row.image_url,
    currencyCode: row.currency_code,
    offers: JSON.parse(row.offers_json) as OfferMap,
  };
}

// ——— The catalog ———

/** Writes the catalog's devices over those of the same id (devices the file does not name stay). */
export async function upsertTradeInDevices(db: Db, rows: readonly TradeInDeviceRow[]): Promise<void> {
  await insertMany(db, 'trade_in_devices', rows, 'asin');
}

/** Writes the catalog's questionnaires over those of the same product group. */
export async function upsertTradeInQuestionnaires(
  db: Db,
  rows: readonly { productGroup: string; questionnaire: Questionnaire }[],
): Promise<void> {
  await insertMany(
    db,
    'trade_in_questionnaires',
    rows.map((r) => ({
      product_group: r.productGroup,
      appraisal_optional: r.questionnaire.appraisalOptional ? 1 : 0,
      questions_json: JSON.stringify(r.questionnaire.questions),
    })),
    'product_group',
  );
}

export async function findTradeInDevice(db: Db, asin: string): Promise<TradeInDeviceRecord | null> {
  const row = await db.selectFrom('trade_in_devices').selectAll().where('asin', '=', asin).executeTakeFirst();
  return row ? deviceOf(row) : null;
}

export async function findTradeInDevices(db: Db, asins: readonly string[]): Promise<TradeInDeviceRecord[]> {
  if (asins.length === 0) return [];
  const rows = await db.selectFrom('trade_in_devices').selectAll().where('asin', 'in', asins).execute();
  return rows.map(deviceOf);
}

/** The group's devices in catalog order, optionally narrowed (brand, model, carrier, a search term). */
export async function searchTradeInDevices(
  db: Db,
  productGroup: string,
  filter: { brand?: string; model?: string; carrier?: string; term?: string },
  page: { offset: number; limit: number },
): Promise<{ devices: TradeInDeviceRecord[]; total: number }> {
  let query = db.selectFrom('trade_in_devices').where('product_group', '=', productGroup);
  if (filter.brand) query = query.where('brand', '=', filter.brand);
  if (filter.model) query = query.where('model', '=', filter.model);
  if (filter.carrier) query = query.where('carrier', '=', filter.carrier);
  if (filter.term) {
    const like = `%${filter.term.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['title']), 'like', eb.val(like)),
        eb(eb.fn('lower', ['brand']), 'like', eb.val(like)),
        eb(eb.fn('lower', ['model']), 'like', eb.val(like)),
        eb(eb.fn('lower', ['trade_in_item_type']), 'like', eb.val(like)),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('position').orderBy('asin').offset(page.offset).limit(page.limit).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { devices: rows.map(deviceOf), total: Number(count?.n ?? 0) };
}

export async function findTradeInQuestionnaire(db: Db, productGroup: string): Promise<Questionnaire | null> {
  const row = await db
    .selectFrom('trade_in_questionnaires')
    .selectAll()
    .where('product_group', '=', productGroup)
    .executeTakeFirst();
  if (!row) return null;
  return {
    appraisalOptional: Number(row.appraisal_optional) === 1,
    questions: JSON.parse(row.questions_json) as Questionnaire['questions'],
  };
}

// ——— The product's launch ———

export async function findTradeInProduct(db: Db, asin: string): Promise<TradeInProductRow | null> {
  return (
    (await db.selectFrom('trade_in_products').selectAll().where('asin', '=', asin).executeTakeFirst()) ?? null
  );
}

export async function sameTradeInProduct(
  db: Db,
  asin: string,
  wanted: TradeInProductRow | null,
): Promise<boolean> {
  const stored = await findTradeInProduct(db, asin);
  if (wanted === null || stored === null) return wanted === stored;
  return stored.product_group === wanted.product_group;
}

export async function insertTradeInProducts(db: Db, rows: readonly TradeInProductRow[]): Promise<void> {
  await insertMany(db, 'trade_in_products', rows);
}

export async function replaceTradeInProduct(
  db: Db,
  asin: string,
  row: TradeInProductRow | null,
): Promise<void> {
  await db.deleteFrom('trade_in_products').where('asin', '=', asin).execute();
  if (row) await db.insertInto('trade_in_products').values(row).execute();
}

// ——— Past purchases ———

/** Gives a customer past purchases they do not have yet. */
export async function addPastPurchases(
  db: Db,
  customerId: string,
  purchases: readonly { deviceAsin: string; purchasedAt: number }[],
): Promise<void> {
  for (const p of purchases) {
    await db
      .insertInto('trade_in_past_purchases')
      .values({ customer_id: customerId, device_asin: p.deviceAsin, purchased_at: p.purchasedAt })
      .onConflict((oc) => oc.columns(['customer_id', 'device_asin']).doNothing())
      .execute();
  }
}

/** The customer's past purchases that are tradeable devices of the group, newest first. */
export async function findPastPurchases(
  db: Db,
  customerId: string,
  productGroup: string,
): Promise<{ device: TradeInDeviceRecord; purchasedAt: number }[]> {
  const rows = await db
    .selectFrom('trade_in_past_purchases as p')
    .innerJoin('trade_in_devices as d', 'd.asin', 'p.device_asin')
    .selectAll('d')
    .select('p.purchased_at')
    .where('p.customer_id', '=', customerId)
    .where('d.product_group', '=', productGroup)
    .orderBy('p.purchased_at', 'desc')
    .orderBy('d.asin')
    .execute();
  return rows.map((row) => ({ device: deviceOf(row), purchasedAt: Number(row.purchased_at) }));
}

// ——— Ref tags ———

/** TI-022: counts a ref tag (nothing else is stored). */
export async function countRefTag(db: Db, refTag: string): Promise<void> {
  await db
    .insertInto('trade_in_ref_tags')
    .values({ ref_tag: refTag, count: 1 })
    .onConflict((oc) =>
      oc.column('ref_tag').doUpdateSet((eb) => ({ count: eb('trade_in_ref_tags.count', '+', 1) })),
    )
    .execute();
}

export async function refTagCount(db: Db, refTag: string): Promise<number> {
  const row = await db
    .selectFrom('trade_in_ref_tags')
    .select('count')
    .where('ref_tag', '=', refTag)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

// ——— The cart ———

export type TradeInCartItemRecord = {
  id: string;
  deviceAsin: string;
  answers: Record<string, string>;
  appraisal: boolean;
  condition: TradeInCondition;
  valueMinor: number;
  offers: OfferMap;
  quotedAt: number;
};

function cartItemOf(row: TradeInCartItemRow): TradeInCartItemRecord {
  return {
    id: row.id,
    deviceAsin: row.device_asin,
    answers: JSON.parse(row.answers_json) as Record<string, string>,
    appraisal: Number(row.appraisal) === 1,
    condition: row.condition as TradeInCondition,
    valueMinor: Number(row.value_minor),
    offers: JSON.parse(row.offers_json) as OfferMap,
    quotedAt: Number(row.quoted_at),
  };
}

/** The customer's trade-in cart in the order items were added. */
export async function findTradeInCart(db: Db, customerId: string): Promise<TradeInCartItemRecord[]> {
  const rows = await db
    .selectFrom('trade_in_cart_items')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('quoted_at')
    .orderBy('id')
    .execute();
  return rows.map(cartItemOf);
}

export async function insertTradeInCartItem(
  db: Db,
  customerId: string,
  item: TradeInCartItemRecord,
): Promise<void> {
  await db
    .insertInto('trade_in_cart_items')
    .values({
      id: item.id,
      customer_id: customerId,
      device_asin: item.deviceAsin,
      answers_json: JSON.stringify(item.answers),
      appraisal: item.appraisal ? 1 : 0,
      condition: item.condition,
      value_minor: item.valueMinor,
      offers_json: JSON.stringify(item.offers),
      quoted_at: item.quotedAt,
    })
    .execute();
}

/** A cart item requoted: its value, offer map and quote time replaced (decision 0053). */
export async function requoteTradeInCartItem(
  db: Db,
  customerId: string,
  item: Pick<TradeInCartItemRecord, 'id' | 'valueMinor' | 'offers' | 'quotedAt'>,
): Promise<void> {
  await db
    .updateTable('trade_in_cart_items')
    .set({ value_minor: item.valueMinor, offers_json: JSON.stringify(item.offers), quoted_at: item.quotedAt })
    .where('customer_id', '=', customerId)
    .where('id', '=', item.id)
    .execute();
}

/**
 * Takes one of the cart's places in one guarded statement: the count rises only while it is below `max`
 * (its row lock makes parallel adds of one customer take turns). Answers whether a place was taken.
 */
export async function takeTradeInCartPlace(db: Db, customerId: string, max: number): Promise<boolean> {
  const row = await db
    .insertInto('trade_in_carts')
    .values({ customer_id: customerId, item_count: 1 })
    .onConflict((oc) =>
      oc
        .column('customer_id')
        .doUpdateSet((eb) => ({ item_count: eb('trade_in_carts.item_count', '+', 1) }))
        .where('trade_in_carts.item_count', '<', max),
    )
    .returning('item_count')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Locks the customer's cart row for the rest of the transaction (a no-op update): a submit and a parallel
 * submit or add take turns, and the one after reads the cart as the first left it.
 */
export async function lockTradeInCart(db: Db, customerId: string): Promise<void> {
  await db
    .updateTable('trade_in_carts')
    .set((eb) => ({ item_count: eb.ref('item_count') }))
    .where('customer_id', '=', customerId)
    .execute();
}

/** Sets the cart's count to what it holds (after a remove or a submit). */
async function recountTradeInCart(db: Db, customerId: string): Promise<void> {
  const row = await db
    .selectFrom('trade_in_cart_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  await db
    .updateTable('trade_in_carts')
    .set({ item_count: Number(row?.n ?? 0) })
    .where('customer_id', '=', customerId)
    .execute();
}

/** Removes one of the customer's cart items; answers whether there was one (another's id changes nothing). */
export async function deleteTradeInCartItem(db: Db, customerId: string, itemId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('trade_in_cart_items')
    .where('customer_id', '=', customerId)
    .where('id', '=', itemId)
    .executeTakeFirst();
  const removed = Number(result.numDeletedRows) === 1;
  if (removed) await recountTradeInCart(db, customerId);
  return removed;
}

/** Empties the customer's cart (after a submit); answers how many items it held. */
export async function clearTradeInCart(db: Db, customerId: string): Promise<number> {
  const result = await db
    .deleteFrom('trade_in_cart_items')
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  await recountTradeInCart(db, customerId);
  return Number(result.numDeletedRows);
}

// ——— Trade-ins ———

export type TradeInRecord = {
  id: string;
  customerId: string;
  state: TradeInState;
  currencyCode: string;
  quotedAt: number;
  holdsUntil: number;
  submittedAt: number;
  receivedAt: number | null;
  settledAt: number | null;
  debtMinor: number;
};

export type ItemState = 'pending' | 'awaitingChoice' | 'credited' | 'returned';

export type TradeInItemRecord = {
  id: string;
  position: number;
  deviceAsin: string;
  title: string;
  answers: Record<string, string>;
  appraisal: boolean;
  offers: OfferMap;
  paidNow: boolean;
  hazmat: boolean;
  conditionQuoted: TradeInCondition;
  valueQuotedMinor: number;
  conditionFound: TradeInCondition | null;
  valueFoundMinor: number | null;
  /** What the processor found, per question id (the answer id that fits the device found). */
  found: Record<string, string> | null;
  state: ItemState;
  creditedMinor: number;
};

function tradeInOf(row: TradeInRow): TradeInRecord {
  return {
    id: row.id,
    customerId: row.customer_id,
    state: row.state as TradeInState,
    currencyCode: row.currency_code,
    quotedAt: Number(row.quoted_at),
    holdsUntil: Number(row.holds_until),
    submittedAt: Number(row.submitted_at),
    receivedAt: row.received_at === null ? null : Number(row.received_at),
    settledAt: row.settled_at === null ? null : Number(row.settled_at),
    debtMinor: Number(row.debt_minor),
  };
}

function itemOf(row: TradeInItemRow): TradeInItemRecord {
  return {
    id: row.id,
    position: Number(row.position),
    deviceAsin: row.device_asin,
    title: row.title,
    answers: JSON.parse(row.answers_json) as Record<string, string>,
    appraisal: Number(row.appraisal) === 1,
    offers: JSON.parse(row.offers_json) as OfferMap,
    paidNow: Number(row.paid_now) === 1,
    hazmat: Number(row.hazmat) === 1,
    conditionQuoted: row.condition_quoted as TradeInCondition,
    valueQuotedMinor: Number(row.value_quoted_minor),
    conditionFound: row.condition_found as TradeInCondition | null,
    valueFoundMinor: row.value_found_minor === null ? null : Number(row.value_found_minor),
    found: row.found_json === null ? null : (JSON.parse(row.found_json) as Record<string, string>),
    state: row.item_state as ItemState,
    creditedMinor: Number(row.credited_minor),
  };
}

export async function insertTradeIn(db: Db, tradeIn: TradeInRecord, items: readonly TradeInItemRecord[]) {
  await db
    .insertInto('trade_ins')
    .values({
      id: tradeIn.id,
      customer_id: tradeIn.customerId,
      state: tradeIn.state,
      currency_code: tradeIn.currencyCode,
      quoted_at: tradeIn.quotedAt,
      holds_until: tradeIn.holdsUntil,
      submitted_at: tradeIn.submittedAt,
      received_at: tradeIn.receivedAt,
      settled_at: tradeIn.settledAt,
      debt_minor: tradeIn.debtMinor,
    })
    .execute();
  await insertMany(
    db,
    'trade_in_items',
    items.map((item) => ({
      id: item.id,
      trade_in_id: tradeIn.id,
      position: item.position,
      device_asin: item.deviceAsin,
      title: item.title,
      answers_json: JSON.stringify(item.answers),
      appraisal: item.appraisal ? 1 : 0,
      offers_json: JSON.stringify(item.offers),
      paid_now: item.paidNow ? 1 : 0,
      hazmat: item.hazmat ? 1 : 0,
      condition_quoted: item.conditionQuoted,
      value_quoted_minor: item.valueQuotedMinor,
      condition_found: item.conditionFound,
      value_found_minor: item.valueFoundMinor,
      found_json: item.found === null ? null : JSON.stringify(item.found),
      item_state: item.state,
      credited_minor: item.creditedMinor,
    })),
  );
}

/** A trade-in by id, or null; with `customerId`, only that customer's (another's answers null). */
export async function findTradeIn(db: Db, id: string, customerId?: string): Promise<TradeInRecord | null> {
  let query = db.selectFrom('trade_ins').selectAll().where('id', '=', id);
  if (customerId !== undefined) query = query.where('customer_id', '=', customerId);
  const row = await query.executeTakeFirst();
  return row ? tradeInOf(row) : null;
}

export async function findTradeInItems(db: Db, tradeInId: string): Promise<TradeInItemRecord[]> {
  const rows = await db
    .selectFrom('trade_in_items')
    .selectAll()
    .where('trade_in_id', '=', tradeInId)
    .orderBy('position')
    .execute();
  return rows.map(itemOf);
}

/** The customer's trade-ins, newest first. */
export async function findCustomerTradeIns(
  db: Db,
  customerId: string,
  limit = 100,
): Promise<TradeInRecord[]> {
  const rows = await db
    .selectFrom('trade_ins')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('submitted_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(tradeInOf);
}

/**
 * Moves a trade-in from one state to another in one guarded statement: of two operators (or a shopper and
 * an operator) at once, one wins. Answers whether this one did.
 */
export async function moveTradeIn(
  db: Db,
  id: string,
  from: TradeInState,
  to: TradeInState,
  changes: { receivedAt?: number; settledAt?: number; addDebtMinor?: number } = {},
): Promise<boolean> {
  const result = await db
    .updateTable('trade_ins')
    .set((eb) => ({
      state: to,
      ...(changes.receivedAt === undefined ? {} : { received_at: changes.receivedAt }),
      ...(changes.settledAt === undefined ? {} : { settled_at: changes.settledAt }),
      ...(changes.addDebtMinor ? { debt_minor: eb('debt_minor', '+', changes.addDebtMinor) } : {}),
    }))
    .where('id', '=', id)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function addTradeInDebt(db: Db, id: string, debtMinor: number): Promise<void> {
  if (debtMinor <= 0) return;
  await db
    .updateTable('trade_ins')
    .set((eb) => ({ debt_minor: eb('debt_minor', '+', debtMinor) }))
    .where('id', '=', id)
    .execute();
}

/** The customer's trade-ins that still owe credit taken back, oldest first. */
export async function findTradeInDebts(
  db: Db,
  customerId: string,
): Promise<{ id: string; debtMinor: number }[]> {
  const rows = await db
    .selectFrom('trade_ins')
    .select(['id', 'debt_minor'])
    .where('customer_id', '=', customerId)
    .where('debt_minor', '>', 0)
    .orderBy('submitted_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, debtMinor: Number(row.debt_minor) }));
}

/** Lowers a trade-in's debt by `amountMinor`, only while it owes that much; answers whether it did. */
export async function repayTradeInDebt(db: Db, id: string, amountMinor: number): Promise<boolean> {
  const result = await db
    .updateTable('trade_ins')
    .set((eb) => ({ debt_minor: eb('debt_minor', '-', amountMinor) }))
    .where('id', '=', id)
    .where('debt_minor', '>=', amountMinor)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateTradeInItem(
  db: Db,
  itemId: string,
  changes: {
    /** Only when the item is in this state (a guard); answers whether it was. */
    from?: ItemState;
    state: ItemState;
    creditedMinor: number;
    conditionFound?: TradeInCondition;
    valueFoundMinor?: number;
    found?: Record<string, string>;
  },
): Promise<boolean> {
  let update = db
    .updateTable('trade_in_items')
    .set({
      item_state: changes.state,
      credited_minor: changes.creditedMinor,
      ...(changes.conditionFound === undefined ? {} : { condition_found: changes.conditionFound }),
      ...(changes.valueFoundMinor === undefined ? {} : { value_found_minor: changes.valueFoundMinor }),
      ...(changes.found === undefined ? {} : { found_json: JSON.stringify(changes.found) }),
    })
    .where('id', '=', itemId);
  if (changes.from) update = update.where('item_state', '=', changes.from);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
