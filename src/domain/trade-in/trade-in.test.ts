import { describe, expect, test } from 'vitest';
import { TRADE_IN_CONDITIONS, type TradeInCondition } from '../../shared/trade-in-constants';
import {
  canMove,
  cartWarnings,
  checkAdd,
  conditionFromAnswers,
  DAY_MS,
  giftCardPayment,
  heldValue,
  holdsUntil,
  isTradeInCondition,
  isWorse,
  onChoice,
  onReceipt,
  paymentPreference,
  paymentSplit,
  type Questionnaire,
  settledState,
  splitReversal,
  TRADE_IN_RULES,
  tradedWithinYear,
} from './trade-in';

const questionnaire: Questionnaire = {
  appraisalOptional: false,
  questions: [
    {
      id: 'power',
      text: 'Does it power on?',
      answers: [
        { id: 'yes', label: 'Yes', condition: 'LikeNew' },
        { id: 'no', label: 'No', condition: 'NonFunctional' },
      ],
    },
    {
      id: 'screen',
      text: 'Is the screen cracked?',
      answers: [
        { id: 'no', label: 'No', condition: 'N/A' },
        { id: 'yes', label: 'Yes', condition: 'Damaged' },
      ],
    },
    {
      id: 'battery',
      text: 'Is the battery swollen?',
      answers: [
        { id: 'no', label: 'No', condition: 'Neutral' },
        { id: 'yes', label: 'Yes', condition: 'Ruined', refuse: true },
      ],
    },
  ],
};

const offers = Object.fromEntries(
  TRADE_IN_CONDITIONS.map((c, i) => [c, Math.max(0, 20_000 - i * 1_500)]),
) as Record<TradeInCondition, number>;

describe('trade-in rules', () => {
  test('TI-009 the condition keys are exactly the spec list, spaces and slashes included', () => {
    expect(TRADE_IN_CONDITIONS).toEqual([
      'N/A',
      'Neutral',
      'New',
      'LikeNew',
      'VeryGood',
      'Good',
      'Working',
      'Acceptable',
      'Damaged',
      'NonFunctional',
      'Unacceptable',
      'Ruined',
      'Wrong Item',
    ]);
    expect(isTradeInCondition('Wrong Item')).toBe(true);
    expect(isTradeInCondition('good')).toBe(false);
    expect(isTradeInCondition('WrongItem')).toBe(false);
  });

  test('TI-001 the worst answer wins; N/A and Neutral answers leave the condition alone', () => {
    expect(conditionFromAnswers(questionnaire, { power: 'yes', screen: 'no', battery: 'no' })).toMatchObject({
      ok: true,
      condition: 'LikeNew',
    });
    expect(conditionFromAnswers(questionnaire, { power: 'yes', screen: 'yes', battery: 'no' })).toMatchObject(
      {
        ok: true,
        condition: 'Damaged',
      },
    );
    expect(conditionFromAnswers(questionnaire, { power: 'no', screen: 'yes', battery: 'no' })).toMatchObject({
      ok: true,
      condition: 'NonFunctional',
    });
    const neutral: Questionnaire = { appraisalOptional: false, questions: questionnaire.questions.slice(2) };
    expect(conditionFromAnswers(neutral, { battery: 'no' })).toMatchObject({
      ok: true,
      condition: 'Neutral',
    });
  });

  test('TI-019 a refusing answer makes the item non-tradeable; missing, unknown or stray answers are refused', () => {
    expect(conditionFromAnswers(questionnaire, { power: 'yes', screen: 'no', battery: 'yes' })).toMatchObject(
      {
        ok: false,
        code: 'nonTradeable',
        field: 'answers.battery',
      },
    );
    expect(conditionFromAnswers(questionnaire, { power: 'yes', screen: 'no' })).toMatchObject({
      ok: false,
      code: 'invalid_answers',
      field: 'answers.battery',
    });
    expect(
      conditionFromAnswers(questionnaire, { power: 'maybe', screen: 'no', battery: 'no' }),
    ).toMatchObject({
      ok: false,
      field: 'answers.power',
    });
    expect(
      conditionFromAnswers(questionnaire, { power: 'yes', screen: 'no', battery: 'no', extra: 'x' }),
    ).toMatchObject({ ok: false, field: 'answers.extra' });
  });

  test('TI-008 worse means the found grade pays less than the quoted one', () => {
    expect(isWorse(offers, 'Damaged', 'Good')).toBe(true);
    expect(isWorse(offers, 'New', 'Good')).toBe(false);
    expect(isWorse(offers, 'Good', 'Good')).toBe(false);
  });

  test('TI-032 TI-031 the 6th item is refused as full and nothing else is checked', () => {
    const item = { asin: 'TIDEVICE01', valueMinor: 100, hazmat: false };
    const five = [1, 2, 3, 4, 5].map((i) => ({ asin: `TIDEVICE0${i}`, valueMinor: 100, hazmat: false }));
    expect(checkAdd(five.slice(0, 4), item, 0)).toEqual({ ok: true });
    expect(checkAdd(five, item, 0)).toEqual({ ok: false, full: true });
    expect(cartWarnings(five, 0).map((w) => w.code)).toEqual(['maxItems']);
  });

  test('TI-019 mixed hazmat, quantity, gift-card value and yearly amount are refused with their warning', () => {
    const phone = { asin: 'TIPHONE001', valueMinor: 10_000, hazmat: false };
    const swollen = { asin: 'TIHAZMAT01', valueMinor: 1_000, hazmat: true };
    const code = (r: ReturnType<typeof checkAdd>) => (r.ok || r.full ? null : r.refusal.code);
    expect(code(checkAdd([phone], swollen, 0))).toBe('mixedHazmat');
    expect(code(checkAdd([swollen], phone, 0))).toBe('mixedHazmat');
    expect(code(checkAdd([swollen], { ...swollen, asin: 'TIHAZMAT02' }, 0))).toBeNull();
    expect(code(checkAdd([phone, phone], phone, 0))).toBe('quantityExceeded');
    const big = { asin: 'TIBIG00001', valueMinor: TRADE_IN_RULES.maxGiftCardValueMinor, hazmat: false };
    expect(code(checkAdd([], big, 0))).toBeNull();
    expect(code(checkAdd([phone], big, 0))).toBe('maxGiftCardValue');
    expect(code(checkAdd([], phone, TRADE_IN_RULES.maxAmountPerYearMinor - 9_999))).toBe('amountExceeded');
    expect(code(checkAdd([], phone, TRADE_IN_RULES.maxAmountPerYearMinor - 10_000))).toBeNull();
  });

  test('TI-019 the yearly amount counts trade-ins of the last 365 days that were not returned', () => {
    const now = 1_000 * DAY_MS;
    expect(
      tradedWithinYear(
        [
          { submittedAt: now - DAY_MS, valueMinor: 100, state: 'submitted' },
          { submittedAt: now - 364 * DAY_MS, valueMinor: 10, state: 'credited' },
          { submittedAt: now - 366 * DAY_MS, valueMinor: 1_000, state: 'credited' },
          { submittedAt: now - DAY_MS, valueMinor: 5_000, state: 'returned' },
        ],
        now,
      ),
    ).toBe(110);
  });

  test('TI-018 TI-011 the payment preference is PAID_NOW, PAID_LATER or mixed with the split', () => {
    expect(paymentPreference([{ paidNow: true }, { paidNow: true }])).toBe('PAID_NOW');
    expect(paymentPreference([{ paidNow: false }])).toBe('PAID_LATER');
    expect(paymentPreference([{ paidNow: true }, { paidNow: false }])).toBe('mixed');
    expect(
      paymentSplit([
        { paidNow: true, valueMinor: 300 },
        { paidNow: false, valueMinor: 50 },
      ]),
    ).toEqual({ paidNowMinor: 300, paidLaterMinor: 50 });
  });

  test('TI-001 the lifecycle runs quoted → submitted → received → appraised → credited, or returned', () => {
    expect(canMove('quoted', 'submitted')).toBe(true);
    expect(canMove('submitted', 'received')).toBe(true);
    expect(canMove('submitted', 'returned')).toBe(true);
    expect(canMove('received', 'appraised')).toBe(true);
    expect(canMove('appraised', 'credited')).toBe(true);
    expect(canMove('appraised', 'returned')).toBe(true);
    expect(canMove('credited', 'returned')).toBe(false);
    expect(canMove('returned', 'received')).toBe(false);
    expect(canMove('quoted', 'credited')).toBe(false);
  });

  test('TI-008 a quote holds 14 days; after that the current value of the same condition applies', () => {
    const quotedAt = 10 * DAY_MS;
    expect(holdsUntil(quotedAt)).toBe(24 * DAY_MS);
    expect(heldValue({ valueMinor: 5_000, quotedAt }, 3_000, 24 * DAY_MS)).toEqual({
      valueMinor: 5_000,
      requoted: false,
    });
    expect(heldValue({ valueMinor: 5_000, quotedAt }, 3_000, 24 * DAY_MS + 1)).toEqual({
      valueMinor: 3_000,
      requoted: true,
    });
  });

  test('TI-011 receipt credits the rest at the held value, or waits for a choice when worse', () => {
    const later = { paidNow: false, valueQuotedMinor: offers.Good, creditedMinor: 0 };
    const now = { paidNow: true, valueQuotedMinor: offers.Good, creditedMinor: offers.Good };
    expect(onReceipt(later, offers, 'Good', 'Good')).toMatchObject({
      itemState: 'credited',
      creditMinor: offers.Good,
    });
    expect(onReceipt(later, offers, 'New', 'Good')).toMatchObject({
      itemState: 'credited',
      creditMinor: offers.Good,
    });
    expect(onReceipt(now, offers, 'Good', 'Good')).toMatchObject({ itemState: 'credited', creditMinor: 0 });
    expect(onReceipt(now, offers, 'Damaged', 'Good')).toMatchObject({
      itemState: 'awaitingChoice',
      creditMinor: 0,
      valueFoundMinor: offers.Damaged,
    });
    expect(onChoice(now, offers.Damaged, 'ACCEPT_WORSE')).toEqual({
      itemState: 'credited',
      movementMinor: offers.Damaged - offers.Good,
    });
    expect(onChoice(later, offers.Damaged, 'ACCEPT_WORSE')).toEqual({
      itemState: 'credited',
      movementMinor: offers.Damaged,
    });
    expect(onChoice(now, offers.Damaged, 'RETURN_WORSE')).toEqual({
      itemState: 'returned',
      movementMinor: -offers.Good,
    });
    expect(onChoice(later, offers.Damaged, 'RETURN_WORSE')).toEqual({
      itemState: 'returned',
      movementMinor: -0,
    });
    expect(settledState(['credited', 'returned'])).toBe('credited');
    expect(settledState(['returned', 'returned'])).toBe('returned');
    expect(settledState(['credited', 'awaitingChoice'])).toBeNull();
  });

  test('TI-018 a reversal takes what the balance holds and records the rest as debt; a payment never overdraws', () => {
    expect(splitReversal(1_000, 400)).toEqual({ debitMinor: 400, debtMinor: 0 });
    expect(splitReversal(300, 400)).toEqual({ debitMinor: 300, debtMinor: 100 });
    expect(splitReversal(0, 400)).toEqual({ debitMinor: 0, debtMinor: 400 });
    expect(giftCardPayment(1_000, 400)).toBe(400);
    expect(giftCardPayment(300, 400)).toBe(300);
    expect(giftCardPayment(0, 400)).toBe(0);
  });
});
