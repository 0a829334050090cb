/** The returns policy in brief: the tabular buy box's clamped row and its sheet both show it. */
export const RETURNS =
  'Eligible for return, refund or replacement within 30 days of receipt. This item can be returned in its original condition for a full refund or replacement within 30 days of receipt. Items must be complete, with all accessories and manuals; devices must be deregistered from your account before you send them back.';
