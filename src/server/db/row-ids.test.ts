import { expect, test } from 'vitest';
import { timeOrderedHex } from './row-ids';

test('time-ordered ids start with the millisecond, so later ids sort after earlier ones, and differ', () => {
  const earlier = timeOrderedHex(20, 1_795_000_000_000);
  const later = timeOrderedHex(20, 1_795_000_000_001);
  expect(earlier).toMatch(/^[0-9a-f]{20}$/);
  expect(earlier < later).toBe(true);
  const same = new Set(Array.from({ length: 2_000 }, () => timeOrderedHex(24, 1_795_000_000_000)));
  expect(same.size).toBe(2_000);
});
