import { preregistrationSelector } from '../../../domain/buy-box/gift-and-preregistration';
import type { DealMachineState } from '../../../domain/deals/deal-machine';
import { DEFAULT_CLAIM_QUANTITY, type DealView } from '../../../domain/deals/deal-view';
import { useIsClient } from '../../ui/use-is-client';
import type { useDealWarranty } from './use-deal-warranty';

/** The claim form: quantity, the warranty checkbox and the claim button (DEAL-002..004). */
export function DealClaimForm({
  view,
  state,
  quantity,
  onQuantity,
  onClaim,
  plan,
}: {
  view: DealView;
  state: DealMachineState;
  quantity: number;
  onQuantity: (quantity: number) => void;
  onClaim: () => void;
  plan: ReturnType<typeof useDealWarranty>;
}) {
  // BB-017: the deal box's quantity dropdown is the '-deals' variant pre-registration reads.
  const ids = { quantity: preregistrationSelector('-deals') };
  // A claim needs the script: until the box has hydrated its button waits, disabled.
  const ready = useIsClient();
  const { deal } = state;
  if (!view.claim) return null;
  return (
    <form
      className="deal-box__form"
      onSubmit={(event) => {
        event.preventDefault();
        onClaim();
      }}
    >
      <label className="buy-box__quantity" htmlFor={ids.quantity}>
        Quantity:
        <select
          id={ids.quantity}
          value={view.claim.quantities.includes(quantity) ? quantity : DEFAULT_CLAIM_QUANTITY}
          onChange={(event) => onQuantity(Number(event.target.value))}
          disabled={state.claiming}
        >
          {view.claim.quantities.map((q) => (
            <option key={q} value={q}>
              {q}
            </option>
          ))}
        </select>
      </label>
      {plan.warranty ? (
        <label className="checkbox deal-box__warranty">
          <input
            type="checkbox"
            checked={plan.chosen}
            disabled={state.claiming}
            onChange={(event) => plan.setChosen(event.target.checked)}
          />
          {`Add ${plan.warranty.title} for ${plan.warranty.price.displayString}`}
        </label>
      ) : null}
      <button
        type="submit"
        className="button button--cart button--wide"
        // While its claim runs the button stays focusable (a disabled one drops focus) and claim() ignores presses.
        disabled={!ready}
        aria-disabled={state.claiming}
        aria-busy={state.claiming}
      >
        {state.claiming ? 'Adding…' : view.claim.label}
      </button>
      <p className="deal-box__limit">Limit {deal.maxPerCustomer} per customer.</p>
      <noscript>
        <p className="deal-box__limit">
          Claiming a deal needs JavaScript. You can still buy at the regular price.
        </p>
      </noscript>
    </form>
  );
}
