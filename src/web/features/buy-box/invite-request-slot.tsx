import type { ComponentProps } from 'react';
import { serverReadySlot } from '../../ui/server-ready-lazy';

type InviteRequestProps = ComponentProps<typeof import('./invite-request')['InviteRequest']>;

// Only high-demand products sell by invitation, so the invite request is its own chunk: the server
// has it ready before it renders, and the browser loads it before hydrating a page that shows it.
const inviteRequest = serverReadySlot<InviteRequestProps>(() =>
  import('./invite-request').then((m) => m.InviteRequest),
);

/** Loads the invite request's chunk (the server once at start, the browser before hydrating). */
export const loadInviteRequest = inviteRequest.load;

/** The invite request (BB-033..039) where the buy box shows it; its chunk is in before this renders. */
export const InviteRequestSlot = inviteRequest.Slot;
