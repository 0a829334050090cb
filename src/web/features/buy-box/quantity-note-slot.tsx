import type { ComponentProps } from 'react';
import { serverReadySlot } from '../../ui/server-ready-lazy';

type QuantityLinkNoteProps = ComponentProps<typeof import('./quantity-updated-tip')['QuantityLinkNote']>;

// Only a page reached by a link that set the quantity (`qty`) shows the note or tip, so it is its own
// chunk: the server has it ready before it renders, and the browser loads it before hydrating such a page.
const quantityNote = serverReadySlot<QuantityLinkNoteProps>(() =>
  import('./quantity-updated-tip').then((m) => m.QuantityLinkNote),
);

/** Loads the quantity note's chunk (the server once at start, the browser before hydrating). */
export const loadQuantityNote = quantityNote.load;

/** The quantity note or tip (BB-008, DP-011, DP-012) where the buy box shows it; its chunk is in first. */
export const QuantityNoteSlot = quantityNote.Slot;
