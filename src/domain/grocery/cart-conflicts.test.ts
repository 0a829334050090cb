import { describe, expect, test } from 'vitest';
import { findCartConflicts, safeSourceUrl, substitutePageUrl } from './cart-conflicts';

describe('cart conflicts', () => {
  const coverage = new Map<string, readonly string[]>([
    ['SEA', ['981']],
    ['BAY', ['941']],
    ['ALL', []],
  ]);
  const storesOf = (asin: string) => ({ MILK: ['SEA'], BANANA: ['SEA', 'BAY'], EGG: ['ALL'] })[asin] ?? [];

  test('GRO-011 lines whose store does not deliver to the address conflict, with a substitute store when one does', () => {
    const lines = [
      { lineId: 'L1', asin: 'MILK', storeId: 'SEA' },
      { lineId: 'L2', asin: 'BANANA', storeId: 'SEA' },
      { lineId: 'L3', asin: 'EGG', storeId: 'ALL' },
    ];
    expect(findCartConflicts(lines, '98109', coverage, storesOf)).toEqual([]);
    expect(findCartConflicts(lines, '94105', coverage, storesOf)).toEqual([
      { lineId: 'L1', asin: 'MILK', storeId: 'SEA', substituteStoreId: null },
      { lineId: 'L2', asin: 'BANANA', storeId: 'SEA', substituteStoreId: 'BAY' },
    ]);
    // GRO-012: no address chosen, no conflicts.
    expect(findCartConflicts(lines, null, coverage, storesOf)).toEqual([]);
  });

  test('GRO-022 the substitute page carries sourceUrl; only a path on this site is followed back', () => {
    const url = substitutePageUrl('/dp/B0TESTMLK1?x=1');
    expect(url.startsWith('/afx/cartconflicts/resolve/substitute?')).toBe(true);
    expect(new URL(url, 'http://x').searchParams.get('sourceUrl')).toBe('/dp/B0TESTMLK1?x=1');
    expect(new URL(url, 'http://x').searchParams.get('client')).toBe('atfc');
    expect(safeSourceUrl('/dp/B0TESTMLK1')).toBe('/dp/B0TESTMLK1');
    expect(safeSourceUrl('//evil.example/x')).toBe('/');
    expect(safeSourceUrl('https://evil.example/')).toBe('/');
    expect(safeSourceUrl(undefined)).toBe('/');
  });
});
