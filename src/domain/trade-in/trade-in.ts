import {
  type AppraisalChoice,
  TRADE_IN_CONDITIONS,
  TRADE_IN_LIMITS,
  type TradeInCondition,
  type TradeInPaymentPreference,
  type TradeInState,
  type TradeInWarningCode,
} from '../../shared/trade-in-constants';

// The trade-in's rules (TI-001, TI-008, TI-018, TI-019, TI-032; decisions 0052..0054), pure: no IO, no clock.

/** The store's limits beside the spec's 5 items (decision 0052). */
export const TRADE_IN_RULES = {
  /** The most one trade-in may be worth, in minor units ($1,000.00). */
  maxGiftCardValueMinor: 100_000,
  /** The most a customer may trade in over 365 days, in minor units ($2,500.00). */
  maxAmountPerYearMinor: 250_000,
  /** The most units of one device in one trade-in. */
  maxQuantityPerDevice: 2,
  /** The largest value the catalog accepts for one condition, in minor units ($10,000.00). */
  maxTivMinor: 1_000_000,
} as const;

export const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;

/** TI-009: whether a string is a valid condition key (exactly, case and spaces included). */
export function isTradeInCondition(value: unknown): value is TradeInCondition {
  return typeof value === 'string' && (TRADE_IN_CONDITIONS as readonly string[]).includes(value);
}

/** Answers that say nothing about the device's state (decision 0052): they leave the condition alone. */
const NEUTRAL_CONDITIONS: readonly TradeInCondition[] = ['N/A', 'Neutral'];

/** A questionnaire's answer: the condition it maps to, or refused (a swollen battery: non-tradeable). */
export type QuestionnaireAnswer = {
  id: string;
  label: string;
  condition: TradeInCondition;
  refuse?: boolean;
};
export type QuestionnaireQuestion = { id: string; text: string; answers: readonly QuestionnaireAnswer[] };
export type Questionnaire = { questions: readonly QuestionnaireQuestion[]; appraisalOptional: boolean };

export type ConditionOutcome =
  | {
      ok: true;
      condition: TradeInCondition;
      answers: { question: QuestionnaireQuestion; answer: QuestionnaireAnswer }[];
    }
  | { ok: false; code: 'invalid_answers'; message: string; field: string }
  | { ok: false; code: 'nonTradeable'; message: string; field: string };

/**
 * The condition the answers map to: every question answered with one of its answers; the worst graded
 * answer wins (the later in TI-009's list); `N/A` and `Neutral` answers leave it alone, and when every
 * answer is one of them the condition is `Neutral`. An answer marked `refuse` makes the device non-tradeable.
 */
export function conditionFromAnswers(
  questionnaire: Questionnaire,
  given: Readonly<Record<string, string>>,
): ConditionOutcome {
  const known = new Set(questionnaire.questions.map((q) => q.id));
  const stray = Object.keys(given).find((id) => !known.has(id));
  if (stray !== undefined) {
    return { ok: false, code: 'invalid_answers', message: `no question ${stray}`, field: `answers.${stray}` };
  }
  let worst = -1;
  const answers: { question: QuestionnaireQuestion; answer: QuestionnaireAnswer }[] = [];
  for (const question of questionnaire.questions) {
    const answerId = given[question.id];
    if (answerId === undefined) {
      return {
        ok: false,
        code: 'invalid_answers',
        message: `question ${question.id} is not answered`,
        field: `answers.${question.id}`,
      };
    }
    const answer = question.answers.find((a) => a.id === answerId);
    if (!answer) {
      return {
        ok: false,
        code: 'invalid_answers',
        message: `${answerId} is not an answer of question ${question.id}`,
        field: `answers.${question.id}`,
      };
    }
    if (answer.refuse) {
      return {
        ok: false,
        code: 'nonTradeable',
        message: `This item cannot be traded in: ${answer.label}`,
        field: `answers.${question.id}`,
      };
    }
    answers.push({ question, answer });
    if (!NEUTRAL_CONDITIONS.includes(answer.condition)) {
      worst = Math.max(worst, TRADE_IN_CONDITIONS.indexOf(answer.condition));
    }
  }
  const condition = worst < 0 ? 'Neutral' : (TRADE_IN_CONDITIONS[worst] as TradeInCondition);
  return { ok: true, condition, answers };
}

/** TI-008: what a device pays for a condition, from its offer map (minor units). */
function offerFor(offers: Readonly<Record<TradeInCondition, number>>, condition: TradeInCondition): number {
  return offers[condition];
}

/** Whether a condition found pays less than the one quoted: the shopper must then choose (TI-011). */
export function isWorse(
  offers: Readonly<Record<TradeInCondition, number>>,
  found: TradeInCondition,
  quoted: TradeInCondition,
): boolean {
  return offerFor(offers, found) < offerFor(offers, quoted);
}

/** An item of a trade-in cart as the rules see it. */
export type RuleItem = { asin: string; valueMinor: number; hazmat: boolean };

export type AddRefusal = { code: Exclude<TradeInWarningCode, 'maxItems' | 'nonTradeable'>; message: string };

/**
 * TI-019, TI-032: whether an item may join the cart. `'full'` is the 6th item (the call answers 204 and
 * changes nothing, TI-031); a refusal names its warning. `tradedThisYearMinor` is what the customer's
 * trade-ins of the last 365 days are worth (returned ones not counted).
 */
export function checkAdd(
  cart: readonly RuleItem[],
  item: RuleItem,
  tradedThisYearMinor: number,
): { ok: true } | { ok: false; full: true } | { ok: false; full: false; refusal: AddRefusal } {
  if (cart.length >= TRADE_IN_LIMITS.maxItems) return { ok: false, full: true };
  const refusal = problemOf([...cart, item], tradedThisYearMinor);
  return refusal ? { ok: false, full: false, refusal } : { ok: true };
}

/** The first rule a set of items breaks (TI-019), or null. */
function problemOf(items: readonly RuleItem[], tradedThisYearMinor: number): AddRefusal | null {
  const hazmat = items.filter((i) => i.hazmat).length;
  if (hazmat > 0 && hazmat < items.length) {
    return {
      code: 'mixedHazmat',
      message: 'Items with batteries that need special shipping cannot be traded in with other items',
    };
  }
  const counts = new Map<string, number>();
  for (const i of items) counts.set(i.asin, (counts.get(i.asin) ?? 0) + 1);
  if ([...counts.values()].some((n) => n > TRADE_IN_RULES.maxQuantityPerDevice)) {
    return {
      code: 'quantityExceeded',
      message: `You can trade in at most ${TRADE_IN_RULES.maxQuantityPerDevice} of the same item`,
    };
  }
  const total = items.reduce((sum, i) => sum + i.valueMinor, 0);
  if (total > TRADE_IN_RULES.maxGiftCardValueMinor) {
    return {
      code: 'maxGiftCardValue',
      message: 'This trade-in would pass the most one trade-in can be worth',
    };
  }
  if (tradedThisYearMinor + total > TRADE_IN_RULES.maxAmountPerYearMinor) {
    return { code: 'amountExceeded', message: 'This trade-in would pass the most you can trade in a year' };
  }
  return null;
}

/** TI-019: the warnings a cart shows: full at 5 items, and any rule its items now break (a requote, a year). */
export function cartWarnings(
  items: readonly RuleItem[],
  tradedThisYearMinor: number,
): { code: TradeInWarningCode; message: string }[] {
  const warnings: { code: TradeInWarningCode; message: string }[] = [];
  if (items.length >= TRADE_IN_LIMITS.maxItems) {
    warnings.push({
      code: 'maxItems',
      message: `You can trade in at most ${TRADE_IN_LIMITS.maxItems} items at once`,
    });
  }
  const problem = items.length > 0 ? problemOf(items, tradedThisYearMinor) : null;
  if (problem) warnings.push(problem);
  return warnings;
}

/** Whether a warning stops the submit (a full cart does not). */
export function blocksSubmit(code: TradeInWarningCode): boolean {
  return code !== 'maxItems';
}

/** What counts towards the yearly amount: trade-ins submitted in the last 365 days and not returned. */
export function tradedWithinYear(
  tradeIns: readonly { submittedAt: number; valueMinor: number; state: TradeInState }[],
  now: number,
): number {
  return tradeIns
    .filter((t) => t.state !== 'returned' && t.submittedAt > now - YEAR_MS)
    .reduce((sum, t) => sum + t.valueMinor, 0);
}

/** TI-018: PAID_NOW when every item can be paid at submit, PAID_LATER when none can, mixed otherwise. */
export function paymentPreference(items: readonly { paidNow: boolean }[]): TradeInPaymentPreference {
  const now = items.filter((i) => i.paidNow).length;
  if (now === items.length) return 'PAID_NOW';
  if (now === 0) return 'PAID_LATER';
  return 'mixed';
}

/** TI-018: what is paid at submit and what when the devices are received. */
export function paymentSplit(items: readonly { paidNow: boolean; valueMinor: number }[]): {
  paidNowMinor: number;
  paidLaterMinor: number;
} {
  let paidNowMinor = 0;
  let paidLaterMinor = 0;
  for (const i of items) {
    if (i.paidNow) paidNowMinor += i.valueMinor;
    else paidLaterMinor += i.valueMinor;
  }
  return { paidNowMinor, paidLaterMinor };
}

/** A trade-in's life: quoted → submitted → received → appraised → credited, or returned. */
const TRANSITIONS: Record<TradeInState, readonly TradeInState[]> = {
  quoted: ['submitted'],
  submitted: ['received', 'returned'],
  received: ['credited', 'appraised'],
  appraised: ['credited', 'returned'],
  credited: [],
  returned: [],
};

export function canMove(from: TradeInState, to: TradeInState): boolean {
  return TRANSITIONS[from].includes(to);
}

/** When a quote stops holding: 14 days after it was made. */
export function holdsUntil(quotedAt: number): number {
  return quotedAt + TRADE_IN_LIMITS.quoteHoldDays * DAY_MS;
}

/**
 * The value an item is submitted at: the held one while the quote holds (the 14th day included), the
 * catalog's current value of the same condition after that (a requote, decision 0053).
 */
export function heldValue(
  item: { valueMinor: number; quotedAt: number },
  currentValueMinor: number,
  now: number,
): { valueMinor: number; requoted: boolean } {
  if (now <= holdsUntil(item.quotedAt)) return { valueMinor: item.valueMinor, requoted: false };
  return { valueMinor: currentValueMinor, requoted: true };
}

/** An item of a submitted trade-in, as the money rules see it. */
export type LedgerItem = {
  paidNow: boolean;
  valueQuotedMinor: number;
  /** What the ledger has credited for this item so far, net. */
  creditedMinor: number;
};

/**
 * What receipt does to one item found in `found` (TI-011): as good as quoted or better, it is credited at
 * the held value (the rest of it, if it was paid now); worse, it waits for the shopper's choice.
 */
export function onReceipt(
  item: LedgerItem,
  offers: Readonly<Record<TradeInCondition, number>>,
  found: TradeInCondition,
  quoted: TradeInCondition,
): { itemState: 'credited' | 'awaitingChoice'; valueFoundMinor: number; creditMinor: number } {
  const valueFoundMinor = offerFor(offers, found);
  if (isWorse(offers, found, quoted)) return { itemState: 'awaitingChoice', valueFoundMinor, creditMinor: 0 };
  return { itemState: 'credited', valueFoundMinor, creditMinor: item.valueQuotedMinor - item.creditedMinor };
}

/**
 * The shopper's choice for an item found worse (TI-011): ACCEPT_WORSE settles it at the found value (a
 * credit, or a reversal of part of a paid-now credit); RETURN_WORSE sends the device back and reverses
 * whatever it was credited. The answer is the signed ledger movement.
 */
export function onChoice(
  item: LedgerItem,
  valueFoundMinor: number,
  choice: AppraisalChoice,
): { itemState: 'credited' | 'returned'; movementMinor: number } {
  if (choice === 'ACCEPT_WORSE')
    return { itemState: 'credited', movementMinor: valueFoundMinor - item.creditedMinor };
  return { itemState: 'returned', movementMinor: -item.creditedMinor };
}

/** The state a trade-in reaches once no item waits: returned when every item went back, credited otherwise. */
export function settledState(itemStates: readonly string[]): TradeInState | null {
  if (itemStates.some((s) => s === 'awaitingChoice' || s === 'pending')) return null;
  return itemStates.every((s) => s === 'returned') ? 'returned' : 'credited';
}

/**
 * A reversal against a balance that never goes negative (decision 0053): the ledger takes what the balance
 * holds, the rest becomes the trade-in's debt.
 */
export function splitReversal(
  balanceMinor: number,
  reversalMinor: number,
): { debitMinor: number; debtMinor: number } {
  const debitMinor = Math.min(Math.max(balanceMinor, 0), reversalMinor);
  return { debitMinor, debtMinor: reversalMinor - debitMinor };
}

/** What a gift-card balance pays of an order: all of it or the whole balance, whichever is less. */
export function giftCardPayment(balanceMinor: number, orderTotalMinor: number): number {
  return Math.max(0, Math.min(balanceMinor, orderTotalMinor));
}
