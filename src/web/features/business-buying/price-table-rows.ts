import type { TableRow } from '../../../domain/business/price-tiers';

// What the picker needs of the table's rows before the table's own code has loaded (it loads on opening).

/** Whether a row of the table can be chosen with Enter or a click. */
export function rowActionable(row: TableRow): boolean {
  return row.kind !== 'fetching' && row.kind !== 'unavailable';
}

export const rowId = (tableId: string, index: number) => `${tableId}-row-${index}`;
