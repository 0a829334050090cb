import type { ComponentProps } from 'react';
import { serverReadySlot } from '../../ui/server-ready-lazy';

type BoxProps = ComponentProps<typeof import('./trade-in-launcher')['TradeInBox']>;

// Only products with a trade-in product group show the box, so it is a chunk of its own (not the
// purchase column's): the server has it ready before it renders, the browser loads it with the column.
const box = serverReadySlot<BoxProps>(() => import('./trade-in-launcher').then((m) => m.TradeInBox));

/** Loads the box's chunk (the server once at start, the browser with the purchase column). */
export const loadTradeInBox = box.load;

/** The trade-in box (TI-002) in the purchase column; its chunk is in before this renders. */
export const TradeInSlot = box.Slot;
