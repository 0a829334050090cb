import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { ShippingAddress } from '../../src/domain/checkout/shipping-address';
import {
  createCustomer as insertCustomer,
  saveCheckoutDetails,
} from '../../src/server/db/repositories/customer-repository';
import type { Database } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/security/passwords';
import { uniqueEmail } from './unique';

export type CustomerOverrides = {
  email?: string;
  password?: string;
  name?: string;
  prime?: boolean;
  business?: boolean;
  postalCode?: string | null;
  /** A saved shipping address (1-Click's destination); none unless asked. */
  shippingAddress?: ShippingAddress | null;
  /** A saved payment method's label, e.g. "Visa ending 4242"; none unless asked. */
  paymentMethod?: string | null;
};

export type CreatedCustomer = Required<CustomerOverrides> & { id: string };

// scrypt at its real cost takes about 0.1 s a hash: each password is hashed once per test process and
// its hash (salt included) shared by the customers that use it, so a test may make customers by the thousand.
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

/** A shopper with an account of their own (not Prime, not business unless asked), ready to sign in. */
export async function createCustomer(
  db: Kysely<Database>,
  overrides: CustomerOverrides = {},
  options: { now?: number } = {},
): Promise<CreatedCustomer> {
  const customer: CreatedCustomer = {
    id: `cust-${randomUUID()}`,
    email: uniqueEmail(),
    password: 'test-password-123',
    name: 'Sam Carter',
    prime: false,
    business: false,
    postalCode: null,
    shippingAddress: null,
    paymentMethod: null,
    ...overrides,
  };
  await insertCustomer(db, {
    id: customer.id,
    email: customer.email,
    password_hash: await hashOf(customer.password),
    name: customer.name,
    is_prime: customer.prime ? 1 : 0,
    is_business: customer.business ? 1 : 0,
    postal_code: customer.postalCode,
    created_at: options.now ?? Date.now(),
  });
  await saveCheckoutDetails(
    db,
    customer.id,
    {
      ...(customer.shippingAddress ? { address: customer.shippingAddress } : {}),
      ...(customer.paymentMethod ? { paymentMethod: customer.paymentMethod } : {}),
    },
    { replace: true },
  );
  return { ...customer, email: customer.email.trim().toLowerCase() };
}

type DemoAccount = CustomerOverrides & { email: string; password: string };
let demoAccounts: DemoAccount[] | undefined;

/**
 * A demo account's shape (catalog/demo/accounts.json) as factory overrides: Prime, business, postal
 * code, saved address and payment method, without its e-mail and password, so the factory makes a
 * shopper of the test's own who looks like `prime@example.com` (pass `'prime'`).
 */
export function demoAccountShape(name: 'prime' | 'shopper' | 'business' | 'registry'): CustomerOverrides {
  demoAccounts ??= (
    JSON.parse(
      readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../catalog/demo/accounts.json'), 'utf8'),
    ) as {
      accounts: DemoAccount[];
    }
  ).accounts;
  const account = demoAccounts.find((a) => a.email === `${name}@example.com`);
  if (!account) throw new Error(`no demo account ${name}@example.com`);
  return {
    name: account.name,
    prime: account.prime,
    business: account.business,
    postalCode: account.postalCode,
    shippingAddress: account.shippingAddress,
    paymentMethod: account.paymentMethod,
  };
}
