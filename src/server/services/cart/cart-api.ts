import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { type FormProblemCode, parseAddToCartForm } from '../../../domain/cart/add-to-cart-form';
import { totalAfterDiscounts } from '../../../domain/pricing/coupon-discounts';
import type { CartApiItem, cartItemsResponse, cartSummaryResponse } from '../../../shared/contracts/cart';
import type { Marketplace } from '../../../shared/marketplaces';
import { toPrice } from '../../../shared/money/price-format';
import { type CartOwner, type CartType, countCartUnits } from '../../db/repositories/cart-repository';
import type { Database } from '../../db/schema';
import { bundleSavingsOf } from '../bundles/cart-savings';
import type { Refusal } from '../refusal';
import type { RequestKey } from '../request-effect';
import { type AddedLine, type AddResult, addCartItems } from './add-cart-items';
import { cartCouponDiscounts, discountViews, pricedCartLines } from './cart-lines';
import type { LineRefusal } from './line-refused';

type Db = Kysely<Database>;

/** Units in the owner's carts of these types: the navigation cart count. */
export function cartUnits(
  db: Db,
  owner: CartOwner,
  marketplaceId: string,
  cartTypes: readonly CartType[],
): Promise<number> {
  return countCartUnits(db, owner, marketplaceId, cartTypes);
}

/**
 * The cart API's add (CART-035) to the retail cart. A refusal still tells the cart's count as it
 * stands, which the page shows beside a refused line (OFR-013).
 */
export async function addToRetailCart(
  db: Db,
  input: {
    owner: CartOwner;
    marketplaceId: string;
    items: readonly CartApiItem[];
    now: number;
    /** The shopper's delivery ZIP: add-on services are sold at the offer serving it (decision 0041). */
    zip?: string | null;
    /** The request's idempotency key (a retry after a crash adds nothing more). */
    requestKey?: RequestKey | undefined;
  },
): Promise<
  { ok: true; items: AddedLine[]; count: number } | { ok: false; refusal: LineRefusal; count: number }
> {
  const { owner, marketplaceId } = input;
  const result = await addCartItems(db, owner, marketplaceId, 'RETAIL', input.items, input.now, {
    zip: input.zip ?? null,
    requestKey: input.requestKey,
  });
  if (result.ok) return result;
  return { ...result, count: await cartUnits(db, owner, marketplaceId, ['RETAIL', 'FRESH']) };
}

/** The cart lines answer (cart.items/v1): each line at the unit price its quantity pays. */
export async function cartItems(
  db: Db,
  owner: CartOwner,
  marketplace: Marketplace,
  cartTypes: readonly CartType[],
): Promise<z.infer<typeof cartItemsResponse>> {
  const priced = await pricedCartLines(db, owner, marketplace.marketplaceId, cartTypes);
  return {
    type: 'cart.items/v1',
    entity: {
      items: priced.lines.map((line) => ({
        id: line.id,
        asin: line.asin,
        offerListingId: line.offer_id,
        quantity: line.quantity,
        cartType: line.cart_type,
        title: line.title,
        price: toPrice(line.unitPriceMinor, line.currency_code, marketplace.priceFormat),
        ...(line.additional_parameters ? { additionalParameters: line.additional_parameters } : {}),
        ...(line.associated_item_id ? { associatedItemId: line.associated_item_id } : {}),
        ...(line.custom_attributes ? { customAttributes: line.custom_attributes } : {}),
      })),
    },
  };
}

/** Subtotal and unit count per cart type (cart.summary/v1), priced as the cart page and checkout price them. */
export async function cartSummary(
  db: Db,
  owner: CartOwner,
  marketplace: Marketplace,
  cartTypes: readonly CartType[],
): Promise<z.infer<typeof cartSummaryResponse>> {
  const priced = await pricedCartLines(db, owner, marketplace.marketplaceId, cartTypes);
  const money = (minor: number) => toPrice(minor, marketplace.currencyCode, marketplace.priceFormat);
  // Clipped coupons come off the retail cart, which is what checkout orders (decision 0014).
  const retail = priced.lines.filter((line) => line.cart_type === 'RETAIL');
  // A bundle's saving is a line of its own beside the coupons (BDL).
  const coupons = [...(await bundleSavingsOf(db, retail)), ...(await cartCouponDiscounts(db, owner, retail))];
  return {
    type: 'cart.summary/v1',
    entity: {
      summary: cartTypes.map((cartType) => {
        const mine = priced.lines.filter((line) => line.cart_type === cartType);
        const subtotalMinor = mine.reduce((sum, line) => sum + line.lineTotalMinor, 0);
        const discounts = cartType === 'RETAIL' ? coupons : [];
        return {
          cartType,
          itemCount: mine.reduce((sum, line) => sum + line.quantity, 0),
          subtotal: money(subtotalMinor),
          discounts: discountViews(discounts, marketplace),
          total: money(totalAfterDiscounts(subtotalMinor, discounts)),
        };
      }),
    },
  };
}

/** A form refused before the cart was touched says so (`refusedForm`): no add was tried. */
export type FormAddResult =
  | AddResult
  | {
      ok: false;
      refusedForm: true;
      refusal: Refusal<FormProblemCode | 'session_mismatch'> & { field: string };
    };

/**
 * The legacy add-to-cart form (CART-030..033): reads asin.{i}/offeringID.{i}/quantity.{i}, checks the
 * form's session id against the shopper's, and adds the items to the retail cart. A refusal names the
 * form field the shopper sent (offeringID.3), not the internal item position.
 */
export async function addFormItems(
  db: Db,
  input: {
    form: Record<string, string | string[]>;
    sessionId: string;
    owner: () => Promise<CartOwner>;
    marketplaceId: string;
    now: number;
    /** The shopper's delivery ZIP (decision 0041). */
    zip?: string | null;
    /** The request's idempotency key (a retry after a crash adds nothing more). */
    requestKey?: RequestKey | undefined;
  },
): Promise<FormAddResult> {
  const form = parseAddToCartForm(input.form);
  if (!form.ok) return { ok: false, refusedForm: true, refusal: form.problem };
  if (form.verificationSessionID && form.verificationSessionID !== input.sessionId) {
    return {
      ok: false,
      refusedForm: true,
      refusal: {
        code: 'session_mismatch',
        message: 'verificationSessionID does not match this session',
        field: 'verificationSessionID',
      },
    };
  }
  const result = await addCartItems(
    db,
    await input.owner(),
    input.marketplaceId,
    'RETAIL',
    form.items,
    input.now,
    { zip: input.zip ?? null, requestKey: input.requestKey },
  );
  if (result.ok) return result;
  const field = result.refusal.field.replace(/^items\.(\d+)\.(\w+)$/, (_m, i: string, f: string) => {
    const name = f === 'offerListingId' ? 'offeringID' : f;
    return `${name}.${form.items[Number(i)]?.index ?? i}`;
  });
  return { ...result, refusal: { ...result.refusal, field } };
}
