import { z } from 'zod';
import {
  APPRAISAL_CHOICES,
  GIFT_CARD_LEDGER_REASONS,
  PAYMENT_PREFERENCES,
  REFINEMENT_PRESENTATIONS,
  REFINEMENT_STEPS,
  SEARCH_STYLES,
  TRADE_IN_CONDITIONS,
  TRADE_IN_DEVICE_TYPES,
  TRADE_IN_PRODUCT_GROUPS,
  TRADE_IN_STATES,
  TRADE_IN_TITLES,
  TRADE_IN_WARNINGS,
} from '../trade-in-constants';
import { asin } from './common';

// The trade-in's calls under /tradein/hzw/ (S2 §7; the calls the spec leaves out: decision 0052). Calls the spec
// gives as HTML answer the view's data as JSON (decision 0052): every view has a `view` discriminator. Money is
// in integer minor units with the string the page shows beside it.

const productGroup = z.enum(TRADE_IN_PRODUCT_GROUPS).meta({ description: 'The product group (TI-012)' });
const deviceType = z.enum(TRADE_IN_DEVICE_TYPES).default('web');
const refTag = z.string().max(64).optional();
const minor = z.number().int().meta({ description: 'Integer minor units of the currency' });
/** A device id of the trade-in catalog: ASIN-like, 10 characters. */
const deviceId = asin;
const text = (max: number) => z.string().trim().min(1).max(max);

const tradeInCondition = z
  .enum(TRADE_IN_CONDITIONS)
  .meta({ id: 'TradeInCondition', description: 'TI-009: a condition key' });

/** An amount of money: integer minor units and the string the page shows. */
export const tradeInMoney = z
  .object({ minor, currencyCode: z.string(), displayString: z.string() })
  .meta({ id: 'TradeInMoney' });
export type TradeInMoney = z.infer<typeof tradeInMoney>;

/** TI-008: the trade-in value (`tiv`, minor units) of one condition. */
const conditionOffer = z.object({ tiv: minor.nonnegative(), displayString: z.string() });
export type ConditionOffer = z.infer<typeof conditionOffer>;

/** TI-008: an offer for every condition of TI-009 (the offer shows the value of every grade). */
const conditionOfferMap = z
  .object(
    Object.fromEntries(TRADE_IN_CONDITIONS.map((c) => [c, conditionOffer])) as Record<
      (typeof TRADE_IN_CONDITIONS)[number],
      typeof conditionOffer
    >,
  )
  .meta({ id: 'ConditionOfferMap', description: 'Every condition key → its trade-in value' });
export type ConditionOfferMap = z.infer<typeof conditionOfferMap>;

/** TI-010: where devices are sent. */
const processorAddress = z
  .object({
    fullName: z.string(),
    line1: z.string(),
    line2: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    countryCode: z.string(),
  })
  .meta({ id: 'ProcessorAddress' });
export type ProcessorAddress = z.infer<typeof processorAddress>;

/** A tradeable device of the trade-in catalog (TI-008). */
const tradeInDevice = z
  .object({
    asin: z.string(),
    title: z.string(),
    brand: z.string(),
    model: z.string(),
    productGroup,
    refinements: z.object({ carrier: z.string().optional(), storage: z.string().optional() }),
    tradeInItemType: z.string(),
    hazmat: z.boolean(),
    /** Whether its credit can be paid at submit (`PAID_NOW`). */
    payableNow: z.boolean(),
    imageUrl: z.string().nullable(),
    currencyCode: z.string(),
    conditionOfferMap,
  })
  .meta({ id: 'TradeInDevice' });
export type TradeInDevice = z.infer<typeof tradeInDevice>;

/** A device the shopper owns (past purchases of `gl_digital_products_3` and others). */
const pastPurchase = tradeInDevice.extend({ purchasedAt: z.string() }).meta({ id: 'TradeInPastPurchase' });
export type PastPurchase = z.infer<typeof pastPurchase>;

/** TI-007: the widget state, echoed back by the views it applies to. */
const widgetState = z.object({
  productGroup,
  deviceType: z.enum(TRADE_IN_DEVICE_TYPES),
  title: z.enum(TRADE_IN_TITLES),
  asin: z.string().nullable(),
  /** The buying price of the product on the page, in minor units. */
  buyingPrice: minor.nullable(),
  selectedAsin: z.string().nullable(),
  autoSearchTerm: z.string().nullable(),
});
export type WidgetState = z.infer<typeof widgetState>;

// ——— Queries and bodies ———

/** TI-022: `GET recordRefTag?ref_&deviceType`. */
export const recordRefTagQuery = z.object({
  ref_: z.string().min(1).max(64),
  deviceType: z.enum(TRADE_IN_DEVICE_TYPES).optional(),
});

/** The widget state as query parameters (TI-007, TI-023). `currentAsin` is the widget's `asin`. */
const widgetQuery = {
  deviceType,
  productGroup,
  ref_: refTag,
  currentAsin: asin.optional(),
  buyingPrice: z.coerce.number().int().nonnegative().max(100_000_000).optional(),
  selectedAsin: asin.optional(),
  autoSearchTerm: z.string().max(100).optional(),
  title: z.enum(TRADE_IN_TITLES).default('tanookiTitle'),
};

/** TI-023: `GET getCustomerItems`. */
export const customerItemsQuery = z.object(widgetQuery);

/** TI-033..036: `GET search` (q defaults to the alias `ereaders`). */
export const searchQuery = z.object({
  ...widgetQuery,
  q: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  style: z.enum(SEARCH_STYLES).default('classic'),
});

/** TI-024: `GET wirelessTradeInSearchRefinements`, with the choices made so far to step in. */
export const refinementsQuery = z.object({
  ...widgetQuery,
  brand: z.string().max(60).optional(),
  model: z.string().max(60).optional(),
  carrier: z.string().max(60).optional(),
});

/** TI-025: `GET generalerror?ref_`. */
export const generalErrorQuery = z.object({ ref_: refTag });

/** `GET questions?asin&productGroup`: the questionnaire of a device. */
export const questionsQuery = z.object({
  asin: deviceId,
  productGroup,
  deviceType: z.enum(TRADE_IN_DEVICE_TYPES).optional(),
});

/**
 * `POST cart/add`: a device and the answers (question id → answer id). A form body sends `answers` as JSON text
 * or one `answer.<questionId>` field per question.
 */
export const cartAddBody = z.object({
  asin: deviceId,
  answers: z.record(text(40), text(40)),
  /** TI-017: the shopper took the optional appraisal. */
  appraisal: z.boolean().optional(),
});
export type CartAddBody = z.infer<typeof cartAddBody>;

/** `POST cart/remove`. */
export const cartRemoveBody = z.object({ itemId: text(80) });

/** `POST submit`: the cart as reviewed. */
export const submitBody = z.object({});

/** `POST tradeins/{id}/appraisal`: the shopper's choice for the items found worse (one item, or all of them). */
export const appraisalBody = z.object({
  choice: z.enum(APPRAISAL_CHOICES),
  itemId: text(80).optional(),
});
export type AppraisalBody = z.infer<typeof appraisalBody>;

export const tradeInParams = z.object({ id: text(80) });

/** `GET dropOffLocations?postalCode`. */
export const dropOffLocationsQuery = z.object({ postalCode: text(12) });

// ——— Views ———

/** TI-023: the eligible list: past purchases first, then the group's tradeable devices. */
export const eligibleListView = widgetState
  .extend({
    view: z.literal('eligibleList'),
    pastPurchases: z.array(pastPurchase),
    devices: z.array(tradeInDevice),
    /** TI-013: only `gl_wireless`. */
    showCreditCardCard: z.boolean(),
    /** TI-036: the alias a search starts with. */
    searchAlias: z.string(),
  })
  .meta({ id: 'TradeInEligibleListView' });
export type EligibleListView = z.infer<typeof eligibleListView>;

/** TI-033..035: a page of search results. */
export const searchResultsView = widgetState
  .extend({
    view: z.literal('searchResults'),
    q: z.string(),
    style: z.enum(SEARCH_STYLES),
    items: z.array(tradeInDevice),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** TI-035: 3 on desktop, 2 on phones. */
    rowSize: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'TradeInSearchResultsView' });
export type SearchResultsView = z.infer<typeof searchResultsView>;

const refinementOption = z.object({
  value: z.string(),
  label: z.string(),
  imageUrl: z.string().optional(),
});

/** TI-005, TI-024: one step of the wireless refinements; `item` once the choice names one device. */
export const refinementSelectionView = widgetState
  .extend({
    view: z.literal('refinementSelection'),
    step: z.enum(REFINEMENT_STEPS),
    presentation: z.enum(REFINEMENT_PRESENTATIONS),
    chosen: z.object({
      brand: z.string().optional(),
      model: z.string().optional(),
      carrier: z.string().optional(),
    }),
    options: z.array(refinementOption),
    item: tradeInDevice.nullable(),
  })
  .meta({ id: 'TradeInRefinementSelectionView' });
export type RefinementSelectionView = z.infer<typeof refinementSelectionView>;

const questionnaireQuestion = z.object({
  id: z.string(),
  text: z.string(),
  answers: z.array(z.object({ id: z.string(), label: z.string() })),
});

/** TI-008, TI-017: the questions about a device, with its offer for every condition. */
export const conditionQuestionnaireView = z
  .object({
    view: z.literal('conditionQuestionnaire'),
    productGroup,
    item: tradeInDevice,
    tradeInItemType: z.string(),
    questions: z.array(questionnaireQuestion),
    /** TI-017: the group offers the optional appraisal (accept or decline). */
    appraisalOptional: z.boolean(),
  })
  .meta({ id: 'TradeInConditionQuestionnaireView' });
export type ConditionQuestionnaireView = z.infer<typeof conditionQuestionnaireView>;

/** An answer given, beside the question it answers. */
const givenAnswer = z.object({
  questionId: z.string(),
  question: z.string(),
  answerId: z.string(),
  answer: z.string(),
});

/** TI-019: a warning of S2 §4 with its message. */
const tradeInWarning = z.object({ code: z.enum(TRADE_IN_WARNINGS), message: z.string() });
export type TradeInWarning = z.infer<typeof tradeInWarning>;

const tradeInCartItem = z.object({
  itemId: z.string(),
  asin: z.string(),
  title: z.string(),
  productGroup,
  tradeInItemType: z.string(),
  imageUrl: z.string().nullable(),
  answers: z.array(givenAnswer),
  /** The condition the answers map to. */
  condition: tradeInCondition,
  /** The value of that condition, held with the quote. */
  value: tradeInMoney,
  /** The value of every grade. */
  conditionOfferMap,
  /** TI-018: payable at submit. */
  paidNow: z.boolean(),
  hazmat: z.boolean(),
  appraisal: z.boolean(),
});
export type TradeInCartItem = z.infer<typeof tradeInCartItem>;

/** When the quote was made and how long its values hold (14 days). */
const tradeInQuote = z.object({ quotedAt: z.string(), holdsUntil: z.string() });

const cartFields = {
  items: z.array(tradeInCartItem),
  maxItems: z.number().int(),
  total: tradeInMoney,
  paidNowTotal: tradeInMoney,
  paidLaterTotal: tradeInMoney,
  warnings: z.array(tradeInWarning),
  quote: tradeInQuote.nullable(),
};

/** The trade-in cart (`GET cart`, `POST cart/remove`). */
export const tradeInCartView = z
  .object({ view: z.literal('tradeInCart'), ...cartFields })
  .meta({ id: 'TradeInCartView' });
export type TradeInCartView = z.infer<typeof tradeInCartView>;

/** The confirmation after `POST cart/add`: the cart with the item just added marked. */
export const selectedItemsView = z
  .object({ view: z.literal('selectedItems'), ...cartFields, justAdded: z.string() })
  .meta({ id: 'TradeInSelectedItemsView' });
export type SelectedItemsView = z.infer<typeof selectedItemsView>;

/** TI-018: the payment preference of a trade-in and what is paid when. */
const paymentSplit = z.object({
  paymentPreference: z.enum([...PAYMENT_PREFERENCES, 'mixed']),
  paidNow: tradeInMoney,
  paidLater: tradeInMoney,
});

/** Review your order (`GET review`). */
export const reviewOrderView = z
  .object({
    view: z.literal('reviewOrder'),
    items: z.array(tradeInCartItem),
    total: tradeInMoney,
    ...paymentSplit.shape,
    processorAddress,
    holdsUntil: z.string(),
    warnings: z.array(tradeInWarning),
    /** False while a warning blocks the submit. */
    canSubmit: z.boolean(),
  })
  .meta({ id: 'TradeInReviewOrderView' });
export type ReviewOrderView = z.infer<typeof reviewOrderView>;

const dropOffLocation = z
  .object({
    id: z.string(),
    name: z.string(),
    line1: z.string(),
    city: z.string(),
    postalCode: z.string(),
    hours: z.string(),
  })
  .meta({ id: 'TradeInDropOffLocation' });

/** After `POST submit`. */
export const successView = z
  .object({
    view: z.literal('success'),
    tradeInId: z.string(),
    state: z.enum(TRADE_IN_STATES),
    paymentPreference: paymentSplit.shape.paymentPreference,
    creditedNow: tradeInMoney,
    creditedLater: tradeInMoney,
    holdsUntil: z.string(),
    shippingLabel: z.object({ tradeInId: z.string(), processorAddress }),
    dropOffLocations: z.array(dropOffLocation),
  })
  .meta({ id: 'TradeInSuccessView' });
export type SuccessView = z.infer<typeof successView>;

/** TI-025, TI-026: the general error view. */
export const generalErrorView = z
  .object({ view: z.literal('generalError'), message: z.string() })
  .meta({ id: 'TradeInGeneralErrorView' });
export type GeneralErrorView = z.infer<typeof generalErrorView>;

// ——— The account ———

const tradeInSummary = z.object({
  tradeInId: z.string(),
  state: z.enum(TRADE_IN_STATES),
  submittedAt: z.string().nullable(),
  holdsUntil: z.string(),
  itemCount: z.number().int(),
  ...paymentSplit.shape,
  quotedTotal: tradeInMoney,
  /** What the trade-in has credited so far, net of reversals. */
  creditedTotal: tradeInMoney,
  /** Credit taken back that the balance could not cover (decision 0053). */
  debt: tradeInMoney,
  /** The shopper is asked to accept or return a device found worse. */
  awaitingChoice: z.boolean(),
});

/** `GET tradeins`: the shopper's trade-ins, newest first. */
export const tradeInList = z.object({ tradeIns: z.array(tradeInSummary) }).meta({ id: 'TradeInList' });
export type TradeInList = z.infer<typeof tradeInList>;

/** One answer beside what the processor found. */
const appraisalLine = z.object({
  questionId: z.string(),
  question: z.string(),
  answered: z.string(),
  found: z.string().nullable(),
});

const tradeInDetailItem = z.object({
  itemId: z.string(),
  asin: z.string(),
  title: z.string(),
  conditionQuoted: tradeInCondition,
  conditionFound: tradeInCondition.nullable(),
  valueQuoted: tradeInMoney,
  valueFound: tradeInMoney.nullable(),
  paidNow: z.boolean(),
  /** The item's own state: awaiting a choice, accepted, returned or credited. */
  state: z.enum(['pending', 'awaitingChoice', 'credited', 'returned']),
  appraisal: z.array(appraisalLine),
});

/** `GET tradeins/{id}` (and the answer of `POST tradeins/{id}/appraisal`). */
export const tradeInDetail = tradeInSummary
  .extend({
    items: z.array(tradeInDetailItem),
    processorAddress,
    appraisalChoices: z.array(z.enum(APPRAISAL_CHOICES)),
  })
  .meta({ id: 'TradeInDetail' });
export type TradeInDetail = z.infer<typeof tradeInDetail>;

/** `GET dropOffLocations`. */
export const dropOffLocationsView = z
  .object({ postalCode: z.string(), locations: z.array(dropOffLocation) })
  .meta({ id: 'TradeInDropOffLocations' });
export type DropOffLocationsView = z.infer<typeof dropOffLocationsView>;

/** `GET balance`: the gift-card balance and its ledger, newest first. */
export const giftCardBalance = z
  .object({
    balance: tradeInMoney,
    entries: z.array(
      z.object({
        id: z.string(),
        amount: tradeInMoney,
        reason: z.enum(GIFT_CARD_LEDGER_REASONS),
        tradeInId: z.string().nullable(),
        orderId: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
  })
  .meta({ id: 'GiftCardBalance' });
export type GiftCardBalance = z.infer<typeof giftCardBalance>;

/** The product page's trade-in launch: a product whose feature names a trade-in product group. */
export const tradeInLaunch = z.object({ productGroup });
export type TradeInLaunch = z.infer<typeof tradeInLaunch>;

/**
 * `GET offer?asin&condition`: a device's offer for one condition beside every grade (decision 0052). The
 * condition is any string here so that an invalid key reaches the server's check, which logs it (TI-028).
 */
export const offerQuery = z.object({ asin: deviceId, condition: z.string().max(40) });

export const offerView = z
  .object({
    asin: z.string(),
    condition: tradeInCondition,
    tiv: minor,
    value: tradeInMoney,
    conditionOfferMap,
  })
  .meta({ id: 'TradeInOffer' });
export type OfferView = z.infer<typeof offerView>;
