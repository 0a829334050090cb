// Gift wrap and device pre-registration (account linking) in the buy box (BB-010..017).

export type GiftAndPreregistration = {
  giftWrap: boolean;
  accountLinking: boolean;
  accountLinkingDisabled: boolean;
  rememberedAccountLinking: boolean;
  showGiftingAlert: boolean;
};

/** The boxes as the page first shows them: gift wrap off, account linking at its default value. */
export function initialGiftAndPreregistration(accountLinkingDefault: boolean): GiftAndPreregistration {
  return {
    giftWrap: false,
    accountLinking: accountLinkingDefault,
    accountLinkingDisabled: false,
    rememberedAccountLinking: accountLinkingDefault,
    showGiftingAlert: false,
  };
}

/**
 * Gift wrap checked: account linking is remembered, unchecked and disabled, and the gifting alert shows
 * (BB-011). Unchecked: account linking gets its remembered value back and is enabled again (BB-012).
 */
export function giftWrapChanged(state: GiftAndPreregistration, checked: boolean): GiftAndPreregistration {
  if (checked === state.giftWrap) return state;
  if (checked) {
    return {
      giftWrap: true,
      accountLinking: false,
      accountLinkingDisabled: true,
      rememberedAccountLinking: state.accountLinking,
      showGiftingAlert: true,
    };
  }
  // Unchecking gift wrap re-enables account linking as well as restoring it.
  return {
    ...state,
    giftWrap: false,
    accountLinking: state.rememberedAccountLinking,
    accountLinkingDisabled: false,
    showGiftingAlert: false,
  };
}

/** Account linking changed; checking it unchecks gift wrap (BB-013). A disabled box does not change. */
export function accountLinkingChanged(
  state: GiftAndPreregistration,
  checked: boolean,
): GiftAndPreregistration {
  if (state.accountLinkingDisabled) return state;
  if (!checked) return { ...state, accountLinking: false };
  return { ...state, accountLinking: true, giftWrap: false, showGiftingAlert: false };
}

/** Whether pre-registration is sent as true: the box is checked and not disabled (BB-015). */
export function sendsPreregistration(state: GiftAndPreregistration): boolean {
  return state.accountLinking && !state.accountLinkingDisabled;
}

/** The pre-registration flag as the forms and declarative data hold it (BB-014). */
export function preregistrationFlag(state: GiftAndPreregistration): 'true' | 'false' {
  return sendsPreregistration(state) ? 'true' : 'false';
}

/** The alert text with the server's maximum quantity put in at `$PREREG_MAX_QUANTITY` (BB-016). */
export function preregistrationAlert(template: string, maxQuantity: number): string {
  return template.replaceAll('$PREREG_MAX_QUANTITY', String(maxQuantity));
}

const PREREGISTRATION_SUFFIXES = ['', '-installment', '-deals'] as const;
export type PreregistrationSuffix = (typeof PREREGISTRATION_SUFFIXES)[number];

/** The id of the quantity dropdown pre-registration reads, per buy-box variant (BB-017). */
export function preregistrationSelector(suffix: PreregistrationSuffix): string {
  return `quantity${suffix}`;
}

export type PreregistrationStatus = 'ALLOWED' | 'ALLOWED_CONDITIONAL' | 'NOT_ALLOWED';

export type PreregistrationData = {
  asin: string;
  showStatus: boolean;
  status: PreregistrationStatus;
  maxQuantity: number;
  defaultValue: boolean;
};

/** Whether account linking is offered for `quantity` (BB-010: ALLOWED_CONDITIONAL counts as allowed). */
export function isPreregistrationOffered(data: PreregistrationData, quantity: number): boolean {
  const allowed = data.status === 'ALLOWED' || data.status === 'ALLOWED_CONDITIONAL';
  return data.showStatus && allowed && quantity <= data.maxQuantity;
}
