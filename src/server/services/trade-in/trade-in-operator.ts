import type { Kysely } from 'kysely';
import { isTradeInCondition, onReceipt } from '../../../domain/trade-in/trade-in';
import { TRADE_IN_CONDITIONS, type TradeInCondition } from '../../../shared/trade-in-constants';
import {
  findTradeIn,
  findTradeInDevice,
  findTradeInItems,
  findTradeInQuestionnaire,
  moveTradeIn,
  type TradeInItemRecord,
  updateTradeInItem,
} from '../../db/repositories/trade-in-repository';
import type { Database } from '../../db/schema';
import { moveTradeInLedger, type TradeInLog } from './trade-in';

type Db = Kysely<Database>;

// What the operator does from the command line (`npm run tradein -- receive|expire`, decision 0053).

export type OperatorOutcome = { ok: true; state: string; message: string } | { ok: false; message: string };

/**
 * What the processor found for each question: where a question has an answer that maps to the condition
 * found and the shopper answered better than that, the found answer; the shopper's own answer otherwise
 * (the appraisal lists both side by side).
 */
async function foundAnswers(
  db: Db,
  item: TradeInItemRecord,
  found: TradeInCondition,
): Promise<Record<string, string>> {
  const device = await findTradeInDevice(db, item.deviceAsin);
  const questionnaire = device ? await findTradeInQuestionnaire(db, device.productGroup) : null;
  const rank = (c: TradeInCondition) =>
    c === 'N/A' || c === 'Neutral' ? -1 : TRADE_IN_CONDITIONS.indexOf(c);
  const result: Record<string, string> = {};
  for (const [questionId, answerId] of Object.entries(item.answers)) {
    const question = questionnaire?.questions.find((q) => q.id === questionId);
    const answered = question?.answers.find((a) => a.id === answerId);
    const match = question?.answers.find((a) => a.condition === found);
    result[questionId] = answered && match && rank(answered.condition) < rank(found) ? match.id : answerId;
  }
  return result;
}

/**
 * The devices of a submitted trade-in arrived in `condition`, or each item named in `byItem` (its id)
 * in its own: items as good as quoted or better are credited (the rest of their held value); items worse
 * wait for the shopper's choice and the trade-in is appraised. An invalid condition key is logged and
 * refused (TI-028), and so is an item id the trade-in does not hold; either changes nothing.
 */
export async function receiveTradeIn(
  db: Db,
  tradeInId: string,
  condition: string,
  now: number,
  log: TradeInLog,
  byItem: Readonly<Record<string, string>> = {},
): Promise<OperatorOutcome> {
  const refused = (key: string): OperatorOutcome => {
    log.warn({ tradeInId, condition: key }, 'Invalid condition key');
    return { ok: false, message: `${JSON.stringify(key)} is not a condition key` };
  };
  if (!isTradeInCondition(condition)) return refused(condition);
  const whole: TradeInCondition = condition;
  const perItem = new Map<string, TradeInCondition>();
  for (const [id, key] of Object.entries(byItem)) {
    if (!isTradeInCondition(key)) return refused(key);
    perItem.set(id, key);
  }
  return db.transaction().execute(async (trx) => {
    const tradeIn = await findTradeIn(trx, tradeInId);
    if (!tradeIn) return { ok: false as const, message: `no trade-in ${tradeInId}` };
    const items = await findTradeInItems(trx, tradeIn.id);
    const stranger = [...perItem.keys()].find((id) => !items.some((item) => item.id === id));
    if (stranger) return { ok: false as const, message: `trade-in ${tradeInId} holds no item ${stranger}` };
    if (!(await moveTradeIn(trx, tradeIn.id, 'submitted', 'received', { receivedAt: now }))) {
      return { ok: false as const, message: `trade-in ${tradeInId} is ${tradeIn.state}, not submitted` };
    }
    let waiting = 0;
    for (const item of items) {
      const found = perItem.get(item.id) ?? whole;
      const result = onReceipt(item, item.offers, found, item.conditionQuoted);
      if (result.itemState === 'awaitingChoice') waiting++;
      await updateTradeInItem(trx, item.id, {
        state: result.itemState,
        creditedMinor: item.creditedMinor + result.creditMinor,
        conditionFound: found,
        valueFoundMinor: result.valueFoundMinor,
        found: await foundAnswers(trx, item, found),
      });
      await moveTradeInLedger(trx, tradeIn, result.creditMinor, now);
    }
    const state = waiting > 0 ? 'appraised' : 'credited';
    await moveTradeIn(trx, tradeIn.id, 'received', state, waiting > 0 ? {} : { settledAt: now });
    return {
      ok: true as const,
      state,
      message:
        waiting > 0
          ? `trade-in ${tradeIn.id} appraised: ${waiting} item(s) found worse wait for the shopper's choice`
          : `trade-in ${tradeIn.id} credited`,
    };
  });
}

/**
 * A submitted trade-in whose devices never came: returned, and every credit paid at submit taken back (what
 * the balance cannot cover is recorded as the trade-in's debt, decision 0053).
 */
export async function expireTradeIn(db: Db, tradeInId: string, now: number): Promise<OperatorOutcome> {
  return db.transaction().execute(async (trx) => {
    const tradeIn = await findTradeIn(trx, tradeInId);
    if (!tradeIn) return { ok: false as const, message: `no trade-in ${tradeInId}` };
    if (!(await moveTradeIn(trx, tradeIn.id, 'submitted', 'returned', { settledAt: now }))) {
      return { ok: false as const, message: `trade-in ${tradeInId} is ${tradeIn.state}, not submitted` };
    }
    let reversed = 0;
    for (const item of await findTradeInItems(trx, tradeIn.id)) {
      reversed += item.creditedMinor;
      await updateTradeInItem(trx, item.id, { state: 'returned', creditedMinor: 0 });
    }
    await moveTradeInLedger(trx, tradeIn, -reversed, now);
    return { ok: true as const, state: 'returned', message: `trade-in ${tradeIn.id} returned` };
  });
}
