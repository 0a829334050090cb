import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  blocksSubmit,
  cartWarnings,
  checkAdd,
  conditionFromAnswers,
  heldValue,
  holdsUntil,
  isTradeInCondition,
  onChoice,
  paymentPreference,
  paymentSplit,
  type Questionnaire,
  settledState,
  tradedWithinYear,
} from '../../../domain/trade-in/trade-in';
import type {
  CartAddBody,
  ConditionOfferMap,
  ConditionQuestionnaireView,
  DropOffLocationsView,
  EligibleListView,
  GiftCardBalance,
  OfferView,
  ProcessorAddress,
  RefinementSelectionView,
  ReviewOrderView,
  SearchResultsView,
  SelectedItemsView,
  SuccessView,
  TradeInCartItem,
  TradeInCartView,
  TradeInDetail,
  TradeInDevice,
  TradeInList,
  TradeInMoney,
  WidgetState,
} from '../../../shared/contracts/trade-in';
import { DEFAULT_MARKETPLACE_ID, MARKETPLACES } from '../../../shared/marketplaces';
import { toPrice } from '../../../shared/money/price-format';
import {
  type AppraisalChoice,
  CREDIT_CARD_CARD_GROUPS,
  REFINEMENT_PRESENTATIONS,
  type RefinementStep,
  type SearchStyle,
  searchPageSize,
  TRADE_IN_CONDITIONS,
  TRADE_IN_LIMITS,
  type TradeInProductGroup,
  type TradeInTitle,
} from '../../../shared/trade-in-constants';
import {
  creditGiftCard,
  debitGiftCard,
  giftCardBalance,
  giftCardLedger,
  reverseGiftCard,
} from '../../db/repositories/gift-card-repository';
import type { Customer } from '../../db/repositories/session-repository';
import {
  addTradeInDebt,
  clearTradeInCart,
  countRefTag,
  deleteTradeInCartItem,
  findCustomerTradeIns,
  findPastPurchases,
  findTradeIn,
  findTradeInCart,
  findTradeInDebts,
  findTradeInDevice,
  findTradeInDevices,
  findTradeInItems,
  findTradeInProduct,
  findTradeInQuestionnaire,
  insertTradeIn,
  insertTradeInCartItem,
  lockTradeInCart,
  moveTradeIn,
  type OfferMap,
  repayTradeInDebt,
  requoteTradeInCartItem,
  searchTradeInDevices,
  type TradeInCartItemRecord,
  type TradeInDeviceRecord,
  type TradeInItemRecord,
  type TradeInRecord,
  takeTradeInCartPlace,
  updateTradeInItem,
} from '../../db/repositories/trade-in-repository';
import type { Database } from '../../db/schema';
import type { ProductPageContext } from '../products/page-context';
import type { Refusal } from '../refusal';

type Db = Kysely<Database>;

/** The logger a trade-in call writes its warnings to (the request's pino logger). */
export type TradeInLog = { warn(object: object, message: string): void };

export type TradeInRefusalCode =
  | 'sign_in_required'
  | 'unknown_device'
  | 'unknown_trade_in'
  | 'unknown_trade_in_item'
  | 'unknown_refinement'
  | 'product_group_mismatch'
  | 'invalid_answers'
  | 'invalid_condition'
  | 'nonTradeable'
  | 'mixedHazmat'
  | 'quantityExceeded'
  | 'maxGiftCardValue'
  | 'amountExceeded'
  | 'trade_in_cart_empty'
  | 'no_choice_pending';

export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal<TradeInRefusalCode> };
const refuse = (
  code: TradeInRefusalCode,
  message: string,
  field?: string,
): { ok: false; refusal: Refusal<TradeInRefusalCode> } => ({
  ok: false,
  refusal: { code, message, ...(field ? { field } : {}) },
});

const MARKETPLACE = MARKETPLACES[DEFAULT_MARKETPLACE_ID];

/** TI-010: where every device is sent (decision 0052). */
const PROCESSOR_ADDRESS: ProcessorAddress = {
  fullName: 'Trade-In Processing Center',
  line1: '1850 Mercer Road',
  line2: 'Dock 4',
  city: 'Lexington',
  state: 'KY',
  postalCode: '40511',
  countryCode: 'US',
};

const iso = (ms: number) => new Date(ms).toISOString();

function moneyOf(minor: number, currencyCode: string = MARKETPLACE.currencyCode): TradeInMoney {
  const price = toPrice(Math.abs(minor), currencyCode, MARKETPLACE.priceFormat);
  return { minor, currencyCode, displayString: minor < 0 ? `-${price.displayString}` : price.displayString };
}

/** TI-027: a device without a currency code is priced in the store's currency, and the gap is logged. */
function currencyOf(device: TradeInDeviceRecord, log: TradeInLog): string {
  if (device.currencyCode) return device.currencyCode;
  log.warn({ asin: device.asin, productGroup: device.productGroup }, 'Missing currency code');
  return MARKETPLACE.currencyCode;
}

/** TI-028: an offer map read back with every condition key valid; an invalid key is logged and dropped. */
function validOffers(offers: Record<string, number>, asin: string, log: TradeInLog): OfferMap {
  const valid = {} as OfferMap;
  for (const [key, tiv] of Object.entries(offers)) {
    if (isTradeInCondition(key)) valid[key] = tiv;
    else log.warn({ asin, condition: key }, 'Invalid condition key');
  }
  for (const c of TRADE_IN_CONDITIONS) valid[c] ??= 0;
  return valid;
}

function offerMapView(offers: OfferMap, currencyCode: string): ConditionOfferMap {
  return Object.fromEntries(
    TRADE_IN_CONDITIONS.map((c) => [
      c,
      { tiv: offers[c], displayString: moneyOf(offers[c], currencyCode).displayString },
    ]),
  ) as ConditionOfferMap;
}

function deviceView(device: TradeInDeviceRecord, log: TradeInLog): TradeInDevice {
  const currencyCode = currencyOf(device, log);
  return {
    asin: device.asin,
    title: device.title,
    brand: device.brand,
    model: device.model,
    productGroup: device.productGroup,
    refinements: {
      ...(device.carrier ? { carrier: device.carrier } : {}),
      ...(device.storage ? { storage: device.storage } : {}),
    },
    tradeInItemType: device.tradeInItemType,
    hazmat: device.hazmat,
    payableNow: device.payableNow,
    imageUrl: device.imageUrl,
    currencyCode,
    conditionOfferMap: offerMapView(validOffers(device.offers, device.asin, log), currencyCode),
  };
}

/** What the widget sent (TI-007), as the views echo it back. */
export type WidgetRequest = {
  productGroup: TradeInProductGroup;
  deviceType: WidgetState['deviceType'];
  title: TradeInTitle;
  currentAsin?: string | undefined;
  buyingPrice?: number | undefined;
  selectedAsin?: string | undefined;
  autoSearchTerm?: string | undefined;
};

function widgetState(request: WidgetRequest): WidgetState {
  return {
    productGroup: request.productGroup,
    deviceType: request.deviceType,
    title: request.title,
    asin: request.currentAsin ?? null,
    buyingPrice: request.buyingPrice ?? null,
    selectedAsin: request.selectedAsin ?? null,
    autoSearchTerm: request.autoSearchTerm ?? null,
  };
}

function signedIn(customer: Customer | null): customer is Customer {
  return customer !== null;
}
const SIGN_IN = refuse('sign_in_required', 'sign in to trade in');

/** TI-022: counts the ref tag; nothing else is stored. */
export async function recordRefTag(db: Db, refTag: string): Promise<void> {
  await countRefTag(db, refTag);
}

/** TI-023: the eligible list: the shopper's own devices of the group first, then the group's devices. */
export async function customerItems(
  db: Db,
  customer: Customer | null,
  request: WidgetRequest,
  log: TradeInLog,
): Promise<Outcome<EligibleListView>> {
  if (!signedIn(customer)) return SIGN_IN;
  const [past, group] = await Promise.all([
    findPastPurchases(db, customer.id, request.productGroup),
    searchTradeInDevices(db, request.productGroup, {}, { offset: 0, limit: TRADE_IN_LIMITS.searchPageSize }),
  ]);
  const owned = new Set(past.map((p) => p.device.asin));
  return {
    ok: true,
    value: {
      view: 'eligibleList',
      ...widgetState(request),
      pastPurchases: past.map((p) => ({ ...deviceView(p.device, log), purchasedAt: iso(p.purchasedAt) })),
      devices: group.devices.filter((d) => !owned.has(d.asin)).map((d) => deviceView(d, log)),
      showCreditCardCard: (CREDIT_CARD_CARD_GROUPS as readonly string[]).includes(request.productGroup),
      searchAlias: TRADE_IN_LIMITS.defaultSearchAlias,
    },
  };
}

/**
 * TI-033..036: a page of the group's devices. The alias `ereaders` (the default) names the whole
 * trade-in catalog of the group (decision 0052); any other q narrows it by title, brand, model or type.
 */
export async function searchDevices(
  db: Db,
  customer: Customer | null,
  request: WidgetRequest & { q?: string | undefined; page: number; style: SearchStyle },
  log: TradeInLog,
): Promise<Outcome<SearchResultsView>> {
  if (!signedIn(customer)) return SIGN_IN;
  const q = request.q?.trim() || TRADE_IN_LIMITS.defaultSearchAlias;
  const pageSize = searchPageSize(request.style, request.deviceType);
  const term = q === TRADE_IN_LIMITS.defaultSearchAlias ? undefined : q;
  const found = await searchTradeInDevices(db, request.productGroup, term ? { term } : {}, {
    offset: (request.page - 1) * pageSize,
    limit: pageSize,
  });
  return {
    ok: true,
    value: {
      view: 'searchResults',
      ...widgetState(request),
      q,
      style: request.style,
      items: found.devices.map((d) => deviceView(d, log)),
      page: request.page,
      pageSize,
      rowSize:
        request.deviceType === 'web' ? TRADE_IN_LIMITS.rowSize.desktop : TRADE_IN_LIMITS.rowSize.mobile,
      total: found.total,
    },
  };
}

const PRESENTATION_OF: Record<RefinementStep, RefinementSelectionView['presentation']> = {
  brand: REFINEMENT_PRESENTATIONS[0],
  model: REFINEMENT_PRESENTATIONS[1],
  carrier: REFINEMENT_PRESENTATIONS[2],
  storage: REFINEMENT_PRESENTATIONS[3],
};

/**
 * TI-005, TI-024: the next refinement step: brand (complex cards), model (simple cards), carrier
 * (contained buttons), storage (search cards, each option a device). `item` once one device is left.
 */
export async function refinementSelection(
  db: Db,
  customer: Customer | null,
  request: WidgetRequest & {
    brand?: string | undefined;
    model?: string | undefined;
    carrier?: string | undefined;
  },
  log: TradeInLog,
): Promise<Outcome<RefinementSelectionView>> {
  if (!signedIn(customer)) return SIGN_IN;
  const chosen = {
    ...(request.brand ? { brand: request.brand } : {}),
    ...(request.model && request.brand ? { model: request.model } : {}),
    ...(request.carrier && request.model && request.brand ? { carrier: request.carrier } : {}),
  };
  const { devices } = await searchTradeInDevices(db, request.productGroup, chosen, { offset: 0, limit: 500 });
  if (devices.length === 0 && Object.keys(chosen).length > 0) {
    const field = chosen.carrier ? 'carrier' : chosen.model ? 'model' : 'brand';
    return refuse('unknown_refinement', `no ${request.productGroup} device has that ${field}`, field);
  }
  const distinct = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => !!v))];
  let step: RefinementStep;
  let options: { value: string; label: string; imageUrl?: string }[];
  if (!chosen.brand) {
    step = 'brand';
    options = distinct(devices.map((d) => d.brand)).map((b) => ({ value: b, label: b }));
  } else if (!chosen.model) {
    step = 'model';
    options = distinct(devices.map((d) => d.model)).map((m) => {
      const image = devices.find((d) => d.model === m)?.imageUrl;
      return { value: m, label: m, ...(image ? { imageUrl: image } : {}) };
    });
  } else if (!chosen.carrier && distinct(devices.map((d) => d.carrier)).length > 1) {
    step = 'carrier';
    options = distinct(devices.map((d) => d.carrier)).map((c) => ({ value: c, label: c }));
  } else {
    step = 'storage';
    options = devices.map((d) => ({ value: d.asin, label: d.storage ?? d.title }));
  }
  const only = devices.length === 1 ? (devices[0] as TradeInDeviceRecord) : null;
  return {
    ok: true,
    value: {
      view: 'refinementSelection',
      ...widgetState(request),
      step,
      presentation: PRESENTATION_OF[step],
      chosen,
      options,
      item: only ? deviceView(only, log) : null,
    },
  };
}

/** A device of the named group, or the refusal (unknown: 404; another group: 400). */
async function deviceOfGroup(
  db: Db,
  asin: string,
  productGroup: TradeInProductGroup | undefined,
): Promise<Outcome<TradeInDeviceRecord>> {
  const device = await findTradeInDevice(db, asin);
  if (!device) return refuse('unknown_device', `no tradeable device ${asin}`, 'asin');
  if (productGroup && device.productGroup !== productGroup) {
    return refuse(
      'product_group_mismatch',
      `${asin} is in product group ${device.productGroup}`,
      'productGroup',
    );
  }
  return { ok: true, value: device };
}

async function questionnaireOf(db: Db, device: TradeInDeviceRecord): Promise<Outcome<Questionnaire>> {
  const questionnaire = await findTradeInQuestionnaire(db, device.productGroup);
  if (!questionnaire) return refuse('unknown_device', `no questions for ${device.productGroup}`, 'asin');
  return { ok: true, value: questionnaire };
}

/** TI-008, TI-017: the questions about a device (which condition an answer maps to stays on the server). */
export async function conditionQuestionnaire(
  db: Db,
  customer: Customer | null,
  request: { asin: string; productGroup: TradeInProductGroup },
  log: TradeInLog,
): Promise<Outcome<ConditionQuestionnaireView>> {
  if (!signedIn(customer)) return SIGN_IN;
  const device = await deviceOfGroup(db, request.asin, request.productGroup);
  if (!device.ok) return device;
  const questionnaire = await questionnaireOf(db, device.value);
  if (!questionnaire.ok) return questionnaire;
  return {
    ok: true,
    value: {
      view: 'conditionQuestionnaire',
      productGroup: request.productGroup,
      item: deviceView(device.value, log),
      tradeInItemType: device.value.tradeInItemType,
      questions: questionnaire.value.questions.map((q) => ({
        id: q.id,
        text: q.text,
        answers: q.answers.map((a) => ({ id: a.id, label: a.label })),
      })),
      appraisalOptional: questionnaire.value.appraisalOptional,
    },
  };
}

/** TI-008, TI-028: a device's offer for a condition; an invalid condition key is logged and refused. */
export async function offerForCondition(
  db: Db,
  customer: Customer | null,
  request: { asin: string; condition: string },
  log: TradeInLog,
): Promise<Outcome<OfferView>> {
  if (!signedIn(customer)) return SIGN_IN;
  if (!isTradeInCondition(request.condition)) {
    log.warn({ asin: request.asin, condition: request.condition }, 'Invalid condition key');
    return refuse(
      'invalid_condition',
      `${JSON.stringify(request.condition)} is not a condition key`,
      'condition',
    );
  }
  const device = await deviceOfGroup(db, request.asin, undefined);
  if (!device.ok) return device;
  const currencyCode = currencyOf(device.value, log);
  const offers = validOffers(device.value.offers, device.value.asin, log);
  return {
    ok: true,
    value: {
      asin: device.value.asin,
      condition: request.condition,
      tiv: offers[request.condition],
      value: moneyOf(offers[request.condition], currencyCode),
      conditionOfferMap: offerMapView(offers, currencyCode),
    },
  };
}

// ——— The cart ———

type CartLine = {
  record: TradeInCartItemRecord;
  device: TradeInDeviceRecord;
  questionnaire: Questionnaire | null;
};

/**
 * The customer's cart with each line's device. A line whose quote stopped holding is requoted at the
 * catalog's current value of the same condition and held again from now (decision 0053).
 */
async function currentCart(db: Db, customerId: string, now: number, log: TradeInLog): Promise<CartLine[]> {
  const records = await findTradeInCart(db, customerId);
  const devices = new Map(
    (
      await findTradeInDevices(
        db,
        records.map((r) => r.deviceAsin),
      )
    ).map((d) => [d.asin, d]),
  );
  const questionnaires = new Map<string, Questionnaire | null>();
  const lines: CartLine[] = [];
  for (const record of records) {
    const device = devices.get(record.deviceAsin);
    if (!device) continue;
    if (!questionnaires.has(device.productGroup)) {
      questionnaires.set(device.productGroup, await findTradeInQuestionnaire(db, device.productGroup));
    }
    const offers = validOffers(device.offers, device.asin, log);
    const held = heldValue(record, offers[record.condition], now);
    let current = record;
    if (held.requoted) {
      current = { ...record, valueMinor: held.valueMinor, offers, quotedAt: now };
      await requoteTradeInCartItem(db, customerId, current);
    }
    lines.push({ record: current, device, questionnaire: questionnaires.get(device.productGroup) ?? null });
  }
  return lines;
}

function cartItemView(line: CartLine, log: TradeInLog): TradeInCartItem {
  const { record, device, questionnaire } = line;
  const currencyCode = currencyOf(device, log);
  const answers = Object.entries(record.answers).map(([questionId, answerId]) => {
    const question = questionnaire?.questions.find((q) => q.id === questionId);
    return {
      questionId,
      question: question?.text ?? questionId,
      answerId,
      answer: question?.answers.find((a) => a.id === answerId)?.label ?? answerId,
    };
  });
  return {
    itemId: record.id,
    asin: device.asin,
    title: device.title,
    productGroup: device.productGroup,
    tradeInItemType: device.tradeInItemType,
    imageUrl: device.imageUrl,
    answers,
    condition: record.condition,
    value: moneyOf(record.valueMinor, currencyCode),
    conditionOfferMap: offerMapView(record.offers, currencyCode),
    paidNow: device.payableNow,
    hazmat: device.hazmat,
    appraisal: record.appraisal,
  };
}

const ruleItem = (line: CartLine) => ({
  asin: line.device.asin,
  valueMinor: line.record.valueMinor,
  hazmat: line.device.hazmat,
});

/** What the customer's trade-ins of the last 365 days are worth (TI-019's yearly amount). */
async function tradedThisYear(db: Db, customerId: string, now: number): Promise<number> {
  const tradeIns = await findCustomerTradeIns(db, customerId, 1000);
  const withValues = await Promise.all(
    tradeIns.map(async (t) => ({
      submittedAt: t.submittedAt,
      state: t.state,
      valueMinor: (await findTradeInItems(db, t.id))
        .filter((i) => i.state !== 'returned')
        .reduce((sum, i) => sum + i.valueQuotedMinor, 0),
    })),
  );
  return tradedWithinYear(withValues, now);
}

async function cartFields(db: Db, customerId: string, lines: CartLine[], now: number, log: TradeInLog) {
  const items = lines.map((l) => cartItemView(l, log));
  const split = paymentSplit(
    lines.map((l) => ({ paidNow: l.device.payableNow, valueMinor: l.record.valueMinor })),
  );
  const quotedAt = lines.length > 0 ? Math.min(...lines.map((l) => l.record.quotedAt)) : null;
  return {
    items,
    maxItems: TRADE_IN_LIMITS.maxItems,
    total: moneyOf(split.paidNowMinor + split.paidLaterMinor),
    paidNowTotal: moneyOf(split.paidNowMinor),
    paidLaterTotal: moneyOf(split.paidLaterMinor),
    warnings: cartWarnings(lines.map(ruleItem), await tradedThisYear(db, customerId, now)),
    quote: quotedAt === null ? null : { quotedAt: iso(quotedAt), holdsUntil: iso(holdsUntil(quotedAt)) },
  };
}

export async function tradeInCart(
  db: Db,
  customer: Customer | null,
  now: number,
  log: TradeInLog,
): Promise<Outcome<TradeInCartView>> {
  if (!signedIn(customer)) return SIGN_IN;
  const lines = await currentCart(db, customer.id, now, log);
  return {
    ok: true,
    value: { view: 'tradeInCart', ...(await cartFields(db, customer.id, lines, now, log)) },
  };
}

/**
 * Adds a device with the shopper's answers at the value of the condition they map to, quoted now. The 6th
 * item changes nothing and answers `full` (204, TI-031); a broken rule is refused with its warning (TI-019).
 */
export async function addToTradeInCart(
  db: Db,
  customer: Customer | null,
  body: CartAddBody,
  now: number,
  log: TradeInLog,
): Promise<Outcome<SelectedItemsView | 'full'>> {
  if (!signedIn(customer)) return SIGN_IN;
  const device = await deviceOfGroup(db, body.asin, undefined);
  if (!device.ok) return device;
  const questionnaire = await questionnaireOf(db, device.value);
  if (!questionnaire.ok) return questionnaire;
  const outcome = conditionFromAnswers(questionnaire.value, body.answers);
  if (!outcome.ok) return refuse(outcome.code, outcome.message, outcome.field);
  const offers = validOffers(device.value.offers, device.value.asin, log);
  const valueMinor = offers[outcome.condition];
  if (valueMinor <= 0) {
    return refuse(
      'nonTradeable',
      `This item cannot be traded in in condition ${outcome.condition}`,
      'answers',
    );
  }
  try {
    return await db.transaction().execute(async (trx) => {
      // The guarded place first (TI-032): the 6th item finds none; parallel adds of one customer take turns
      // from here, so the cart read below is the one the item joins.
      if (!(await takeTradeInCartPlace(trx, customer.id, TRADE_IN_LIMITS.maxItems))) {
        return { ok: true as const, value: 'full' as const };
      }
      const lines = await currentCart(trx, customer.id, now, log);
      const check = checkAdd(
        lines.map(ruleItem),
        { asin: device.value.asin, valueMinor, hazmat: device.value.hazmat },
        await tradedThisYear(trx, customer.id, now),
      );
      // A refusal gives the place back: the transaction is rolled back.
      if (!check.ok && check.full) throw new AddRefused({ ok: true, value: 'full' });
      if (!check.ok) throw new AddRefused(refuse(check.refusal.code, check.refusal.message));
      const record: TradeInCartItemRecord = {
        // Sorts in the order items were added (the cart lists them so), unique across processes.
        id: `tii-${String(now).padStart(15, '0')}-${process.hrtime.bigint().toString().padStart(20, '0')}-${randomUUID().slice(0, 8)}`,
        deviceAsin: device.value.asin,
        answers: body.answers,
        appraisal: questionnaire.value.appraisalOptional && body.appraisal === true,
        condition: outcome.condition,
        valueMinor,
        offers,
        quotedAt: now,
      };
      await insertTradeInCartItem(trx, customer.id, record);
      const after = [...lines, { record, device: device.value, questionnaire: questionnaire.value }];
      return {
        ok: true as const,
        value: {
          view: 'selectedItems' as const,
          ...(await cartFields(trx, customer.id, after, now, log)),
          justAdded: record.id,
        },
      };
    });
  } catch (error) {
    if (error instanceof AddRefused) return error.outcome;
    throw error;
  }
}

/** Rolls an add's transaction back with the answer it gives. */
class AddRefused extends Error {
  constructor(readonly outcome: Outcome<SelectedItemsView | 'full'>) {
    super('trade-in add refused');
  }
}

export async function removeFromTradeInCart(
  db: Db,
  customer: Customer | null,
  itemId: string,
  now: number,
  log: TradeInLog,
): Promise<Outcome<TradeInCartView>> {
  if (!signedIn(customer)) return SIGN_IN;
  if (!(await deleteTradeInCartItem(db, customer.id, itemId))) {
    return refuse('unknown_trade_in_item', `no item ${itemId} in your trade-in cart`, 'itemId');
  }
  return tradeInCart(db, customer, now, log);
}

async function reviewOf(db: Db, customerId: string, now: number, log: TradeInLog) {
  const lines = await currentCart(db, customerId, now, log);
  if (lines.length === 0) return refuse('trade_in_cart_empty', 'your trade-in cart is empty');
  const fields = await cartFields(db, customerId, lines, now, log);
  const split = paymentSplit(
    lines.map((l) => ({ paidNow: l.device.payableNow, valueMinor: l.record.valueMinor })),
  );
  const quotedAt = Math.min(...lines.map((l) => l.record.quotedAt));
  const view: ReviewOrderView = {
    view: 'reviewOrder',
    items: fields.items,
    total: fields.total,
    paymentPreference: paymentPreference(lines.map((l) => ({ paidNow: l.device.payableNow }))),
    paidNow: moneyOf(split.paidNowMinor),
    paidLater: moneyOf(split.paidLaterMinor),
    processorAddress: PROCESSOR_ADDRESS,
    holdsUntil: iso(holdsUntil(quotedAt)),
    warnings: fields.warnings,
    canSubmit: !fields.warnings.some((w) => blocksSubmit(w.code)),
  };
  return { ok: true as const, value: { view, lines, split, quotedAt } };
}

/** Review your order: the items at their held values, what is paid now and later (TI-018), the address. */
export async function reviewOrder(
  db: Db,
  customer: Customer | null,
  now: number,
  log: TradeInLog,
): Promise<Outcome<ReviewOrderView>> {
  if (!signedIn(customer)) return SIGN_IN;
  const review = await reviewOf(db, customer.id, now, log);
  return review.ok ? { ok: true, value: review.value.view } : review;
}

/** Drop-off points near a postal code (the demo's: three shops in that code, decision 0052). */
function dropOffLocationsNear(postalCode: string): DropOffLocationsView['locations'] {
  const code = postalCode.trim().toUpperCase();
  return [
    {
      id: `${code}-1`,
      name: 'Lumen Store drop-off counter',
      line1: '120 Market Street',
      city: 'Your city',
      postalCode: code,
      hours: 'Mon–Sat 9:00–20:00',
    },
    {
      id: `${code}-2`,
      name: 'Parcel Point at Corner Pharmacy',
      line1: '48 Elm Avenue',
      city: 'Your city',
      postalCode: code,
      hours: 'Daily 8:00–22:00',
    },
    {
      id: `${code}-3`,
      name: 'Trade-in locker, Central Station',
      line1: '1 Station Square',
      city: 'Your city',
      postalCode: code,
      hours: 'Open 24 hours',
    },
  ];
}

/**
 * Submits the cart as reviewed: a trade-in `submitted` at the held values (TI-001), paid-now items credited
 * to the gift-card balance at once (TI-018), the cart emptied; all in one transaction.
 */
export async function submitTradeIn(
  db: Db,
  customer: Customer | null,
  now: number,
  log: TradeInLog,
): Promise<Outcome<SuccessView>> {
  if (!signedIn(customer)) return SIGN_IN;
  return db.transaction().execute(async (trx) => {
    // Two submits at once: the second waits here and then finds the cart empty (credited once).
    await lockTradeInCart(trx, customer.id);
    const review = await reviewOf(trx, customer.id, now, log);
    if (!review.ok) return review;
    const blocking = review.value.view.warnings.find((w) => blocksSubmit(w.code));
    if (blocking) return refuse(blocking.code as TradeInRefusalCode, blocking.message);
    const { lines, split, quotedAt } = review.value;
    const tradeIn: TradeInRecord = {
      id: `TI-${randomUUID().slice(0, 8).toUpperCase()}-${now.toString(36).toUpperCase()}`,
      customerId: customer.id,
      state: 'submitted',
      currencyCode: MARKETPLACE.currencyCode,
      quotedAt,
      holdsUntil: holdsUntil(quotedAt),
      submittedAt: now,
      receivedAt: null,
      settledAt: null,
      debtMinor: 0,
    };
    const items: TradeInItemRecord[] = lines.map((line, position) => ({
      id: `tiv-${randomUUID()}`,
      position,
      deviceAsin: line.device.asin,
      title: line.device.title,
      answers: line.record.answers,
      appraisal: line.record.appraisal,
      offers: line.record.offers,
      paidNow: line.device.payableNow,
      hazmat: line.device.hazmat,
      conditionQuoted: line.record.condition,
      valueQuotedMinor: line.record.valueMinor,
      conditionFound: null,
      valueFoundMinor: null,
      found: null,
      state: 'pending',
      creditedMinor: line.device.payableNow ? line.record.valueMinor : 0,
    }));
    await insertTradeIn(trx, tradeIn, items);
    if (split.paidNowMinor > 0) {
      await creditGiftCard(trx, {
        customerId: customer.id,
        amountMinor: split.paidNowMinor,
        currencyCode: tradeIn.currencyCode,
        reason: 'tradeInCredit',
        tradeInId: tradeIn.id,
        now,
      });
    }
    await clearTradeInCart(trx, customer.id);
    return {
      ok: true as const,
      value: {
        view: 'success' as const,
        tradeInId: tradeIn.id,
        state: tradeIn.state,
        paymentPreference: review.value.view.paymentPreference,
        creditedNow: moneyOf(split.paidNowMinor),
        creditedLater: moneyOf(split.paidLaterMinor),
        holdsUntil: iso(tradeIn.holdsUntil),
        shippingLabel: { tradeInId: tradeIn.id, processorAddress: PROCESSOR_ADDRESS },
        dropOffLocations: dropOffLocationsNear(customer.postalCode ?? PROCESSOR_ADDRESS.postalCode),
      },
    };
  });
}

// ——— The account ———

async function summaryOf(db: Db, tradeIn: TradeInRecord, items?: TradeInItemRecord[]) {
  const all = items ?? (await findTradeInItems(db, tradeIn.id));
  const split = paymentSplit(all.map((i) => ({ paidNow: i.paidNow, valueMinor: i.valueQuotedMinor })));
  return {
    tradeInId: tradeIn.id,
    state: tradeIn.state,
    submittedAt: iso(tradeIn.submittedAt),
    holdsUntil: iso(tradeIn.holdsUntil),
    itemCount: all.length,
    paymentPreference: paymentPreference(all),
    paidNow: moneyOf(split.paidNowMinor, tradeIn.currencyCode),
    paidLater: moneyOf(split.paidLaterMinor, tradeIn.currencyCode),
    quotedTotal: moneyOf(split.paidNowMinor + split.paidLaterMinor, tradeIn.currencyCode),
    creditedTotal: moneyOf(
      all.reduce((sum, i) => sum + i.creditedMinor, 0),
      tradeIn.currencyCode,
    ),
    debt: moneyOf(tradeIn.debtMinor, tradeIn.currencyCode),
    awaitingChoice: all.some((i) => i.state === 'awaitingChoice'),
  };
}

/** The shopper's trade-ins, newest first. */
export async function listTradeIns(db: Db, customer: Customer | null): Promise<Outcome<TradeInList>> {
  if (!signedIn(customer)) return SIGN_IN;
  const tradeIns = await findCustomerTradeIns(db, customer.id);
  return { ok: true, value: { tradeIns: await Promise.all(tradeIns.map((t) => summaryOf(db, t))) } };
}

async function detailOf(db: Db, tradeIn: TradeInRecord): Promise<TradeInDetail> {
  const items = await findTradeInItems(db, tradeIn.id);
  const devices = new Map(
    (
      await findTradeInDevices(
        db,
        items.map((i) => i.deviceAsin),
      )
    ).map((d) => [d.asin, d]),
  );
  const questionnaires = new Map<string, Questionnaire | null>();
  for (const d of devices.values()) {
    if (!questionnaires.has(d.productGroup))
      questionnaires.set(d.productGroup, await findTradeInQuestionnaire(db, d.productGroup));
  }
  return {
    ...(await summaryOf(db, tradeIn, items)),
    processorAddress: PROCESSOR_ADDRESS,
    appraisalChoices: items.some((i) => i.state === 'awaitingChoice') ? ['ACCEPT_WORSE', 'RETURN_WORSE'] : [],
    items: items.map((item) => {
      const device = devices.get(item.deviceAsin);
      const questionnaire = device ? questionnaires.get(device.productGroup) : null;
      return {
        itemId: item.id,
        asin: item.deviceAsin,
        title: item.title,
        conditionQuoted: item.conditionQuoted,
        conditionFound: item.conditionFound,
        valueQuoted: moneyOf(item.valueQuotedMinor, tradeIn.currencyCode),
        valueFound:
          item.valueFoundMinor === null ? null : moneyOf(item.valueFoundMinor, tradeIn.currencyCode),
        paidNow: item.paidNow,
        state: item.state,
        appraisal: Object.entries(item.answers).map(([questionId, answerId]) => {
          const question = questionnaire?.questions.find((q) => q.id === questionId);
          const label = (id: string) => question?.answers.find((a) => a.id === id)?.label ?? id;
          const found = item.found?.[questionId];
          return {
            questionId,
            question: question?.text ?? questionId,
            answered: label(answerId),
            found: found === undefined ? null : label(found),
          };
        }),
      };
    }),
  };
}

/** One of the shopper's trade-ins; another shopper's is unknown (404). */
export async function tradeInDetail(
  db: Db,
  customer: Customer | null,
  tradeInId: string,
): Promise<Outcome<TradeInDetail>> {
  if (!signedIn(customer)) return SIGN_IN;
  const tradeIn = await findTradeIn(db, tradeInId, customer.id);
  if (!tradeIn) return refuse('unknown_trade_in', `no trade-in ${tradeInId}`, 'id');
  return { ok: true, value: await detailOf(db, tradeIn) };
}

/**
 * Moves the ledger by a signed amount for a trade-in; a reversal the balance cannot cover becomes debt,
 * and a credit first pays back what the shopper's trade-ins owe (decision 0053).
 */
async function moveLedger(db: Db, tradeIn: TradeInRecord, movementMinor: number, now: number): Promise<void> {
  const base = {
    customerId: tradeIn.customerId,
    currencyCode: tradeIn.currencyCode,
    tradeInId: tradeIn.id,
    now,
  };
  if (movementMinor > 0) {
    await creditGiftCard(db, { ...base, amountMinor: movementMinor, reason: 'tradeInCredit' });
    await repayDebts(db, tradeIn.customerId, tradeIn.currencyCode, now);
  } else if (movementMinor < 0) {
    const taken = await reverseGiftCard(db, {
      ...base,
      amountMinor: -movementMinor,
      reason: 'tradeInReversal',
    });
    await addTradeInDebt(db, tradeIn.id, -movementMinor - taken);
  }
}

/**
 * Pays back the shopper's trade-in debts from the balance, oldest first, as far as it goes: each repayment
 * is one guarded lowering of the debt and one guarded debit, in the caller's transaction.
 */
async function repayDebts(db: Db, customerId: string, currencyCode: string, now: number): Promise<void> {
  for (const debt of await findTradeInDebts(db, customerId)) {
    const amountMinor = Math.min(debt.debtMinor, await giftCardBalance(db, customerId));
    if (amountMinor <= 0) return;
    if (!(await repayTradeInDebt(db, debt.id, amountMinor))) continue;
    const repaid = await debitGiftCard(db, {
      customerId,
      amountMinor,
      currencyCode,
      reason: 'tradeInDebtRepaid',
      tradeInId: debt.id,
      now,
    });
    if (!repaid) await addTradeInDebt(db, debt.id, amountMinor);
  }
}

/**
 * TI-011: the shopper's choice for the items found worse (one, or every one waiting): ACCEPT_WORSE at the
 * found value, RETURN_WORSE sends the device back and reverses its credit. When none waits any more the
 * trade-in is credited (or returned, when every device went back).
 */
export async function chooseAppraisal(
  db: Db,
  customer: Customer | null,
  request: { tradeInId: string; choice: AppraisalChoice; itemId?: string | undefined },
  now: number,
): Promise<Outcome<TradeInDetail>> {
  if (!signedIn(customer)) return SIGN_IN;
  return db.transaction().execute(async (trx) => {
    const tradeIn = await findTradeIn(trx, request.tradeInId, customer.id);
    if (!tradeIn) return refuse('unknown_trade_in', `no trade-in ${request.tradeInId}`, 'id');
    const items = await findTradeInItems(trx, tradeIn.id);
    // An item of another trade-in (another shopper's, say) is not found here, as the trade-in is not.
    if (request.itemId !== undefined && !items.some((i) => i.id === request.itemId))
      return refuse('unknown_trade_in_item', `no item ${request.itemId} in trade-in ${tradeIn.id}`, 'itemId');
    const waiting = items.filter(
      (i) => i.state === 'awaitingChoice' && (request.itemId === undefined || i.id === request.itemId),
    );
    if (tradeIn.state !== 'appraised' || waiting.length === 0) {
      return refuse(
        'no_choice_pending',
        `trade-in ${tradeIn.id} has no device waiting for your choice`,
        'choice',
      );
    }
    for (const item of waiting) {
      const result = onChoice(item, item.valueFoundMinor ?? 0, request.choice);
      // Guarded on the item's state: of two choices at once, only one moves the ledger.
      const moved = await updateTradeInItem(trx, item.id, {
        from: 'awaitingChoice',
        state: result.itemState,
        creditedMinor: item.creditedMinor + result.movementMinor,
      });
      if (moved) await moveLedger(trx, tradeIn, result.movementMinor, now);
    }
    const after = await findTradeInItems(trx, tradeIn.id);
    const settled = settledState(after.map((i) => i.state));
    if (settled) await moveTradeIn(trx, tradeIn.id, 'appraised', settled, { settledAt: now });
    const fresh = (await findTradeIn(trx, tradeIn.id, customer.id)) as TradeInRecord;
    return { ok: true as const, value: await detailOf(trx, fresh) };
  });
}

export async function giftCardBalanceView(
  db: Db,
  customer: Customer | null,
): Promise<Outcome<GiftCardBalance>> {
  if (!signedIn(customer)) return SIGN_IN;
  const [balance, entries] = await Promise.all([
    giftCardBalance(db, customer.id),
    giftCardLedger(db, customer.id),
  ]);
  return {
    ok: true,
    value: {
      balance: moneyOf(balance),
      entries: entries.map((e) => ({
        id: e.id,
        amount: moneyOf(e.amountMinor, e.currencyCode),
        reason: e.reason,
        tradeInId: e.tradeInId,
        orderId: e.orderId,
        createdAt: iso(e.createdAt),
      })),
    },
  };
}

export async function dropOffLocations(
  customer: Customer | null,
  postalCode: string,
): Promise<Outcome<DropOffLocationsView>> {
  if (!signedIn(customer)) return SIGN_IN;
  return {
    ok: true,
    value: { postalCode: postalCode.trim().toUpperCase(), locations: dropOffLocationsNear(postalCode) },
  };
}

/** The account page's part: the balance (null before any ledger entry) and each trade-in, newest first. */
export async function accountTradeIns(
  db: Db,
  customerId: string,
): Promise<{ giftCardBalance: TradeInMoney | null; tradeIns: TradeInDetail[] }> {
  const [balance, entries, tradeIns] = await Promise.all([
    giftCardBalance(db, customerId),
    giftCardLedger(db, customerId, 1),
    findCustomerTradeIns(db, customerId, 20),
  ]);
  return {
    giftCardBalance: entries.length > 0 || balance > 0 ? moneyOf(balance) : null,
    tradeIns: await Promise.all(tradeIns.map((t) => detailOf(db, t))),
  };
}

/** The product page's launch (a page slice): the trade-in group the product names, one indexed read. */
export async function tradeInSlice(
  db: Db,
  context: ProductPageContext,
): Promise<{ productGroup: TradeInProductGroup } | null> {
  const row = await findTradeInProduct(db, context.product.asin);
  return row ? { productGroup: row.product_group as TradeInProductGroup } : null;
}

export { moveLedger as moveTradeInLedger };
