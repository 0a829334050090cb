// VAS-040..043: what the digital-dash create reply shows.
import { DIGITAL_DASH_ALREADY_EXISTS } from '../../shared/add-on-services-constants';

export type DigitalDashReply = {
  success?: boolean;
  error?: { errorCode?: string | number; errorTitle?: string; errorMessage?: string };
  url?: string;
};

export type DigitalDashOutcome =
  | { kind: 'success' }
  | { kind: 'alert'; title: string; message: string }
  | { kind: 'redirect'; url: string }
  | { kind: 'error' };

const DIGITAL_DASH_DEFAULT_TITLE = 'We could not create your Dash button';
const DIGITAL_DASH_DEFAULT_MESSAGE = 'Please try again later.';

/**
 * VAS-040: success, or error code 510 (it exists already), is success. VAS-041: another error reply
 * shows an alert with the server's title and message, or the default text. VAS-042: a 401 goes to the
 * url in its body. VAS-043: anything else (network, other status, unreadable body) is the error state.
 */
export function digitalDashOutcome(status: number, body: DigitalDashReply | null): DigitalDashOutcome {
  if (status === 401)
    return body?.url?.startsWith('/') ? { kind: 'redirect', url: body.url } : { kind: 'error' };
  if (status !== 200 || !body) return { kind: 'error' };
  if (body.success === true) return { kind: 'success' };
  if (body.error) {
    if (String(body.error.errorCode) === DIGITAL_DASH_ALREADY_EXISTS) return { kind: 'success' };
    return {
      kind: 'alert',
      title: body.error.errorTitle || DIGITAL_DASH_DEFAULT_TITLE,
      message: body.error.errorMessage || DIGITAL_DASH_DEFAULT_MESSAGE,
    };
  }
  return { kind: 'error' };
}
