import type { ComponentProps } from 'react';
import { serverReadySlot } from '../../ui/server-ready-lazy';

type ButtonProps = ComponentProps<typeof import('./registry-button')['RegistryButton']>;

// Only a signed-in shopper with registries sees the button, so it is its own chunk (not the purchase
// column's): the product page's first load does not grow for anyone else.
const button = serverReadySlot<ButtonProps>(() => import('./registry-button').then((m) => m.RegistryButton));

/** Loads the button's chunk (the server once at start, the browser before hydrating such a page). */
export const loadRegistryButton = button.load;

/** "Add to registry" (REG-001) in the purchase column; its chunk is in before this renders. */
export const RegistryButtonSlot = button.Slot;
