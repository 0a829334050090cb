import { useState } from 'react';
import { dealsUpsellForm, type WarrantyOffer } from '../../../domain/deals/deals-upsell';
import type { ClaimResponse, DealSetup } from '../../../shared/contracts/deals';
import { METRIC_SCHEMAS } from '../../../shared/metric-schemas';
import { addDealCartItems, addDealsUpsell } from '../../api/deals-api';
import { sendMetricEvents } from '../../api/metrics-client';

export type WarrantyStatus = 'idle' | 'adding' | 'added' | 'failed';

const WARRANTY_REF_TAG = 'dp_ld_warranty';

/**
 * The warranty checkbox (DEAL-004). Ticked before the claim, the plan follows the deal into the cart
 * through the cart API, tied to the deal's line; that add failing only records a metric and logs
 * (DEAL-045, DEAL-047), and the in-cart view offers the plan again. Added from there, it goes through
 * the deals upsell call, whose failure shows its own message (DEAL-048).
 */
export function useDealWarranty(options: {
  setup: DealSetup;
  warranty: WarrantyOffer | null;
  sessionId: string;
  onCartCount: (count: number) => void;
  /** The deal's units held in the cart now. */
  heldQuantity: number;
}) {
  const { setup, warranty, sessionId, onCartCount, heldQuantity } = options;
  const [chosen, setChosen] = useState(false);
  const [status, setStatus] = useState<WarrantyStatus>('idle');

  /** After a claim: the ticked plan goes in with the deal (the deals flow's cart add). */
  const afterClaim = async (claim: ClaimResponse['entity']) => {
    if (!warranty || !chosen || claim.customerState !== 'INCART' || !claim.cartItemId) return;
    setStatus('adding');
    const result = await addDealCartItems(
      setup,
      [
        {
          asin: warranty.asin,
          offerListingId: warranty.offerListingId,
          // The plan covers every unit claimed (decision 0041).
          quantity: Math.max(1, claim.quantity),
          additionalParameters: {
            itemAssociation: {
              associatedItemId: claim.cartItemId,
              renderType: 'renderAll',
              programType: 'AmazonProtect',
              deleteConstraint: { mutuallyInclusive: false },
            },
          },
        },
      ],
      WARRANTY_REF_TAG,
    );
    if (result.ok) {
      setStatus('added');
      onCartCount(result.answer.entity.count.entity.items);
      return;
    }
    setStatus('idle');
    console.warn(`deal warranty cart add failed with status ${result.status}`);
    sendMetricEvents([
      {
        schemaId: METRIC_SCHEMAS.dealCartAddFailure,
        producerId: 'pdp-deal-buy-box',
        data: { dealId: setup.dealId, asin: warranty.asin, status: result.status },
      },
    ]);
  };

  /** From the in-cart view: the plan alone, through the deals upsell call. */
  const addNow = async () => {
    if (!warranty || status === 'adding') return;
    const form = dealsUpsellForm({
      sessionId,
      csrfToken: setup.aapiCsrfToken,
      // The units not covered yet: those the server counted, else every unit held (decision 0041).
      items: [
        {
          asin: warranty.asin,
          offerListingId: warranty.offerListingId,
          quantity: Math.max(1, warranty.unitsToCover ?? heldQuantity),
        },
      ],
    });
    if (!form) return;
    setStatus('adding');
    const result = await addDealsUpsell(form);
    setStatus(result.ok ? 'added' : 'failed');
    if (result.ok) onCartCount(result.answer.cartQuantity);
  };

  return { warranty, chosen, setChosen, status, afterClaim, addNow };
}
