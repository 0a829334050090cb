import { useState } from 'react';
import {
  INVITE_BUTTON_TEXT,
  type InviteButtonKind,
  type InviteState,
  initialInviteState,
  inviteAction,
  inviteAnswered,
  inviteSent,
  missingInviteDataMessage,
} from '../../../domain/buy-box/invite';
import { signInUrl } from '../../../shared/sign-in-url';
import { invitationEndpoint, requestInvitation } from '../../api/invitation-api';
import { pageTokens } from '../../api/page-tokens';
import { Modal } from '../../ui/lazy-overlays';
import { whileBusy } from '../../ui/while-busy';

/**
 * High-demand products are sold by invitation: the request is kept per customer (BB-033..039). The
 * button is a plain form first: without JavaScript the server records the request (or sends the
 * shopper to sign in) and returns to the product (decision 0016).
 */
export function InviteRequest({
  kind,
  asin,
  marketplaceId,
  signedIn,
  requested,
  productPath,
  csrfToken,
  onRequested,
}: {
  kind: InviteButtonKind;
  asin: string;
  marketplaceId: string;
  signedIn: boolean;
  requested: boolean;
  productPath: string;
  csrfToken: string;
  onRequested: () => void;
}) {
  const [state, setState] = useState<InviteState>(() =>
    requested ? inviteAnswered(initialInviteState(kind), { ok: true }).state : initialInviteState(kind),
  );
  const endpoint = invitationEndpoint(marketplaceId, asin);
  const request = async () => {
    if (state.sending) return;
    const csrfToken = pageTokens().csrfToken;
    const action = inviteAction({ signedIn, endpoint, csrfToken });
    if (action === 'sign-in') {
      window.location.assign(signInUrl(productPath));
      return;
    }
    if (action === 'log-error') {
      console.warn(missingInviteDataMessage({ endpoint, csrfToken }));
      return;
    }
    setState((s) => inviteSent(s));
    const answer = await requestInvitation(endpoint, csrfToken);
    setState((s) => {
      const next = inviteAnswered(s, answer);
      if (next.logError) console.warn(next.logError);
      return next.state;
    });
    if (answer.ok) onRequested();
  };
  const notify = kind === 'notify-details';
  if (state.requested && !notify) {
    return (
      <div className="invite invite--requested" role="status">
        <strong>Invitation requested</strong>
        <p>We'll email you if you're selected to buy this item. No need to request again.</p>
      </div>
    );
  }
  return (
    <div className="invite">
      <p className="invite__note">
        {notify
          ? 'Coming soon. Ask for the details and we will email you as soon as it can be ordered.'
          : 'This item is in high demand and sold by invitation only.'}
      </p>
      <form
        method="post"
        action={endpoint}
        onSubmit={(event) => {
          event.preventDefault();
          void request();
        }}
      >
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <input type="hidden" name="returnTo" value={productPath} />
        <button
          className="button button--cart button--wide"
          type="submit"
          disabled={state.buttonDisabled && !state.sending}
          {...whileBusy(state.sending)}
          aria-busy={state.sending}
        >
          {state.sending ? <span className="spinner" aria-hidden="true" /> : null}
          {INVITE_BUTTON_TEXT[state.buttonLabel]}
        </button>
      </form>
      {/* BB-038: a notify-details request keeps its button, disabled, with the new text. */}
      {notify && state.requested ? (
        <p className="invite__note" role="status">
          You're on the list for details.
        </p>
      ) : null}
      <Modal
        open={state.showFailureModal}
        onClose={() => setState(initialInviteState(kind))}
        title={notify ? "We couldn't sign you up for details" : "We couldn't request your invitation"}
      >
        <p>Something went wrong on our side. Please try again in a few minutes.</p>
      </Modal>
    </div>
  );
}
