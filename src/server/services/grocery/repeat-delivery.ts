import type { Kysely } from 'kysely';
import {
  DEFAULT_REPEAT_CADENCE,
  firstDropDate,
  isRepeatCadence,
  nextDropAfterCadenceChange,
  nextDropAfterSkip,
  type RepeatCadence,
  renderableNextDropDate,
  renderableQuantityCadence,
} from '../../../domain/grocery/repeat-delivery';
import type { RepeatItemView } from '../../../shared/contracts/repeat-delivery';
import { findGroceryListing } from '../../db/repositories/grocery-catalog-repository';
import {
  findRepeatItem,
  insertRepeatItem,
  moveNextDrop,
  type RepeatItem,
  updateRepeatItem,
} from '../../db/repositories/repeat-item-repository';
import type { Database } from '../../db/schema';
import type { Refusal } from '../refusal';

type Db = Kysely<Database>;

export type StaplesRefusalCode =
  | 'sign_in_required'
  | 'not_repeatable'
  | 'not_found'
  | 'invalid_cadence'
  | 'not_repeated'
  | 'invalid_unit'
  | 'busy';

export type StaplesRefusal = { ok: false; refusal: Refusal<StaplesRefusalCode> };

const refuse = (code: StaplesRefusalCode, message: string): StaplesRefusal => ({
  ok: false,
  refusal: { code, message },
});

const repeatItemView = (item: RepeatItem, language = 'en-US'): RepeatItemView => ({
  asin: item.asin,
  quantity: item.quantity,
  unit: item.unit,
  cadenceWeeks: item.cadenceWeeks,
  nextDropDate: new Date(item.nextDropAt).toISOString().slice(0, 10),
  renderableQuantityCadence: renderableQuantityCadence(item.quantity, item.unit, item.cadenceWeeks),
  renderableNextDropDate: renderableNextDropDate(item.nextDropAt, language),
});

const signIn = refuse('sign_in_required', 'sign in to use Repeat Delivery');

/** The customer's repeat item of a product, for the page. */
export async function findRepeatItemView(db: Db, customerId: string, asin: string) {
  const item = await findRepeatItem(db, customerId, asin);
  return item ? repeatItemView(item) : null;
}

/**
 * STP-001/011: puts the products on the customer's Repeat Delivery list, one of each every two weeks
 * from the earliest drop day. A product already on it stays as it is (ALREADY_REPEATED); two adds at
 * once make one item (the table's key).
 */
export async function addRepeatItems(
  db: Db,
  customerId: string | null,
  asins: readonly string[],
  now: number,
): Promise<{ ok: true; status: 'SUCCESS' | 'ALREADY_REPEATED'; item: RepeatItemView } | StaplesRefusal> {
  if (!customerId) return signIn;
  let added = false;
  let first: RepeatItem | undefined;
  for (const asin of asins) {
    const listing = await findGroceryListing(db, asin);
    if (!listing?.repeatDelivery) {
      return refuse('not_repeatable', `${asin} cannot be put on Repeat Delivery`);
    }
    const item: RepeatItem = {
      customerId,
      asin,
      quantity: 1,
      unit: listing.unitOfMeasure,
      cadenceWeeks: DEFAULT_REPEAT_CADENCE,
      nextDropAt: firstDropDate(now),
    };
    if (await insertRepeatItem(db, item, now)) added = true;
    first ??= await findRepeatItem(db, customerId, asin);
  }
  if (!first) return refuse('not_found', 'no repeat item');
  return { ok: true, status: added ? 'SUCCESS' : 'ALREADY_REPEATED', item: repeatItemView(first) };
}

/**
 * STP-002/012: a new quantity and cadence; the next drop date is computed here: one new cadence after
 * the drop before the current next one, never earlier than the earliest drop day.
 */
export async function updateRepeatItemChoice(
  db: Db,
  customerId: string | null,
  change: { asin: string; quantity: number; unit: string; cadence: number },
  now: number,
): Promise<{ ok: true; item: RepeatItemView } | StaplesRefusal> {
  if (!customerId) return signIn;
  if (!isRepeatCadence(change.cadence)) {
    return refuse('invalid_cadence', 'cadence must be 1, 2, 3, 4, 6 or 8 weeks');
  }
  return db.transaction().execute(async (trx) => {
    const item = await findRepeatItem(trx, customerId, change.asin);
    if (!item) {
      return refuse('not_repeated', `${change.asin} is not on Repeat Delivery`);
    }
    if (change.unit !== item.unit) {
      return refuse('invalid_unit', `${change.asin} is counted in ${item.unit}`);
    }
    const nextDropAt = nextDropAfterCadenceChange(
      item.nextDropAt,
      item.cadenceWeeks as RepeatCadence,
      change.cadence as RepeatCadence,
      now,
    );
    const updated = { ...item, quantity: change.quantity, cadenceWeeks: change.cadence, nextDropAt };
    await updateRepeatItem(trx, updated, now);
    return { ok: true as const, item: repeatItemView(updated) };
  });
}

/** Skips the next delivery: the next drop moves by one cadence (a guarded update, so no skip is lost). */
export async function skipNextDelivery(
  db: Db,
  customerId: string | null,
  asin: string,
  now: number,
): Promise<{ ok: true; item: RepeatItemView } | StaplesRefusal> {
  if (!customerId) return signIn;
  for (let attempt = 0; attempt < 5; attempt++) {
    const item = await findRepeatItem(db, customerId, asin);
    if (!item) return refuse('not_repeated', `${asin} is not on Repeat Delivery`);
    const next = nextDropAfterSkip(item.nextDropAt, item.cadenceWeeks as RepeatCadence);
    if (await moveNextDrop(db, { customerId, asin }, item.nextDropAt, next, now)) {
      return { ok: true, item: repeatItemView({ ...item, nextDropAt: next }) };
    }
  }
  return refuse('busy', 'the repeat item changed meanwhile; try again');
}

/** STP-013: what Repeat Delivery is, for the educational popover. */
export function staplesEducontent() {
  return {
    title: 'Repeat Delivery',
    paragraphs: [
      'Get your grocery staples delivered on a schedule: every week, or every 2, 3, 4, 6 or 8 weeks.',
      'We add them to your grocery delivery on each drop date. Change the quantity, change how often, or skip a delivery at any time.',
    ],
    learnMoreManageStaplesLink: '/gp/help/repeat-delivery.html',
  };
}
