import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SignInForm } from '../../../shared/contracts/sign-in';
import { type CartOwner, mergeCarts } from '../../db/repositories/cart-repository';
import {
  clearSignInFailures,
  countSignInFailures,
  createCustomer,
  findCustomerByEmail,
  recordSignInFailure,
} from '../../db/repositories/customer-repository';
import { adoptDealClaims } from '../../db/repositories/deal-repository';
import { createSession, deleteSession } from '../../db/repositories/session-repository';
import type { Database } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../security/passwords';
import type { Refusal } from '../refusal';

type Db = Kysely<Database>;

export const SIGN_IN_FAILURE_LIMIT = 5;
/** Per address the limit is higher: many shoppers can share one (offices, mobile carriers). */
const SIGN_IN_FAILURE_LIMIT_PER_IP = 50;
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** How long a signed-in session lasts. */
const SIGNED_IN_TTL_MS = 1000 * 60 * 60 * 24 * 30;

// A hash to compare against when the email is unknown, so both failures take the same time.
const UNKNOWN_ACCOUNT_HASH = hashPassword(randomUUID());

/** The request's session as sign-in needs it. */
export type SigningInSession = {
  /** Whose cart the shopper had before signing in. */
  cartOwner(): Promise<CartOwner>;
  /** Issues a new session token (no fixation) and answers the new session's row id. */
  rotate(): string;
};

export type SignInRefusalCode = 'invalid_credentials' | 'account_exists' | 'too_many_attempts';

export type SignInOutcome =
  | { ok: true; outcome: 'signed_in' | 'account_created' }
  | {
      ok: false;
      refusal: Refusal<SignInRefusalCode>;
      /** The sign-in metric's outcome, when this refusal counts as one. */
      outcome?: 'failed' | 'rate_limited';
    };

/**
 * Signs a customer in with email and password, or creates their account and signs them in. Failed
 * sign-ins are counted per email and per address and limited over SIGN_IN_FAILURE_WINDOW_MS.
 */
export async function signInWithPassword(
  db: Db,
  form: Exclude<SignInForm, { action: 'sign-out' }>,
  input: { ip: string; now: number; session: SigningInSession },
): Promise<SignInOutcome> {
  const { ip, now } = input;
  const failures = await countSignInFailures(db, form.email, ip, now - SIGN_IN_FAILURE_WINDOW_MS);
  if (failures.email >= SIGN_IN_FAILURE_LIMIT || failures.ip >= SIGN_IN_FAILURE_LIMIT_PER_IP) {
    return {
      ok: false,
      refusal: {
        code: 'too_many_attempts',
        message: 'Too many failed attempts. Wait 15 minutes and try again.',
      },
      outcome: 'rate_limited',
    };
  }

  if (form.action === 'create-account') {
    if (await findCustomerByEmail(db, form.email)) {
      return {
        ok: false,
        refusal: {
          code: 'account_exists',
          message: 'An account with this email already exists. Sign in instead.',
        },
      };
    }
    const id = `cust-${randomUUID()}`;
    await createCustomer(db, {
      id,
      email: form.email,
      password_hash: await hashPassword(form.password),
      name: form.name,
      is_prime: 0,
      is_business: 0,
      postal_code: null,
      created_at: now,
    });
    await startCustomerSession(db, input.session, id, now);
    return { ok: true, outcome: 'account_created' };
  }

  const customer = await findCustomerByEmail(db, form.email);
  const valid = await verifyPassword(form.password, customer?.password_hash ?? (await UNKNOWN_ACCOUNT_HASH));
  if (!customer || !valid) {
    await recordSignInFailure(db, form.email, ip, now);
    return {
      ok: false,
      refusal: { code: 'invalid_credentials', message: 'Your email or password is incorrect.' },
      outcome: 'failed',
    };
  }
  await clearSignInFailures(db, form.email);
  await startCustomerSession(db, input.session, customer.id, now);
  return { ok: true, outcome: 'signed_in' };
}

/** Ends the signed-in session stored under `sessionRowId`. */
export async function signOut(db: Db, sessionRowId: string): Promise<void> {
  await deleteSession(db, sessionRowId);
}

/** The new session at sign-in, and the anonymous cart and deal claims handed to the customer, once. */
async function startCustomerSession(db: Db, session: SigningInSession, customerId: string, now: number) {
  const anonymous = await session.cartOwner();
  const rowId = session.rotate();
  await db.transaction().execute(async (trx) => {
    await createSession(trx, { id: rowId, customerId, now, ttlMs: SIGNED_IN_TTL_MS });
    if (anonymous.type === 'session') {
      await mergeCarts(trx, anonymous, { type: 'customer', id: customerId }, now);
      await adoptDealClaims(trx, anonymous, { type: 'customer', id: customerId });
    }
  });
}
