import { z } from 'zod';
import { FRESH_ERROR_CODES } from '../grocery-constants';
import { errorResponse, price } from './common';
import { refTag } from './logging';
import { repeatItemView } from './repeat-delivery';

// Grocery: the fresh (UFG) cart, fresh orders, conflicts, the store sheet and the delivery address (S2 §3, §7).

const asin = z.string().regex(/^[A-Z0-9]{10}$/, 'must be a 10-character ASIN (A-Z, 0-9)');
const code = z.string().regex(/^[A-Z0-9_-]{1,40}$/, 'may hold A-Z, 0-9, _ and - only (1-40)');
const text = (max: number) => z.string().max(max);

/** GRO-004: the grocery add payload (and, with `additionalInput`, the fresh slider's, SL-015). */
export const freshAddRequest = z
  .object({
    clientID: text(80).min(1),
    asin,
    storeId: code,
    brandId: code,
    quantity: z.number().int().min(0).max(999),
    amountInUom: z.number().min(0).max(9999).optional(),
    qsUID: text(80).optional(),
    sessionID: text(80).min(1),
    setQuantityFlag: z.boolean().default(false),
    isStepperFlag: z.boolean().default(false),
    prevSelectedQty: z.number().int().min(0).max(999).optional(),
    additionalParams: z
      .object({
        csrfToken: text(200).optional(),
        shouldRenderSIS: z.boolean().optional(),
        sisDeliveryMessage: text(200).optional(),
      })
      .strict()
      .optional(),
    reftag: refTag.optional(),
    queryLogInfoParams: text(500).optional(),
    offerListingDiscriminator: text(80).min(1),
    additionalInput: z.object({ storeId: code }).strict().optional(),
  })
  .strict()
  .meta({ id: 'FreshAddRequest' });
export type FreshAddRequest = z.input<typeof freshAddRequest>;
/** The add as the server reads it, defaults applied. */
export type FreshAddBody = z.output<typeof freshAddRequest>;

/** GRO-017/024: the query the page copies onto a fresh add (`discoveredAsins.N` are ASINs). */
export const freshAddQuery = z
  .object({
    ref_: refTag.optional(),
    queryLogInfoParams: text(500).optional(),
    almBrandId: code.optional(),
    gsc: text(40).optional(),
  })
  .catchall(text(40))
  .superRefine((query, ctx) => {
    for (const [key, value] of Object.entries(query)) {
      if (['ref_', 'queryLogInfoParams', 'almBrandId', 'gsc'].includes(key)) continue;
      if (!/^discoveredAsins\.\d{1,2}$/.test(key)) {
        ctx.addIssue({ code: 'custom', message: `unknown query parameter ${key}`, path: [key] });
      } else if (typeof value !== 'string' || !/^[A-Z0-9]{10}$/.test(value)) {
        ctx.addIssue({ code: 'custom', message: `${key} must be an ASIN`, path: [key] });
      }
    }
  });

/** GRO-005: one line of the fresh cart (or fresh order) in an answer. */
const freshCartItem = z.object({
  ASIN: z.string(),
  itemId: z.string(),
  quantity: z.number().int(),
  amountInCart: z.number(),
  storeId: z.string(),
  /** A weighed line's weight in its unit of measure (decision 0047). */
  amountInUom: z.number().optional(),
});

const clientResponseModel = z.object({
  items: z.array(freshCartItem),
  uberCartStatus: z.object({ errorStatusCode: z.enum(FRESH_ERROR_CODES).nullable() }),
});

/** GRO-005: header, message and footer, each HTML the server rendered from the page's modal. */
const errorModalHtml = z
  .object({ header: z.string(), errorMessage: z.string(), footer: z.string() })
  .meta({ id: 'ErrorModalHtml' });
export type ErrorModalHtml = z.infer<typeof errorModalHtml>;

/** GRO-005: a fresh add's answer (cart, order or multi add). */
export const freshAddResponse = z
  .object({
    clientResponseModel,
    refreshGlowLabel: z.boolean(),
    storefrontUrl: z.string().nullable(),
    shouldRedirectToOgs: z.boolean(),
    ogsUrl: z.string().nullable(),
    storeIntroductionSheetHtml: z.string().nullable(),
    errorModalHtml: errorModalHtml.nullable(),
    /** Units in the fresh cart after the add. */
    cartCount: z.number().int(),
  })
  .meta({ id: 'FreshAddResponse' });
export type FreshAddResponse = z.infer<typeof freshAddResponse>;

/**
 * GRO-029: a refused add: the house error, the server's modal and the cart as it stands (GRO-030). A
 * request the schema refuses gets the house error alone (and the page its generic modal).
 */
export const freshAddError = errorResponse
  .extend({ errorModalHtml: errorModalHtml.optional(), clientResponseModel: clientResponseModel.optional() })
  .meta({ id: 'FreshAddError' });
export type FreshAddError = z.infer<typeof freshAddError>;

/** GRO-024: several fresh items with one press. */
export const freshMultiAddRequest = z
  .object({
    clientID: text(80).min(1),
    sessionID: text(80).min(1),
    storeId: code,
    brandId: code,
    items: z
      .array(
        z
          .object({
            asin,
            quantity: z.number().int().min(1).max(99),
            offerListingDiscriminator: text(80).min(1),
          })
          .strict(),
      )
      .min(1, 'items must hold at least one item')
      .max(10),
    additionalParams: z
      .object({ csrfToken: text(200).optional() })
      .strict()
      .optional(),
    reftag: refTag.optional(),
  })
  .strict()
  .meta({ id: 'FreshMultiAddRequest' });
export type FreshMultiAddRequest = z.input<typeof freshMultiAddRequest>;

/** GRO-019: the fresh order call's query: the CSRF token rides here. */
export const freshOrderQuery = z.object({ csrf: text(200).optional() }).strict();
/** The purchase tag of the fresh order call's `ref=` path suffix. */
export const freshOrderRefTagParams = z.object({ reftag: refTag });

/** GRO-018: the generic error modal. */
export const genericErrorModalRequest = z
  .object({ kind: z.enum(['cart', 'order']).default('cart'), language: text(20).optional() })
  .strict();
export const genericErrorModalResponse = z.object({ errorModalHtml }).meta({ id: 'GenericErrorModal' });

/** GRO-016: the navigation cart count call. */
export const cartCountJsonQuery = z
  .object({ sessionID: text(80).min(1), clientName: text(80).min(1) })
  .strict();
export const cartCountJsonResponse = z
  .object({ isOK: z.literal(true), total: z.object({ numActiveItem: z.number().int() }) })
  .meta({ id: 'CartCountJson' });

/** GRO-023 */
export const freshCartCountResponse = z
  .object({ cartCount: z.number().int() })
  .meta({ id: 'FreshCartCount' });

/** GRO-020/021: the conflict calls' query. */
export const conflictQuery = z.object({ ref: refTag, client: z.literal('atfc') }).strict();
const cartConflict = z.object({
  asin: z.string(),
  title: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  substituteStoreId: z.string().nullable(),
  substituteStoreName: z.string().nullable(),
});
export const conflictSummaryResponse = z
  .object({ isSuccess: z.boolean(), hasConflicts: z.boolean(), conflicts: z.array(cartConflict) })
  .meta({ id: 'CartConflictSummary' });
export type ConflictSummaryResponse = z.infer<typeof conflictSummaryResponse>;
export const conflictResolveResponse = z
  .object({ isSuccess: z.boolean(), moved: z.number().int(), removed: z.number().int() })
  .meta({ id: 'CartConflictResolve' });

/** GRO-022: the substitute page's query. */
export const substitutePageQuery = z.object({
  sourceUrl: text(500).optional(),
  ref: text(128).optional(),
  client: text(20).optional(),
});

/** GRO-025 */
export const slotCancelQuery = z.object({ token: text(80).min(1) }).strict();
export const slotCancelResponse = z.object({ isSuccess: z.literal(true) }).meta({ id: 'SlotCancel' });

/** GRO-026: the store introduction sheet's query (the four of GRO-015 are required). */
export const storeSheetQuery = z
  .object({
    almBrandId: code,
    almStoreId: code,
    asin,
    isDelivery: z.enum(['true', 'false']).optional(),
    offerListingDiscriminator: text(80).min(1),
    isAlmDetailPageBopis: z.enum(['true', 'false']).optional(),
    newGlowAddressId: text(40).optional(),
    clientId: text(80).optional(),
    deliveryMessage: text(200).optional(),
  })
  .strict();

/** GRO-026: the sheet's data; the page renders it with the same component the add answer's HTML comes from. */
export const storeSheetView = z
  .object({
    storeId: z.string(),
    brandId: z.string(),
    storeName: z.string(),
    deliveryMessage: z.string(),
    storefrontUrl: z.string(),
    /** GRO-002: the address the storefront button changes to first, when one is given. */
    newAddressId: z.string().nullable(),
    newAddressLabel: z.string().nullable(),
    isDelivery: z.boolean(),
    productTitle: z.string(),
  })
  .meta({ id: 'StoreSheet' });
export type StoreSheetView = z.infer<typeof storeSheetView>;

/** GRO-027 */
export const addressSelectionsQuery = z
  .object({
    deviceType: z.enum(['desktop', 'mobile', 'web', 'mobileWeb', 'mobileApp']).optional(),
    pageType: text(40).optional(),
    storeContext: text(40).optional(),
    actionSource: text(40).optional(),
  })
  .strict();
export const addressSelectionsResponse = z
  .object({
    signedIn: z.boolean(),
    selectedAddressId: z.string().nullable(),
    addresses: z.array(
      z.object({ addressId: z.string(), label: z.string(), postalCode: z.string(), selected: z.boolean() }),
    ),
  })
  .meta({ id: 'AddressSelections' });
export type AddressSelectionsResponse = z.infer<typeof addressSelectionsResponse>;

/** GRO-028 */
export const addressChangeRequest = z
  .object({
    addressId: text(40).min(1),
    almBrandId: code.optional(),
    actionSource: text(40).optional(),
    locationType: z.enum(['LOCATION_INPUT', 'ADDRESS_ID']).default('ADDRESS_ID'),
    deviceType: z.enum(['desktop', 'mobile', 'web', 'mobileWeb', 'mobileApp']).optional(),
    pageType: text(40).optional(),
  })
  .strict()
  .meta({ id: 'AddressChangeRequest' });
export const addressChangeResponse = z
  .object({ isSuccess: z.literal(true), addressId: z.string(), addressLabel: z.string() })
  .meta({ id: 'AddressChange' });

/** SL-014: the retail cart's modify call (the default slider): a line's id (its leading C may be dropped) and its new quantity. */
export const modifyItemsRequest = z
  .object({
    items: z
      .array(z.object({ id: text(40).min(1), quantity: z.number().int().min(0).max(999) }).strict())
      .min(1, 'items must hold at least one item')
      .max(50),
  })
  .strict()
  .meta({ id: 'CartModifyItemsRequest' });
export const modifyItemsResponse = z
  .object({
    type: z.literal('cart.modify-items/v1'),
    entity: z.object({
      items: z
        .array(
          z.object({
            id: z.string(),
            asin: z.string(),
            offerListingId: z.string(),
            quantity: z.number().int(),
          }),
        )
        .min(1),
      count: z.object({ type: z.literal('cart.count/v1'), entity: z.object({ items: z.number().int() }) }),
    }),
  })
  .meta({ id: 'CartModifyItemsResponse' });

/** The grocery buy box's part of the product page (its page slice), for a product grocery stores sell. */
export const groceryView = z.object({
  asin: z.string(),
  brandId: z.string(),
  offerListingDiscriminator: z.string(),
  unitOfMeasure: z.string(),
  /** The store that delivers to the shopper's address, or null: none of the product's stores does. */
  store: z.object({ storeId: z.string(), name: z.string(), deliveryMessage: z.string() }).nullable(),
  signedIn: z.boolean(),
  /** The delivery address (chosen, else the first), or null: anonymous or no address yet. */
  address: z.object({ addressId: z.string(), label: z.string() }).nullable(),
  /** The fresh cart's line of this product. */
  inCart: z
    .object({
      itemId: z.string(),
      quantity: z.number().int(),
      /** A weighed line's weight in the unit of measure (decision 0047). */
      amountInUom: z.number().nullable().default(null),
    })
    .nullable(),
  minOrderQuantity: z.number().int(),
  maxOrderQuantity: z.number().int(),
  /** QS-002: the quantity selector's stepper debounce, in ms: the stepper asks the cart this long after the last press. */
  stepperDebounceTime: z.number().int().nonnegative(),
  /** The soonest scheduled fresh order from this store that still takes items. */
  freshOrder: z
    .object({ orderId: z.string(), deliveryLabel: z.string(), cutoffLabel: z.string() })
    .nullable(),
  /** A delivery slot the shopper holds (GRO-025 cancels it when the address changes). */
  slotToken: z.string().nullable(),
  /** Repeat Delivery: offered for staples; the shopper's item when they repeat it. */
  repeatDelivery: z.object({ item: repeatItemView.nullable() }).nullable(),
  /** Grocery products offered with this one for a multi add (GRO-024). */
  boughtTogether: z.array(
    z.object({
      asin: z.string(),
      title: z.string(),
      price: z.object({ amount: z.number(), currencyCode: z.string(), displayString: z.string() }),
      image: z.string().nullable(),
      offerListingDiscriminator: z.string(),
    }),
  ),
});
export type GroceryView = z.infer<typeof groceryView>;

/** A fresh cart line as the cart page and the fresh checkout show it (decision 0047). */
export const freshLineView = z.object({
  id: z.string(),
  asin: z.string(),
  title: z.string(),
  image: z.object({ url: z.string(), altText: z.string() }).nullable(),
  quantity: z.number().int(),
  /** "2.5 lb" for a weighed line, priced by it; null for a line counted in units. */
  amountLabel: z.string().nullable(),
  /** "$0.69 / lb". */
  unitPrice: z.string(),
  lineTotal: price,
});
export type FreshLineView = z.infer<typeof freshLineView>;

/** The fresh cart's section of the cart page: its lines by store, each store's subtotal and minimum. */
export const freshCartSection = z.object({
  itemCount: z.number().int(),
  stores: z.array(
    z.object({
      storeId: z.string(),
      storeName: z.string(),
      lines: z.array(freshLineView),
      itemCount: z.number().int(),
      subtotal: price,
      minimum: price,
      /** What the subtotal still needs to reach the minimum; null when it is met. */
      shortfall: price.nullable(),
      checkoutHref: z.string(),
    }),
  ),
});
export type FreshCartSection = z.infer<typeof freshCartSection>;

/** A fresh order on the account page, with its delivery window. */
export const accountFreshOrder = z.object({
  orderId: z.string(),
  storeName: z.string(),
  slotLabel: z.string(),
  itemCount: z.number().int(),
  subtotal: price,
  href: z.string(),
  /** Whether it still takes items (its cut-off is ahead). */
  open: z.boolean(),
});

/** The fresh checkout's forms: hold a window, place the order (plain forms, decision 0047). */
export const slotReserveForm = z.object({
  csrfToken: z.string().optional(),
  storeId: z.string().min(1).max(40),
  slotStart: z.coerce.number().int().min(0),
});
export const freshPlaceOrderForm = z.object({
  csrfToken: z.string().optional(),
  storeId: z.string().min(1).max(40),
  token: z.string().min(1).max(80),
});
export const freshCheckoutQuery = z.object({
  storeId: z.string().max(40).optional().catch(undefined),
  error: z.string().max(300).optional().catch(undefined),
  notice: z.enum(['held', 'released']).optional().catch(undefined),
});
/** The cart page's removal of a fresh line (a plain form). */
export const freshRemoveForm = z.object({
  csrfToken: z.string().optional(),
  lineId: z.string().min(1).max(40),
});
