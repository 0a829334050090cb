import { useId } from 'react';
import {
  accountLinkingChanged,
  type GiftAndPreregistration,
  giftWrapChanged,
  preregistrationAlert,
  preregistrationFlag,
} from '../../../domain/buy-box/gift-and-preregistration';
import { BUY_BOX_FIELDS } from '../../../domain/cart/add-to-cart-fields';

const GIFTING_ALERT =
  'Gift orders are not linked to your account. To link up to $PREREG_MAX_QUANTITY devices to your account, uncheck "Add gift options".';

/** Gift wrap and device pre-registration (account linking): checking one changes the other (BB-011..016). */
export function GiftOptions({
  state,
  onChange,
  giftWrap,
  preregistration,
  preregistrationOffered,
}: {
  state: GiftAndPreregistration;
  onChange: (next: GiftAndPreregistration) => void;
  giftWrap: boolean;
  preregistration: { maxQuantity: number } | null;
  /** False when the chosen quantity is over the pre-registration maximum: no linking is offered or sent. */
  preregistrationOffered: boolean;
}) {
  const alertId = useId();
  return (
    <fieldset className="buy-box__options">
      <legend className="visually-hidden">Gift and device options</legend>
      {giftWrap ? (
        <label className="checkbox">
          <input
            type="checkbox"
            name={BUY_BOX_FIELDS.giftWrap}
            value="true"
            checked={state.giftWrap}
            onChange={(event) => onChange(giftWrapChanged(state, event.target.checked))}
          />
          Add gift options
        </label>
      ) : null}
      {preregistration && !preregistrationOffered ? (
        <>
          <p className="buy-box__note">
            Device linking is available for orders of up to {preregistration.maxQuantity} devices.
          </p>
          <input type="hidden" name={BUY_BOX_FIELDS.preregistration} value="false" />
        </>
      ) : null}
      {preregistration && preregistrationOffered ? (
        <>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={state.accountLinking}
              disabled={state.accountLinkingDisabled}
              aria-describedby={state.showGiftingAlert ? alertId : undefined}
              onChange={(event) => onChange(accountLinkingChanged(state, event.target.checked))}
            />
            Link device to your account to simplify setup
          </label>
          {/* BB-014: the flag travels as 'true'/'false'; a disabled box sends false (BB-015). */}
          <input type="hidden" name={BUY_BOX_FIELDS.preregistration} value={preregistrationFlag(state)} />
          {state.showGiftingAlert ? (
            <p className="alert alert--info buy-box__gift-alert" id={alertId} role="status">
              {preregistrationAlert(GIFTING_ALERT, preregistration.maxQuantity)}
            </p>
          ) : null}
        </>
      ) : null}
    </fieldset>
  );
}
