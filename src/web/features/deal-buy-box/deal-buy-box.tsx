import { type ReactNode, useEffect, useReducer, useRef, useState } from 'react';
import { dealPlatform } from '../../../domain/deals/deal-display';
import {
  claimErrorCode,
  type DealEvent,
  type DealMachineState,
  initialDealState,
  QUANTITY_RESTRICTION_ERROR_TYPE,
  snapshotFromBuyingOptions,
  transition,
} from '../../../domain/deals/deal-machine';
import { claimCall, DEFAULT_CLAIM_QUANTITY, dealView } from '../../../domain/deals/deal-view';
import type { WarrantyOffer } from '../../../domain/deals/deals-upsell';
import type { DealSetup } from '../../../shared/contracts/deals';
import type { DealState } from '../../../shared/deal-constants';
import { METRIC_SCHEMAS } from '../../../shared/metric-schemas';
import { claimDeal, fetchCartCount } from '../../api/deals-api';
import { sendMetricEvents } from '../../api/metrics-client';
import { DealAccordion, DealPrice } from './deal-accordion';
import { DealOffer } from './deal-offer';
import { useDealClock } from './use-deal-clock';
import { useDealPolling } from './use-deal-polling';
import { useDealWarranty } from './use-deal-warranty';

const PRODUCER = 'pdp-deal-buy-box';

type Action = { event: DealEvent; now: number };
const reduce = (state: DealMachineState, action: Action) => transition(state, action.event, action.now);

export type DealBuyBoxProps = {
  setup: DealSetup;
  /** The protection plan offered with the deal (the warranty checkbox), if any. */
  warranty?: WarrantyOffer | null;
  /** The public session id the legacy form call carries (verificationSessionID). */
  sessionId: string;
  /** The regular offer's buy box: with one, the deal is the first row of an accordion (DEAL-001). */
  children?: ReactNode;
  /** The regular offer's price, for its accordion row. */
  regularPrice?: string | null;
  /** Whether the shopper is signed in: a Prime-only deal then says what they can do instead of signing in. */
  signedIn?: boolean;
  onCartCount: (count: number) => void;
  /** After a successful claim (deal mode: the page then offers its accessories, ACC-010). */
  onClaimed?: () => void;
  /**
   * The deal's state as this box knows it now (it polls and counts down), null once the deal has ended
   * or gone: the page's price block follows it (decision 0016).
   */
  onDealState?: (state: DealState | null) => void;
};

/**
 * The lightning deal buy box (DEAL-001..004): an accordion row above the regular offer, or a
 * single-offer box when there is no other offer. It renders from the deal in the page data, then keeps
 * the deal current by polling, counts down on the server's clock, and claims through the claim call.
 */
export function DealBuyBox({
  setup,
  warranty = null,
  sessionId,
  children,
  regularPrice = null,
  signedIn = false,
  onCartCount,
  onClaimed,
  onDealState,
}: DealBuyBoxProps) {
  const [state, dispatch] = useReducer(reduce, setup, (s) =>
    initialDealState(snapshotFromBuyingOptions([s.initialBuyingOption])),
  );
  const liveState = state.unavailable || state.expired.end ? null : state.deal.state;
  useEffect(() => onDealState?.(liveState), [liveState, onDealState]);
  const platform = dealPlatform(setup);
  const { now, serverNow } = useDealClock(setup.systemTime, (at) =>
    dispatch({ event: { type: 'tick' }, now: at }),
  );
  const send = (event: DealEvent) => dispatch({ event, now: serverNow() });
  useDealPolling({
    setup,
    device: platform,
    polling: state.polling,
    refetchAt: state.refetchAt,
    serverNow,
    onRefetchStarted: () => send({ type: 'refetch-started' }),
    onFetched: (snapshot) => send({ type: 'deal-fetched', snapshot }),
  });
  const view = dealView(state, {
    now,
    platform,
    hasPrimeSavingsBenefit: setup.hasPrimeSavingsBenefit,
    showAppOnlyDealCx: setup.showAppOnlyDealCx,
  });
  const [quantity, setQuantity] = useState(DEFAULT_CLAIM_QUANTITY);
  const messageRef = useRef<HTMLDivElement>(null);
  const plan = useDealWarranty({
    setup,
    warranty,
    sessionId,
    onCartCount,
    heldQuantity: state.deal.customer.quantity,
  });

  // A second press before the next render must not send a second claim.
  const claimInFlight = useRef(false);
  const claim = async () => {
    if (claimInFlight.current || state.claiming) return;
    const call = claimCall({
      claimDealAapiEndpoint: setup.claimDealAapiEndpoint,
      dealId: state.deal.dealId,
      asin: setup.asin,
      refTag: setup.claimRefTag,
      quantity: view.claim?.quantities.includes(quantity) ? quantity : DEFAULT_CLAIM_QUANTITY,
    });
    // No claim goes out without its deal id, item id, purchase tag and quantity.
    if (!call) return;
    send({ type: 'claim-started' });
    claimInFlight.current = true;
    const result = await claimDeal(setup, platform, call.url, call.body).finally(() => {
      claimInFlight.current = false;
    });
    if (result.ok) {
      send({ type: 'claim-succeeded', response: result.answer.entity });
      messageRef.current?.focus();
      await plan.afterClaim(result.answer.entity);
      // DEAL-019: the header's cart count follows the claim; a failed count is ignored (DEAL-046).
      const count = await fetchCartCount(setup);
      if (count.ok) onCartCount(count.answer.entity.items);
      onClaimed?.();
      return;
    }
    const error = {
      type: result.refusal?.type ?? null,
      entityStatus: result.refusal?.entity?.status ?? null,
      httpStatus: result.status,
    };
    send({ type: 'claim-failed', error });
    // The limit takes the form away, so focus goes to the message; otherwise it stays on the button to retry.
    if (error.type === QUANTITY_RESTRICTION_ERROR_TYPE) messageRef.current?.focus();
    sendMetricEvents([
      {
        schemaId: METRIC_SCHEMAS.dealClaimError,
        producerId: PRODUCER,
        data: { dealId: state.deal.dealId, asin: setup.asin, errorCode: claimErrorCode(error) },
      },
    ]);
  };

  const details = setup.initialBuyingOption.dealDetails;
  const deal = (
    <DealOffer
      asin={setup.asin}
      signedIn={signedIn}
      regularPrice={children ? regularPrice : null}
      view={view}
      state={state}
      quantity={quantity}
      onQuantity={setQuantity}
      onClaim={() => void claim()}
      messageRef={messageRef}
      plan={plan}
    />
  );
  if (!children) {
    return (
      <section className="deal-buy-box deal-buy-box--single" aria-label="Lightning deal">
        <DealPrice details={details} />
        {deal}
      </section>
    );
  }
  return (
    <DealAccordion details={details} regularPrice={regularPrice} deal={deal}>
      {children}
    </DealAccordion>
  );
}
