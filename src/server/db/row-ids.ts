import { randomFillSync } from 'node:crypto';

// Ids of rows written on every cart add and claim. Random ids put each new row on a random page of the
// table's index, so every write dirtied pages no other write shared and a commit wrote them all to the
// WAL; an id that starts with the time goes to the end of the index, where the rows written together
// (one shared commit, decision 0021) share pages. The random part keeps ids unguessable and unique.

const pool = Buffer.allocUnsafe(4096);
let used = pool.length;

/** `digits` random hexadecimal digits (from a pool refilled from the system's secure random source). */
function randomHex(digits: number): string {
  const bytes = Math.ceil(digits / 2);
  if (used + bytes > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const hex = pool.toString('hex', used, used + bytes).slice(0, digits);
  used += bytes;
  return hex;
}

/** 11 hexadecimal digits of the current millisecond (enough until the year 2527), then random digits. */
export function timeOrderedHex(totalDigits: number, now = Date.now()): string {
  return now.toString(16).padStart(11, '0') + randomHex(totalDigits - 11);
}
