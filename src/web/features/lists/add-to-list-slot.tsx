import type { ComponentProps } from 'react';
import { serverReadySlot } from '../../ui/server-ready-lazy';

type ButtonProps = ComponentProps<typeof import('./add-to-list-button')['AddToListButton']>;

// The button is its own chunk, not the purchase column's: pages that do not show it (a grocery product's)
// carry none of it. The server has it ready before it renders; the browser loads it with the column.
const button = serverReadySlot<ButtonProps>(() =>
  import('./add-to-list-button').then((m) => m.AddToListButton),
);

/** Loads the button's chunk (the server once at start, the browser with the purchase column). */
export const loadAddToListButton = button.load;

/** The add-to-list split button (LIST-002) in the purchase column; its chunk is in before this renders. */
export const AddToListSlot = button.Slot;
