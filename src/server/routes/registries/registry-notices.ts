import type { Notice } from '../../../shared/contracts/pages/shopper';

// The one-line messages the registry pages show after a plain form post (post/redirect/get): the
// redirect names one by its key, never by free text.
const NOTICES: Record<string, Notice> = {
  created: { kind: 'success', message: 'Your registry is ready. Add items from any product page.' },
  saved: { kind: 'success', message: 'Your changes are saved.' },
  removed: { kind: 'success', message: 'The item is removed from your registry.' },
  contributed: { kind: 'success', message: 'Thank you! Your contribution is recorded.' },
  contribution_below_minimum: { kind: 'error', message: 'Contributions start at $5.00.' },
  contribution_above_remaining: { kind: 'error', message: 'That is more than this gift still needs.' },
  group_gift_funded: { kind: 'error', message: 'This group gift is already fully funded.' },
  no_payment_method: { kind: 'error', message: 'Add a payment method to your account to contribute.' },
  cart_refused: { kind: 'error', message: 'We could not add that item to your cart.' },
};

/** The notice a registry page was sent back with, or none for a key it does not know. */
export function registryNotice(key: string | undefined): Notice | null {
  return (key && NOTICES[key]) || null;
}

/** Refusals a plain form post answers with its page and a notice, rather than an error answer. */
export const NOTICE_REFUSALS = new Set([
  'contribution_below_minimum',
  'contribution_above_remaining',
  'group_gift_funded',
  'no_payment_method',
]);
