// The invite button for high-demand products (BB-033..039).

export const INVITE_TIMEOUT_MS = 10000;
export const INVITE_CONTENT_TYPE = 'application/vnd.com.amazon.api+json; type="invite.request/v1"';

export type InviteAction = 'send' | 'sign-in' | 'log-error';

/** What pressing invite does: send only when signed in with an endpoint and csrf token (BB-033..035). */
export function inviteAction(context: {
  signedIn: boolean;
  endpoint: string | null | undefined;
  csrfToken: string | null | undefined;
}): InviteAction {
  if (!context.signedIn) return 'sign-in';
  if (!context.endpoint || !context.csrfToken) return 'log-error';
  return 'send';
}

/** The message logged when the invite cannot be sent for lack of page data (BB-035). */
export function missingInviteDataMessage(context: {
  endpoint: string | null | undefined;
  csrfToken: string | null | undefined;
}): string {
  const missing = [!context.endpoint && 'endpoint', !context.csrfToken && 'csrf token'].filter(Boolean);
  return `invite request not sent: missing ${missing.join(' and ')}`;
}

export type InviteButtonKind = 'request-invitation' | 'notify-details';
export type InviteButtonLabel = InviteButtonKind | 'notify-details-requested';

export const INVITE_BUTTON_TEXT: Record<InviteButtonLabel, string> = {
  'request-invitation': 'Request invitation',
  'notify-details': 'Notify me with details',
  'notify-details-requested': "We'll send you the details",
};

export type InviteState = {
  kind: InviteButtonKind;
  sending: boolean;
  requested: boolean;
  hideShippingMessages: boolean;
  buttonDisabled: boolean;
  buttonLabel: InviteButtonLabel;
  showFailureModal: boolean;
};

/** The invite button before it is pressed. */
export function initialInviteState(kind: InviteButtonKind): InviteState {
  return {
    kind,
    sending: false,
    requested: false,
    hideShippingMessages: false,
    buttonDisabled: false,
    buttonLabel: kind,
    showFailureModal: false,
  };
}

/** The invite request went out: the button is disabled until the answer. */
export function inviteSent(state: InviteState): InviteState {
  return { ...state, sending: true, buttonDisabled: true, showFailureModal: false };
}

export type InviteAnswer = { ok: true } | { ok: false; reason: string };

/**
 * The invite answer. Success hides the shipping and availability messages and shows the requested state
 * (BB-037); a notify-details button is then disabled with new text (BB-038). Failure opens the failure modal
 * and gives the error to log (BB-039).
 */
export function inviteAnswered(
  state: InviteState,
  answer: InviteAnswer,
): { state: InviteState; logError: string | null } {
  if (!answer.ok) {
    return {
      state: { ...state, sending: false, buttonDisabled: false, showFailureModal: true },
      logError: `invite request failed: ${answer.reason}`,
    };
  }
  // The notify-details state happens on success.
  const notify = state.kind === 'notify-details';
  return {
    state: {
      ...state,
      sending: false,
      requested: true,
      hideShippingMessages: true,
      buttonDisabled: true,
      buttonLabel: notify ? 'notify-details-requested' : state.buttonLabel,
      showFailureModal: false,
    },
    logError: null,
  };
}
