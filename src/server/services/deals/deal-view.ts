import type { Kysely } from 'kysely';
import {
  claimableQuantity,
  claimRefusal,
  customerStateOf,
  dealAccessibleTo,
  dealStateAt,
  percentClaimedFor,
  percentClaimedMessage,
  type Shopper,
  startTimeFor,
} from '../../../domain/deals/deal-access';
import { savingsPercent } from '../../../domain/pricing/quantity-pricing';
import type { DealSetup, LightningDealBuyingOption } from '../../../shared/contracts/deals';
import type { ProductResponse } from '../../../shared/contracts/products';
import {
  DEAL_CLAIM_REF_TAG,
  DEAL_POLLING_INTERVAL_MS,
  type DealAccessBehavior,
  type DealType,
  type DeviceType,
} from '../../../shared/deal-constants';
import type { Marketplace } from '../../../shared/marketplaces';
import { toPrice } from '../../../shared/money/price-format';
import { type CartOwner, planCoverage } from '../../db/repositories/cart-repository';
import {
  type DealWithOffer,
  dealActivity,
  findClaim,
  findCurrentDeals,
  findDealByOffer,
  waitlistPosition,
} from '../../db/repositories/deal-repository';
import { findProductWithOffers } from '../../db/repositories/product-repository';
import type { Database } from '../../db/schema';
import { settleDeal, storedClaimOf, termsOf } from './claim-deal';

type Db = Kysely<Database>;

export type DealViewer = { owner: CartOwner; shopper: Shopper; device: DeviceType; now: number };

/**
 * The LIGHTNING_DEAL buying option as this shopper sees it now (DEAL-036), after bringing the deal up
 * to date; undefined once the deal is over (the page then shows "deal unavailable", DEAL-017).
 */
async function dealBuyingOption(
  db: Db,
  stored: DealWithOffer,
  marketplace: Marketplace,
  viewer: DealViewer,
): Promise<LightningDealBuyingOption | undefined> {
  const { now, shopper } = viewer;
  const deal = (await settleDeal(db, stored, now)) ?? stored;
  const terms = termsOf(deal);
  // The same waitlist rule the claim follows (decision 0016): while shoppers wait, the deal is full to others.
  const queue = { shoppersWaiting: (await dealActivity(db, deal.id, now)).waiting };
  const state = dealStateAt(terms, shopper, now, queue);
  if (state === null) return undefined;
  const claim = await findClaim(db, { dealId: deal.id, owner: viewer.owner });
  const stored_ = storedClaimOf(claim);
  const customer = customerStateOf(stored_, now);
  const claimable = claimableQuantity(terms, stored_, now);
  const percent = percentClaimedFor(terms, queue);
  const money = (minor: number) => toPrice(minor, deal.currency_code, marketplace.priceFormat);
  const saving = savingsPercent(deal.price_minor, deal.list_price_minor);
  const canClaim =
    state === 'AVAILABLE' &&
    claimable > 0 &&
    claimRefusal({
      deal: terms,
      shopper,
      device: viewer.device,
      quantity: 1,
      customerUnits: claim?.ordered_units ?? 0,
      now,
    }) === null;
  const waiting = customer.state === 'PENDING_ADD_TO_CART';
  return {
    type: 'LIGHTNING_DEAL',
    offerListingId: deal.offer_id,
    merchant: { merchantId: deal.merchant_id, name: deal.merchant_name },
    dealDetails: {
      dealId: deal.id,
      type: deal.deal_type as DealType,
      state,
      startTime: startTimeFor(terms, shopper),
      endTime: deal.end_time,
      ...(deal.access_behavior ? { accessBehavior: deal.access_behavior as DealAccessBehavior } : {}),
      earlyAccessDurationInMilliseconds:
        deal.access_behavior === 'PRIME_EARLY_ACCESS' ? deal.early_access_ms : 0,
      percentClaimed: percent,
      percentClaimedMessage: percentClaimedMessage(percent),
      dealPrice: money(deal.price_minor),
      ...(deal.list_price_minor ? { basisPrice: money(deal.list_price_minor) } : {}),
      ...(saving > 0 && deal.list_price_minor
        ? { savings: { percentage: saving, money: money(deal.list_price_minor - deal.price_minor) } }
        : {}),
      maxPerCustomer: deal.max_per_customer,
      accessible: dealAccessibleTo(terms, shopper, now),
    },
    dealCustomerStatus: {
      state: customer.state,
      ...(customer.expiryTime !== undefined ? { expiryTime: customer.expiryTime } : {}),
      quantity: customer.quantity,
      claimableQuantity: claimable,
      ...(waiting && claim
        ? { waitlistPosition: waitlistPosition(claim.waitlist_ticket ?? 0, deal.waitlist_served) }
        : {}),
    },
    ...(customer.state === 'IN_CART' || waiting
      ? {}
      : { callToAction: { addToCart: { data: { canAddToCart: canClaim, offerListingId: deal.offer_id } } } }),
  };
}

/**
 * The product answer for a caller that asked for LIGHTNING_DEAL: each deal option gets its details and
 * the caller's status; deal options whose deal is over (or that have none) are left out.
 */
export async function withDealDetails(
  db: Db,
  body: ProductResponse,
  marketplace: Marketplace,
  viewer: DealViewer,
): Promise<ProductResponse> {
  const buyingOptions = [];
  for (const option of body.entity.buyingOptions) {
    if (option.type !== 'LIGHTNING_DEAL') {
      buyingOptions.push(option);
      continue;
    }
    const deal = await findDealByOffer(db, option.offerListingId);
    const view = deal ? await dealBuyingOption(db, deal, marketplace, viewer) : undefined;
    if (view) buyingOptions.push(view);
  }
  return { ...body, entity: { ...body.entity, buyingOptions } };
}

/** Deal setup data for the product page (DEAL-008), when the product has a deal not yet over. */
export async function dealSetupFor(
  db: Db,
  input: {
    asin: string;
    marketplace: Marketplace;
    viewer: DealViewer;
    csrfToken: string;
    app: boolean;
    mobile: boolean;
    /** The catalog's protection plan for this product, offered with the deal (DEAL-004); read only for a deal. */
    protectionPlanAsin?: () => Promise<string | undefined>;
  },
): Promise<DealSetup | null> {
  const { marketplace, viewer } = input;
  const [deal] = await findCurrentDeals(db, input.asin, marketplace.marketplaceId, viewer.now);
  if (!deal) return null;
  const option = await dealBuyingOption(db, deal, marketplace, viewer);
  if (!option) return null;
  const base = `/api/marketplaces/${marketplace.marketplaceId}`;
  const planAsin = await input.protectionPlanAsin?.();
  // A deal already in the cart with every unit covered by the plan is not offered the plan again; one
  // partly covered is offered it for the units left (decision 0041).
  const uncovered = planAsin ? await dealUnitsUncovered(db, deal.id, viewer, planAsin) : 0;
  const plan = planAsin && uncovered !== 0 ? await protectionPlanOffer(db, planAsin, marketplace) : undefined;
  const warrantyOffer = plan && uncovered !== null ? { ...plan, unitsToCover: uncovered } : plan;
  return {
    dealId: deal.id,
    asin: input.asin,
    aapiEndpoint: `${base}/products/${input.asin}`,
    offerListingId: deal.offer_id,
    claimDealAapiEndpoint: `${base}/deals/`,
    cartCountAapiEndpoint: `${base}/cart/count`,
    cartAddItemsAapiEndpoint: `${base}/cart/carts/retail/items`,
    aapiCsrfToken: input.csrfToken,
    languageOfPreference: marketplace.language,
    systemTime: viewer.now,
    pollingIntervalMs: DEAL_POLLING_INTERVAL_MS,
    mobile: input.mobile,
    app: input.app,
    hasPrimeSavingsBenefit: viewer.shopper.hasPrimeSavingsBenefit,
    showAppOnlyDealCx: deal.access_behavior === 'APP_ONLY_LD' && !input.app,
    itemCustomerState: option.dealCustomerStatus.state,
    claimRefTag: DEAL_CLAIM_REF_TAG,
    initialBuyingOption: option,
    ...(warrantyOffer ? { warrantyOffer } : {}),
  };
}

/** The units of the shopper's deal line in the cart the plan does not cover; null when no deal line is there. */
async function dealUnitsUncovered(
  db: Db,
  dealId: string,
  viewer: DealViewer,
  planAsin: string,
): Promise<number | null> {
  const claim = await findClaim(db, { dealId, owner: viewer.owner });
  if (!claim?.cart_item_id) return null;
  const coverage = await planCoverage(db, claim.cart_item_id, planAsin);
  return coverage ? Math.max(0, coverage.deviceUnits - coverage.coveredUnits) : null;
}

/** The protection plan's buyable offer as the warranty checkbox shows it; none when it cannot be bought. */
async function protectionPlanOffer(
  db: Db,
  asin: string,
  marketplace: Marketplace,
): Promise<DealSetup['warrantyOffer'] | undefined> {
  const found = await findProductWithOffers(db, asin, marketplace.marketplaceId);
  const offer = found?.offers.find((o) => o.buyable === 1 && o.stock > 0);
  if (!found || !offer) return undefined;
  return {
    asin,
    offerListingId: offer.id,
    title: found.product.title,
    price: toPrice(offer.price_minor, offer.currency_code, marketplace.priceFormat),
  };
}
