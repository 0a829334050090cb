import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { checkShippingAddress, type ShippingAddress } from '../../domain/checkout/shipping-address';
import {
  createCustomer,
  findCustomerByEmail,
  saveCheckoutDetails,
} from '../db/repositories/customer-repository';
import {
  findGroceryAddresses,
  insertGroceryAddress,
  selectGroceryAddress,
} from '../db/repositories/grocery-address-repository';
import { addPastPurchases } from '../db/repositories/trade-in-repository';
import type { Database } from '../db/schema';
import { hashPassword } from '../security/passwords';
import { accountRegistries, seedAccountRegistries } from '../services/registries/demo-registries';
import {
  type CatalogProblem,
  type CatalogValidation,
  type ImportSummary,
  importCatalog,
  jsonPath,
  validateCatalog,
} from './import-catalog';
import { CatalogReferenceError } from './import-sections';

/** Reads and validates a catalog file; a JSON syntax error is reported like any other problem. */
async function readCatalogFile(file: string): Promise<CatalogValidation> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return {
      ok: false,
      problems: [{ path: '$', message: `cannot read ${file}: ${(error as Error).message}` }],
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, problems: [{ path: '$', message: `not valid JSON: ${(error as Error).message}` }] };
  }
  return validateCatalog(json);
}

/** Validates the whole file first and writes nothing if any part is wrong. */
export async function importCatalogFile(
  db: Kysely<Database>,
  file: string,
  now: number,
): Promise<{ ok: true; summary: ImportSummary } | { ok: false; problems: CatalogProblem[] }> {
  const result = await readCatalogFile(file);
  if (!result.ok) return result;
  try {
    return { ok: true, summary: await importCatalog(db, result.catalog, now) };
  } catch (error) {
    // A bundle, badge or ad naming a product the store lacks: reported like a schema problem.
    if (error instanceof CatalogReferenceError) {
      return {
        ok: false,
        problems: [{ path: error.path, message: error.message.slice(error.path.length + 2) }],
      };
    }
    throw error;
  }
}

const accountsFile = z.object({
  accounts: z.array(
    z.object({
      email: z.string().email(),
      password: z.string().min(6),
      name: z.string().min(1),
      prime: z.boolean().default(false),
      business: z.boolean().default(false),
      postalCode: z.string().nullable().default(null),
      /** 1-Click's destination; the same rules as an address typed at checkout. */
      shippingAddress: z
        .object({
          fullName: z.string(),
          line1: z.string(),
          city: z.string(),
          state: z.string(),
          postalCode: z.string(),
        })
        .refine(
          (address) => checkShippingAddress(address).problems.length === 0,
          'is not a complete US address',
        )
        .optional(),
      /** Grocery delivery addresses (decision 0023), the first chosen; the same rules as a checkout address. */
      groceryAddresses: z
        .array(
          z
            .object({
              fullName: z.string(),
              line1: z.string(),
              city: z.string(),
              state: z.string(),
              postalCode: z.string(),
            })
            .refine(
              (address) => checkShippingAddress(address).problems.length === 0,
              'is not a complete US address',
            ),
        )
        .max(10)
        .default([]),
      // A label only ("Visa ending 4242"): a long run of digits could be card data and is refused.
      paymentMethod: z
        .string()
        .min(1)
        .max(60)
        .refine((label) => !/\d{5}/.test(label), 'must be a label, not a card number')
        .optional(),
      /** Devices of the trade-in catalog the shopper owns (decision 0052), given when they have none of them yet. */
      tradeInPastPurchases: z
        .array(
          z.object({
            asin: z.string().regex(/^[A-Z0-9]{10}$/),
            purchasedAt: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
          }),
        )
        .max(50)
        .default([]),
      /** Gift registries the account owns (decision 0062), shipping to its address. */
      registries: accountRegistries,
    }),
  ),
});

/** Gives an account its grocery addresses when it has none yet (a shopper's own stay), the first chosen. */
async function seedGroceryAddresses(
  db: Kysely<Database>,
  customerId: string,
  addresses: readonly ShippingAddress[],
  now: number,
): Promise<void> {
  if (addresses.length === 0 || (await findGroceryAddresses(db, customerId)).length > 0) return;
  for (const [i, address] of addresses.entries()) {
    const id = await insertGroceryAddress(db, customerId, checkShippingAddress(address).address, now + i);
    if (i === 0) await selectGroceryAddress(db, customerId, id, now);
  }
}

const pastPurchasesOf = (purchases: readonly { asin: string; purchasedAt: string }[]) =>
  purchases.map((p) => ({ deviceAsin: p.asin, purchasedAt: Date.parse(`${p.purchasedAt}T12:00:00Z`) }));

/** Creates the demo accounts that do not exist yet, and gives existing ones a missing saved address or payment label. */
export async function seedAccounts(db: Kysely<Database>, file: string, now: number): Promise<number> {
  const parsed = accountsFile.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${file}: ${issue ? `${jsonPath(issue.path)} ${issue.message}` : 'invalid'}`);
  }
  let created = 0;
  for (const account of parsed.data.accounts) {
    const saved = {
      ...(account.shippingAddress ? { address: checkShippingAddress(account.shippingAddress).address } : {}),
      ...(account.paymentMethod ? { paymentMethod: account.paymentMethod } : {}),
    };
    const existing = await findCustomerByEmail(db, account.email);
    if (existing) {
      // Databases seeded before accounts had saved details get them; a shopper's own choice stays.
      await saveCheckoutDetails(db, existing.id, saved, { replace: false });
      await seedGroceryAddresses(db, existing.id, account.groceryAddresses, now);
      await addPastPurchases(db, existing.id, pastPurchasesOf(account.tradeInPastPurchases));
      await seedAccountRegistries(db, existing.id, account.registries, saved.address, now);
      continue;
    }
    const id = `cust-${randomUUID()}`;
    await createCustomer(db, {
      id,
      email: account.email,
      password_hash: await hashPassword(account.password),
      name: account.name,
      is_prime: account.prime ? 1 : 0,
      is_business: account.business ? 1 : 0,
      postal_code: account.postalCode,
      created_at: now,
    });
    await saveCheckoutDetails(db, id, saved, { replace: true });
    await seedGroceryAddresses(db, id, account.groceryAddresses, now);
    await addPastPurchases(db, id, pastPurchasesOf(account.tradeInPastPurchases));
    await seedAccountRegistries(db, id, account.registries, saved.address, now);
    created++;
  }
  return created;
}
