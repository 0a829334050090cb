import { z } from 'zod';
import {
  CLAIM_CUSTOMER_STATES,
  CLAIM_DEAL_ASIN_STATES,
  DEAL_ACCESS_BEHAVIORS,
  DEAL_CUSTOMER_STATES,
  DEAL_STATES,
  DEAL_TYPES,
} from '../deal-constants';
import { errorResponse, price } from './common';
import { refTag } from './logging';

// Lightning deals (S1 §3, §7, §8). Times are epoch milliseconds on the server's clock; the page
// counts down from `systemTime`, never from the browser's clock alone.

/** Deal details (DEAL-005, DEAL-006). `startTime` is the start that applies to this shopper (decision 0009). */
export const dealDetails = z
  .object({
    dealId: z.string(),
    type: z.enum(DEAL_TYPES),
    state: z.enum(DEAL_STATES),
    startTime: z.number().int(),
    endTime: z.number().int(),
    /** Absent for a deal open to everyone. */
    accessBehavior: z.enum(DEAL_ACCESS_BEHAVIORS).optional(),
    /** 0 unless accessBehavior is PRIME_EARLY_ACCESS. */
    earlyAccessDurationInMilliseconds: z.number().int().min(0),
    /** Whole percent of the deal's units claimed (held or ordered), 0..100. */
    percentClaimed: z.number().int().min(0).max(100),
    /** e.g. "30% claimed". */
    percentClaimedMessage: z.string(),
    /** The deal price and the regular price it is compared with. */
    dealPrice: price,
    basisPrice: price.optional(),
    savings: z.object({ percentage: z.number().int(), money: price }).optional(),
    /** At most this many units per customer over the whole deal. */
    maxPerCustomer: z.number().int().min(1),
    /** The shopper may see and claim it under the access rules (DEAL-023..026), whatever its state. */
    accessible: z.boolean(),
  })
  .meta({ id: 'DealDetails' });
export type DealDetails = z.infer<typeof dealDetails>;

/**
 * The caller's status on the deal (DEAL-007). IN_CART: units held in the cart until `expiryTime`.
 * PENDING_ADD_TO_CART: on the waitlist; units go to the cart (IN_CART) in order as holds expire,
 * until `expiryTime` (the deal's end). CLAIMED: held units were ordered. EXPIRED: the last hold ran out.
 */
export const dealCustomerStatus = z
  .object({
    state: z.enum(DEAL_CUSTOMER_STATES),
    /** Epoch ms; present for IN_CART and PENDING_ADD_TO_CART. */
    expiryTime: z.number().int().optional(),
    /** Units held (IN_CART), waited for (PENDING_ADD_TO_CART) or ordered (CLAIMED). */
    quantity: z.number().int().min(0),
    /** How many more units this shopper may claim now (0 when holding, waiting, or at the limit). */
    claimableQuantity: z.number().int().min(0),
    /** 1-based place on the waitlist while PENDING_ADD_TO_CART. */
    waitlistPosition: z.number().int().min(1).optional(),
  })
  .meta({ id: 'DealCustomerStatus' });
export type DealCustomerStatus = z.infer<typeof dealCustomerStatus>;

/** Call to action (DEAL-007): `canAddToCart` is the addToCart flag. Omitted while in cart or waiting. */
const dealCallToAction = z.object({
  addToCart: z.object({ data: z.object({ canAddToCart: z.boolean(), offerListingId: z.string() }) }),
});

/**
 * The LIGHTNING_DEAL entry of `entity.buyingOptions[]` in the product answer for
 * `?buyingOptionTypes=LIGHTNING_DEAL&offerListingId={id}` (DEAL-036). The answer is per shopper and
 * never cached; without LIGHTNING_DEAL in buyingOptionTypes, deal offers are left out.
 */
export const lightningDealBuyingOption = z
  .object({
    type: z.literal('LIGHTNING_DEAL'),
    offerListingId: z.string(),
    merchant: z.object({ merchantId: z.string(), name: z.string() }),
    dealDetails,
    dealCustomerStatus,
    callToAction: dealCallToAction.optional(),
  })
  .meta({ id: 'LightningDealBuyingOption' });
export type LightningDealBuyingOption = z.infer<typeof lightningDealBuyingOption>;

export const claimParams = z.object({
  marketplaceId: z.string().min(1).max(20),
  dealId: z.string().min(1).max(80),
});

/** `?ref=` carries the purchase tag (DEAL-034). */
export const claimQuery = z.object({ ref: refTag }).strict();

/** Claim body (DEAL-039). */
export const claimRequest = z
  .object({
    asin: z.string().min(1, 'asin must be a non-empty string').max(20),
    quantity: z.number().int('quantity must be an integer').min(1, 'quantity must be above 0').max(99),
    installmentsProgramId: z.string().min(1).max(100).optional(),
    devicePreRegistered: z.boolean().optional(),
  })
  .strict()
  .meta({ id: 'DealClaimRequest' });
export type ClaimRequest = z.infer<typeof claimRequest>;

/** Claim answer (DEAL-009, DEAL-039): short customer states. */
export const claimResponse = z
  .object({
    type: z.literal('deal.claim-and-add-to-cart/v1'),
    entity: z.object({
      customerState: z.enum(CLAIM_CUSTOMER_STATES),
      dealAsinState: z.enum(CLAIM_DEAL_ASIN_STATES),
      /** INCART: until the hold ends; PENDINGATC: until the deal ends. */
      msUntilExpiration: z.number().int().min(0),
      dealId: z.string(),
      asin: z.string(),
      quantity: z.number().int(),
      /** The cart line holding the units (INCART). */
      cartItemId: z.string().optional(),
      waitlistPosition: z.number().int().min(1).optional(),
    }),
  })
  .meta({ id: 'DealClaimResponse' });
export type ClaimResponse = z.infer<typeof claimResponse>;

/** Why a claim was refused. QUANTITY_LIMIT and the access reasons answer the quantity-restriction type. */
const CLAIM_REFUSALS = [
  'QUANTITY_LIMIT',
  'PRIME_ONLY',
  'PRIME_EARLY_ACCESS',
  'APP_ONLY',
  'NOT_STARTED',
  'ENDED',
  'NOT_FOUND',
] as const;
export type ClaimRefusal = (typeof CLAIM_REFUSALS)[number];

/**
 * A refused claim (DEAL-042, DEAL-044): the house error shape plus `type` and `entity.status` (the
 * HTTP status as a number, which the page records as the error code). Plain 400s for malformed
 * requests carry only `error`.
 */
export const claimErrorResponse = errorResponse
  .extend({
    type: z.string().optional(),
    entity: z
      .object({ status: z.number().int(), reason: z.enum(CLAIM_REFUSALS), message: z.string() })
      .optional(),
  })
  .meta({ id: 'DealClaimError' });
export type ClaimErrorResponse = z.infer<typeof claimErrorResponse>;

/**
 * Deal setup data the server renders into the product page data for a deal product (DEAL-008).
 * The page appends `{dealId}/claim-and-add-to-cart?ref={claimRefTag}` to `claimDealAapiEndpoint`.
 */
export const dealSetup = z
  .object({
    dealId: z.string(),
    asin: z.string(),
    /** The product endpoint, polled with `?buyingOptionTypes=LIGHTNING_DEAL&offerListingId=`. */
    aapiEndpoint: z.string(),
    offerListingId: z.string(),
    /** Ends with a slash: `/api/marketplaces/{marketplaceId}/deals/`. */
    claimDealAapiEndpoint: z.string(),
    cartCountAapiEndpoint: z.string(),
    cartAddItemsAapiEndpoint: z.string(),
    aapiCsrfToken: z.string(),
    languageOfPreference: z.string(),
    /** The server's clock at render time (epoch ms). */
    systemTime: z.number().int(),
    pollingIntervalMs: z.number().int().positive(),
    mobile: z.boolean(),
    app: z.boolean(),
    hasPrimeSavingsBenefit: z.boolean(),
    /** App-only deal seen outside the app: show the download button / learn-more message. */
    showAppOnlyDealCx: z.boolean(),
    /** The shopper's status at render time (long form). */
    itemCustomerState: z.enum(DEAL_CUSTOMER_STATES),
    /** The purchase tag to send as `?ref=` with a claim. */
    claimRefTag: z.string(),
    /** The deal as the product call would answer it now, so the box renders before the first poll. */
    initialBuyingOption: lightningDealBuyingOption,
    /** A protection plan offered with the deal (the warranty checkbox, DEAL-004). */
    warrantyOffer: z
      .object({
        asin: z.string(),
        offerListingId: z.string(),
        title: z.string(),
        price: price,
        /** The deal's units in the cart the plan does not cover yet (decision 0041), when it is there. */
        unitsToCover: z.number().int().min(1).optional(),
      })
      .optional(),
  })
  .meta({ id: 'DealSetup' });
export type DealSetup = z.infer<typeof dealSetup>;
