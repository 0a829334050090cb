import { describe, expect, test } from 'vitest';
import {
  INVITE_BUTTON_TEXT,
  INVITE_CONTENT_TYPE,
  INVITE_TIMEOUT_MS,
  initialInviteState,
  inviteAction,
  inviteAnswered,
  inviteSent,
  missingInviteDataMessage,
} from './invite';

describe('inviteAction', () => {
  test('BB-033 the invite is sent only when signed in with an endpoint and a csrf token', () => {
    expect(inviteAction({ signedIn: true, endpoint: '/api/invite', csrfToken: 'tok' })).toBe('send');
  });

  test('BB-034 pressing the button while signed out goes to sign-in', () => {
    expect(inviteAction({ signedIn: false, endpoint: '/api/invite', csrfToken: 'tok' })).toBe('sign-in');
    expect(inviteAction({ signedIn: false, endpoint: null, csrfToken: null })).toBe('sign-in');
  });

  test('BB-035 signed in with the endpoint or csrf token missing logs an error', () => {
    expect(inviteAction({ signedIn: true, endpoint: null, csrfToken: 'tok' })).toBe('log-error');
    expect(inviteAction({ signedIn: true, endpoint: '/api/invite', csrfToken: '' })).toBe('log-error');
    expect(missingInviteDataMessage({ endpoint: '', csrfToken: undefined })).toBe(
      'invite request not sent: missing endpoint and csrf token',
    );
    expect(missingInviteDataMessage({ endpoint: '/api/invite', csrfToken: null })).toBe(
      'invite request not sent: missing csrf token',
    );
  });

  test('BB-036 the request uses an invite content type and a 10000 ms timeout', () => {
    expect(INVITE_TIMEOUT_MS).toBe(10000);
    expect(INVITE_CONTENT_TYPE).toContain('type="invite.request/v1"');
  });
});

describe('inviteAnswered', () => {
  test('BB-037 success hides the shipping messages and shows the requested state', () => {
    const sent = inviteSent(initialInviteState('request-invitation'));
    expect(sent.buttonDisabled).toBe(true);
    const { state, logError } = inviteAnswered(sent, { ok: true });
    expect(state).toMatchObject({ requested: true, hideShippingMessages: true, sending: false });
    expect(state.buttonLabel).toBe('request-invitation');
    expect(logError).toBeNull();
  });

  test('BB-038 notify-details disables the button and changes its text on success', () => {
    const before = initialInviteState('notify-details');
    const { state } = inviteAnswered(inviteSent(before), { ok: true });
    expect(state.buttonDisabled).toBe(true);
    expect(state.buttonLabel).toBe('notify-details-requested');
    expect(INVITE_BUTTON_TEXT[state.buttonLabel]).not.toBe(INVITE_BUTTON_TEXT[before.buttonLabel]);
  });

  test('BB-039 a failure opens the failure modal and logs an error', () => {
    const { state, logError } = inviteAnswered(inviteSent(initialInviteState('request-invitation')), {
      ok: false,
      reason: 'timeout after 10000 ms',
    });
    expect(state).toMatchObject({ showFailureModal: true, requested: false, hideShippingMessages: false });
    expect(state.buttonDisabled).toBe(false);
    expect(logError).toBe('invite request failed: timeout after 10000 ms');
  });
});
