import type { Kysely } from 'kysely';
import { monthlyPayment } from '../../../domain/buy-box/installments';
import type { ProductFeaturesView } from '../../../shared/contracts/pages/product-page';
import { toPrice } from '../../../shared/money/price-format';
import { findBuyBoxOptions } from '../../db/repositories/buy-box-options-repository';
import type { Database } from '../../db/schema';
import type { ProductPageContext } from '../products/page-context';

const NO_OPTIONS: ProductFeaturesView = {
  giftWrap: false,
  preregistration: null,
  installments: null,
  coupon: null,
  highDemand: null,
  quantityRestriction: null,
};

/** Critical: the buy box options the product turns on, with this customer's coupon and invitation state. */
export async function buyBoxSlice(
  db: Kysely<Database>,
  context: Pick<ProductPageContext, 'marketplace' | 'product' | 'offer' | 'customer'>,
): Promise<ProductFeaturesView> {
  const { marketplace, offer } = context;
  const options = await findBuyBoxOptions(db, context.product.asin, context.customer?.id ?? null);
  if (!options) return NO_OPTIONS;
  return {
    giftWrap: options.giftWrap,
    preregistration: options.preregistration,
    installments:
      options.installments && offer
        ? {
            ...options.installments,
            monthlyPayment: toPrice(
              monthlyPayment(
                Math.round(offer.price.amount * 10 ** marketplace.priceFormat.fractionDigits),
                options.installments.months,
              ),
              offer.price.currencyCode,
              marketplace.priceFormat,
            ),
          }
        : null,
    coupon: options.coupon
      ? {
          encryptedPromotionId: options.coupon.encryptedPromotionId,
          description: options.coupon.description,
          redeemed: options.coupon.redeemed,
        }
      : null,
    highDemand: options.highDemand,
    quantityRestriction: options.quantityRestriction,
  };
}
