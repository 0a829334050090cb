import { z } from 'zod';
import { MAX_ITEMS_PER_REQUEST, MAX_LINE_QUANTITY } from '../cart-constants';
import { errorResponse, price } from './common';
import { refTag } from './logging';

// CART-023: the page may send 'true'/'false' strings; the cart API stores booleans.
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

const itemAssociation = z
  .object({
    associatedItemId: z.string().min(1).max(100),
    renderType: z.literal('renderAll').optional(),
    programType: z.literal('AmazonProtect').optional(),
    deleteConstraint: z.object({ mutuallyInclusive: flag }).strict().optional(),
  })
  .strict();

const additionalParameters = z
  .object({
    giftOptions: z.object({ includeGiftReceipt: flag }).strict().optional(),
    devicePreregistration: z.object({ selected: flag }).strict().optional(),
    installments: z
      .object({ programId: z.string().min(1).max(100) })
      .strict()
      .optional(),
    incentivizedCart: z
      .record(z.string(), z.union([z.string().max(200), z.number(), z.boolean()]))
      .optional(),
    paymentOfferInfo: z
      .record(z.string(), z.union([z.string().max(200), z.number(), z.boolean()]))
      .optional(),
    itemAssociation: itemAssociation.optional(),
  })
  .strict()
  .meta({ id: 'CartItemAdditionalParameters' });
export type AdditionalParameters = z.infer<typeof additionalParameters>;

const cartApiItem = z
  .object({
    asin: z.string().min(1, 'asin must be a non-empty string').max(20),
    offerListingId: z.string().min(1, 'offerListingId must be a non-empty string').max(200),
    quantity: z
      .number()
      .int('quantity must be an integer')
      .min(1, 'quantity must be above 0')
      .max(MAX_LINE_QUANTITY),
    additionalParameters: additionalParameters.optional(),
    /** A digital subscription's custom attribute (the form's custom-name/custom-value.{n}.{m}, CART-024). */
    customAttributes: z
      .array(z.object({ name: z.string().min(1).max(80), value: z.string().max(200) }).strict())
      .max(5)
      .optional(),
  })
  .strict();
export type CartApiItem = z.infer<typeof cartApiItem>;

export const addItemsRequest = z
  .object({
    items: z.array(cartApiItem).min(1, 'items must hold at least one item').max(MAX_ITEMS_PER_REQUEST),
  })
  .strict()
  .meta({ id: 'CartAddItemsRequest' });
export type AddItemsRequest = z.infer<typeof addItemsRequest>;

export const cartCount = z
  .object({ type: z.literal('cart.count/v1'), entity: z.object({ items: z.number().int() }) })
  .meta({ id: 'CartCount' });

export const addedItem = z.object({
  id: z.string().min(1),
  asin: z.string(),
  offerListingId: z.string(),
  quantity: z.number().int(),
});

/** CART-022: the only cart answer the page trusts: the add-items type, at least one line with its id, the count. */
export const addItemsResponse = z
  .object({
    type: z.literal('cart.add-items/v1'),
    entity: z.object({ items: z.array(addedItem).min(1), count: cartCount }),
  })
  .meta({ id: 'CartAddItemsResponse' });
export type AddItemsResponse = z.infer<typeof addItemsResponse>;

/**
 * OFR-013: an add refused with 422 answers the error and the cart as it stands: no line was added
 * (`items` is empty) and `count` is the cart's count, which the page shows.
 */
export const addItemsRefusal = errorResponse
  .extend({ entity: z.object({ items: z.array(addedItem), count: cartCount }) })
  .meta({ id: 'CartAddItemsRefusal' });

export const cartItemsResponse = z
  .object({
    type: z.literal('cart.items/v1'),
    entity: z.object({
      items: z.array(
        addedItem.extend({
          cartType: z.enum(['RETAIL', 'FRESH']),
          title: z.string(),
          price: price,
          additionalParameters: z.record(z.string(), z.unknown()).optional(),
          associatedItemId: z.string().optional(),
          customAttributes: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
        }),
      ),
    }),
  })
  .meta({ id: 'CartItems' });

export const cartSummaryResponse = z
  .object({
    type: z.literal('cart.summary/v1'),
    entity: z.object({
      summary: z.array(
        z.object({
          cartType: z.enum(['RETAIL', 'FRESH']),
          itemCount: z.number().int(),
          subtotal: price,
          /** Clipped coupons that come off at checkout, each its own line (decision 0014). */
          discounts: z.array(z.object({ description: z.string(), amount: price })),
          /** The subtotal less the discounts. */
          total: price,
        }),
      ),
    }),
  })
  .meta({ id: 'CartSummary' });

export const cartTypesQuery = z.object({
  cartTypes: z.enum(['RETAIL', 'FRESH']).optional(),
  filter: z.enum(['RETAIL', 'FRESH']).optional(),
});

/** The cart API's add call's query: the purchase tag and the search that led to it. */
export const addItemsQuery = z
  .object({
    ref_: refTag.optional(),
    ref: refTag.optional(),
    sr: z.string().max(40).optional(),
    qid: z.string().max(40).optional(),
  })
  .strict();

/** The legacy add-to-cart form's fields (asin.{i}, offeringID.{i}, quantity.{i}, …), read by the cart's form rules. */
export const addToCartForm = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/** The purchase tag of the legacy form's `ref=` path suffix (CART-040). */
export const refTagParams = z.object({ ref: refTag });

/** The legacy form call's answer, passed on to the caller as is (CART-033). */
export const addToCartFormResponse = z
  .object({
    isOK: z.literal(true),
    cartQuantity: z.number().int(),
    items: z.array(addedItem),
  })
  .meta({ id: 'AddToCartFormResponse' });
