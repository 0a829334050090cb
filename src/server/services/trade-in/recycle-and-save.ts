import type { Kysely } from 'kysely';
import { recycleAndSaveSavingMinor } from '../../../domain/trade-in/recycle-and-save';
import type {
  ClaimPromoResponse,
  RecycleAndSaveLaunch,
  RecycleAndSaveView,
} from '../../../shared/contracts/recycle-and-save';
import type { Marketplace } from '../../../shared/marketplaces';
import { toPrice } from '../../../shared/money/price-format';
import type { TradeInProductGroup } from '../../../shared/trade-in-constants';
import {
  claimRecycleAndSave,
  findPromotedProduct,
  findRecycleAndSavePromotion,
  hasClaimedRecycleAndSave,
  type RecycleAndSavePromotionRow,
} from '../../db/repositories/recycle-and-save-repository';
import type { Customer } from '../../db/repositories/session-repository';
import type { Database } from '../../db/schema';
import type { ProductPageContext } from '../products/page-context';
import type { Refusal } from '../refusal';

type Db = Kysely<Database>;

export type RecycleAndSaveRefusalCode = 'sign_in_required' | 'unknown_promotion' | 'product_group_mismatch';
type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal<RecycleAndSaveRefusalCode> };

/** What a recycle-and-save call names: the product the page shows and its product group. */
export type RecycleAndSaveRequest = {
  customer: Customer | null;
  asin: string;
  productGroup: TradeInProductGroup;
};

/** The promotion a signed-in customer asks about, refused when there is none for what they named. */
async function promotionFor(
  db: Db,
  request: RecycleAndSaveRequest,
): Promise<Outcome<{ customer: Customer; promotion: RecycleAndSavePromotionRow }>> {
  const { customer } = request;
  if (!customer) {
    return { ok: false, refusal: { code: 'sign_in_required', message: 'sign in to recycle and save' } };
  }
  const promotion = await findRecycleAndSavePromotion(db, request.asin);
  if (!promotion) {
    return {
      ok: false,
      refusal: {
        code: 'unknown_promotion',
        message: `no recycle-and-save promotion on asin ${request.asin}`,
        field: 'currentAsin',
      },
    };
  }
  if (promotion.product_group !== request.productGroup) {
    return {
      ok: false,
      refusal: {
        code: 'product_group_mismatch',
        message: `the promotion on asin ${request.asin} is for product group ${promotion.product_group}`,
        field: 'productGroup',
      },
    };
  }
  return { ok: true, value: { customer, promotion } };
}

/** RS-009: the modal's view of the promotion on a product, for a signed-in customer. */
export async function recycleAndSaveView(
  db: Db,
  request: RecycleAndSaveRequest & { marketplace: Marketplace; pageRenderTarget: 'spp' | 'dp' },
): Promise<Outcome<RecycleAndSaveView>> {
  const found = await promotionFor(db, request);
  if (!found.ok) return found;
  const { customer, promotion } = found.value;
  const [product, claimed] = await Promise.all([
    findPromotedProduct(db, request.asin, request.marketplace.marketplaceId),
    hasClaimedRecycleAndSave(db, customer.id, request.asin),
  ]);
  const percentOff = Number(promotion.percent_off);
  const savingMinor = recycleAndSaveSavingMinor(product?.priceMinor ?? 0, percentOff);
  return {
    ok: true,
    value: {
      currentAsin: request.asin,
      productGroup: request.productGroup,
      pageRenderTarget: request.pageRenderTarget,
      promoAccessState: claimed ? 'claimed' : 'available',
      title: `Recycle your old device and save ${percentOff}%`,
      description: promotion.description,
      percentOff,
      productTitle: product?.title ?? request.asin,
      savings: toPrice(
        savingMinor,
        product?.currencyCode ?? request.marketplace.currencyCode,
        request.marketplace.priceFormat,
      ),
    },
  };
}

/**
 * RS-010: claims the promotion for the customer, once: a claim already made answers
 * `ALREADY_CLAIMED` (RS-005), whichever of many parallel claims came first.
 */
export async function claimRecycleAndSavePromo(
  db: Db,
  request: RecycleAndSaveRequest & { now: number },
): Promise<Outcome<ClaimPromoResponse>> {
  const found = await promotionFor(db, request);
  if (!found.ok) return found;
  const claimed = await claimRecycleAndSave(db, found.value.customer.id, request.asin, request.now);
  return {
    ok: true,
    value: claimed
      ? { claimPromoSuccess: true, claimPromoFailureReason: null }
      : { claimPromoSuccess: false, claimPromoFailureReason: 'ALREADY_CLAIMED' },
  };
}

/** The product page's launch (a page slice): the promotion on the product and this shopper's claim. */
export async function recycleAndSaveSlice(
  db: Db,
  context: ProductPageContext,
): Promise<RecycleAndSaveLaunch | null> {
  const promotion = await findRecycleAndSavePromotion(db, context.product.asin);
  if (!promotion) return null;
  const claimed = context.customer
    ? await hasClaimedRecycleAndSave(db, context.customer.id, context.product.asin)
    : false;
  return {
    productGroup: promotion.product_group as TradeInProductGroup,
    percentOff: Number(promotion.percent_off),
    promoAccessState: claimed ? 'claimed' : 'available',
  };
}
