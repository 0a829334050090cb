import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Random letters and digits: test data made by parallel workers (or processes) never collides. */
export function uniqueCode(length: number): string {
  return [...randomBytes(length)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** A fresh ASIN in the catalog's format; the T marks it as made by a test, not the demo catalog. */
export const uniqueAsin = () => `B0T${uniqueCode(7)}`;

/** A fresh e-mail address for a made-up shopper. */
export const uniqueEmail = (prefix = 'shopper') => `${prefix}-${uniqueCode(10).toLowerCase()}@example.com`;
