import type { RefObject } from 'react';
import type { DealMachineState } from '../../../domain/deals/deal-machine';
import type { DealView } from '../../../domain/deals/deal-view';
import { useIsClient } from '../../ui/use-is-client';
import { whileBusy } from '../../ui/while-busy';
import { AppOnlyPrompt } from './deal-app-prompt';
import { DealClaimForm } from './deal-claim-form';
import { DealMessages, DealPrimeNotes } from './deal-messages';
import { DealCountdowns, DealHoldTimer, DealProgress } from './deal-timers';
import type { useDealWarranty } from './use-deal-warranty';

/** The deal's offer: its messages, timers, Prime notes, progress and the claim form. */
export function DealOffer({
  asin,
  signedIn,
  regularPrice,
  view,
  state,
  quantity,
  onQuantity,
  onClaim,
  messageRef,
  plan,
}: {
  plan: ReturnType<typeof useDealWarranty>;
  asin: string;
  signedIn: boolean;
  regularPrice: string | null;
  view: DealView;
  state: DealMachineState;
  quantity: number;
  onQuantity: (quantity: number) => void;
  onClaim: () => void;
  messageRef: RefObject<HTMLDivElement | null>;
}) {
  const ready = useIsClient();
  return (
    <div className="deal-box" data-deal-ready={ready ? 'true' : undefined}>
      <DealMessages view={view} deal={state.deal} plan={plan} messageRef={messageRef} />
      <DealHoldTimer view={view} />
      {plan.warranty && view.header === 'in-cart' && plan.status !== 'added' ? (
        <button
          type="button"
          className="button button--secondary button--wide"
          {...whileBusy(plan.status === 'adding')}
          aria-busy={plan.status === 'adding'}
          onClick={() => void plan.addNow()}
        >
          {`Add ${plan.warranty.title} for ${plan.warranty.price.displayString}`}
        </button>
      ) : null}
      <DealPrimeNotes view={view} asin={asin} signedIn={signedIn} regularPrice={regularPrice} />
      <DealCountdowns view={view} />
      <DealProgress view={view} />
      {view.appOnly ? <AppOnlyPrompt prompt={view.appOnly} /> : null}
      <DealClaimForm
        view={view}
        state={state}
        quantity={quantity}
        onQuantity={onQuantity}
        onClaim={onClaim}
        plan={plan}
      />
    </div>
  );
}
