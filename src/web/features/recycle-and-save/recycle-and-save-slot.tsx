import type { ComponentProps } from 'react';
import { serverReadySlot } from '../../ui/server-ready-lazy';

type LaunchProps = ComponentProps<typeof import('./recycle-and-save-launch')['RecycleAndSaveLaunch']>;

// Only products with the promotion show the launch, so it is its own chunk (not the purchase column's):
// the server has it ready before it renders, and the browser loads it before hydrating such a page.
const launch = serverReadySlot<LaunchProps>(() =>
  import('./recycle-and-save-launch').then((m) => m.RecycleAndSaveLaunch),
);

/** Loads the launch's chunk (the server once at start, the browser before hydrating). */
export const loadRecycleAndSaveLaunch = launch.load;

/** The recycle-and-save launch (RS-001) in the purchase column; its chunk is in before this renders. */
export const RecycleAndSaveSlot = launch.Slot;
