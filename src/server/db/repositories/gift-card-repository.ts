import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { GiftCardLedgerReason } from '../../../shared/trade-in-constants';
import type { Database } from '../schema';

type Db = Kysely<Database>;

/** One movement of a customer's gift-card balance: signed minor units (decision 0053). */
type GiftCardLedgerRow = {
  id: string;
  customer_id: string;
  amount_minor: number;
  currency_code: string;
  reason: string;
  trade_in_id: string | null;
  order_id: string | null;
  created_at: number;
  /** The customer's running entry number: newest first sorts by it. */
  seq: number;
};

/** The balance, kept equal to the sum of the customer's ledger in the same transaction. */
type GiftCardBalanceRow = { customer_id: string; balance_minor: number; entries: number };

declare module '../schema' {
  interface Database {
    gift_card_ledger: GiftCardLedgerRow;
    gift_card_balances: GiftCardBalanceRow;
  }
}

export type LedgerEntry = {
  id: string;
  amountMinor: number;
  currencyCode: string;
  reason: GiftCardLedgerReason;
  tradeInId: string | null;
  orderId: string | null;
  createdAt: number;
};

type Movement = {
  customerId: string;
  amountMinor: number;
  currencyCode: string;
  reason: GiftCardLedgerReason;
  tradeInId?: string | null;
  orderId?: string | null;
  now: number;
};

async function writeEntry(db: Db, movement: Movement, signedMinor: number, seq: number): Promise<void> {
  await db
    .insertInto('gift_card_ledger')
    .values({
      id: `gc-${randomUUID()}`,
      customer_id: movement.customerId,
      amount_minor: signedMinor,
      currency_code: movement.currencyCode,
      reason: movement.reason,
      trade_in_id: movement.tradeInId ?? null,
      order_id: movement.orderId ?? null,
      created_at: movement.now,
      seq,
    })
    .execute();
}

/** Credits the balance (a positive amount) and writes the ledger entry. Run inside the caller's transaction. */
export async function creditGiftCard(db: Db, movement: Movement): Promise<void> {
  if (!Number.isSafeInteger(movement.amountMinor) || movement.amountMinor <= 0) {
    throw new Error(
      `a gift-card credit must be a positive whole number of minor units: ${movement.amountMinor}`,
    );
  }
  const row = await db
    .insertInto('gift_card_balances')
    .values({ customer_id: movement.customerId, balance_minor: movement.amountMinor, entries: 1 })
    .onConflict((oc) =>
      oc.column('customer_id').doUpdateSet((eb) => ({
        balance_minor: eb('gift_card_balances.balance_minor', '+', movement.amountMinor),
        entries: eb('gift_card_balances.entries', '+', 1),
      })),
    )
    .returning('entries')
    .executeTakeFirstOrThrow();
  await writeEntry(db, movement, movement.amountMinor, Number(row.entries));
}

/**
 * Debits the balance by exactly `amountMinor` in one guarded statement, or not at all: the update only
 * matches while the balance covers it, so parallel debits never take it below zero. Answers whether it did.
 */
export async function debitGiftCard(db: Db, movement: Movement): Promise<boolean> {
  if (!Number.isSafeInteger(movement.amountMinor) || movement.amountMinor <= 0) return false;
  const row = await db
    .updateTable('gift_card_balances')
    .set((eb) => ({
      balance_minor: eb('balance_minor', '-', movement.amountMinor),
      entries: eb('entries', '+', 1),
    }))
    .where('customer_id', '=', movement.customerId)
    .where('balance_minor', '>=', movement.amountMinor)
    .returning('entries')
    .executeTakeFirst();
  if (!row) return false;
  await writeEntry(db, movement, -movement.amountMinor, Number(row.entries));
  return true;
}

/**
 * Takes back up to `amountMinor` without going below zero (decision 0053): all of it when the balance
 * covers it, otherwise what the balance holds. Answers the amount taken.
 */
export async function reverseGiftCard(db: Db, movement: Movement): Promise<number> {
  let wanted = movement.amountMinor;
  // A parallel debit can lower the balance between the read and the guarded update: try again with less.
  for (let attempt = 0; attempt < 5 && wanted > 0; attempt++) {
    if (await debitGiftCard(db, { ...movement, amountMinor: wanted })) return wanted;
    wanted = Math.min(wanted, await giftCardBalance(db, movement.customerId));
  }
  return 0;
}

/** The customer's balance in minor units (0 before any credit). */
export async function giftCardBalance(db: Db, customerId: string): Promise<number> {
  const row = await db
    .selectFrom('gift_card_balances')
    .select('balance_minor')
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row ? Number(row.balance_minor) : 0;
}

/** The customer's ledger, newest first. */
export async function giftCardLedger(db: Db, customerId: string, limit = 200): Promise<LedgerEntry[]> {
  const rows = await db
    .selectFrom('gift_card_ledger')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    amountMinor: Number(row.amount_minor),
    currencyCode: row.currency_code,
    reason: row.reason as GiftCardLedgerReason,
    tradeInId: row.trade_in_id,
    orderId: row.order_id,
    createdAt: Number(row.created_at),
  }));
}

/** The sum of the customer's ledger (the property test holds the balance to it). */
export async function giftCardLedgerSum(db: Db, customerId: string): Promise<number> {
  const row = await db
    .selectFrom('gift_card_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_minor'), eb.lit(0)).as('total'))
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** What the gift card paid of an order (0 when it paid nothing), from the order's ledger entry. */
export async function giftCardPaidForOrder(db: Db, orderId: string): Promise<number> {
  const row = await db
    .selectFrom('gift_card_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_minor'), eb.lit(0)).as('total'))
    .where('order_id', '=', orderId)
    .where('reason', '=', 'orderPayment')
    .executeTakeFirst();
  return -Number(row?.total ?? 0);
}
