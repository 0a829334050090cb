import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { checkShippingAddress } from '../../domain/checkout/shipping-address';
import {
  createCustomer,
  findCustomerByEmail,
  saveCheckoutDetails,
} from '../db/repositories/customer-repository';
import type { Database } from '../db/schema';
import { hashPassword } from '../security/passwords';
import {
  type CatalogProblem,
  type CatalogValidation,
  type ImportSummary,
  importCatalog,
  jsonPath,
  validateCatalog,
} from './import-catalog';

/** Reads and validates a catalog file; a JSON syntax error is reported like any other problem. */
export async function readCatalogFile(file: string): Promise<CatalogValidation> {
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
  return { ok: true, summary: await importCatalog(db, result.catalog, now) };
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
      // A label only ("Visa ending 4242"): a long run of digits could be card data and is refused.
      paymentMethod: z
        .string()
        .min(1)
        .max(60)
        .refine((label) => !/\d{5}/.test(label), 'must be a label, not a card number')
        .optional(),
    }),
  ),
});

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
    created++;
  }
  return created;
}
