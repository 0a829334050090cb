import type { Kysely } from 'kysely';
import { monthlyPayment } from '../../../domain/buy-box/installments';
import { initialQuantity } from '../../../domain/buy-box/url-quantity';
import type { ProductFeaturesView, ProductPageData } from '../../../shared/contracts/pages/product-page';
import type { ShopperView } from '../../../shared/contracts/pages/shopper';
import type { ProductResponse } from '../../../shared/contracts/products';
import type { DeviceType } from '../../../shared/deal-constants';
import type { Marketplace } from '../../../shared/marketplaces';
import { toPrice } from '../../../shared/money/price-format';
import type { ProductFeatures } from '../../catalog/catalog-schema';
import { hasRedeemedCoupon, hasRequestedInvitation } from '../../db/repositories/buy-box-repository';
import type { CartOwner } from '../../db/repositories/cart-repository';
import type { Database, ProductRow } from '../../db/schema';
import type { Customer } from '../../plugins/session';
import { accessoriesView } from '../accessories/accessories-view';
import { dealSetupFor } from '../deals/deal-view';

type StoredImage = { src: string };

/** Everything the product page renders from: the product answer plus what depends on the shopper. */
export async function productPageData(
  db: Kysely<Database>,
  input: {
    marketplace: Marketplace;
    row: ProductRow;
    entity: ProductResponse['entity'];
    shopper: ShopperView;
    customer: Customer | null;
    csrfToken: string;
    refTag: string | null;
    query: URLSearchParams;
    /** Who looks at the page, for the deal setup data (DEAL-008). */
    dealViewer: { owner: CartOwner; device: DeviceType; now: number };
  },
): Promise<ProductPageData> {
  const { marketplace, row, entity, customer } = input;
  const option = entity.buyingOptions.find((o) => o.type === 'NEW') ?? entity.buyingOptions[0];
  const offer =
    option?.price && option.quantity && option.availability && option.callToAction
      ? {
          offerListingId: option.offerListingId,
          merchantName: option.merchant.name,
          price: option.price.priceToPay,
          listPrice: option.price.basisPrice ?? null,
          savingsPercent: option.price.savings?.percentage ?? 0,
          availability: option.availability.displayString,
          canAddToCart: option.callToAction.addToCart.data.canAddToCart,
          minOrderQuantity: option.quantity.minOrderQuantity,
          maxOrderQuantity: option.quantity.maxOrderQuantity,
        }
      : null;
  const features = JSON.parse(row.features) as ProductFeatures;
  const family = row.family_id
    ? await db
        .selectFrom('products')
        .select(['asin', 'variation_label', 'images'])
        .where('family_id', '=', row.family_id)
        .orderBy('asin')
        .execute()
    : [];
  const view: ProductFeaturesView = {
    giftWrap: features.giftWrap === true,
    preregistration: features.preregistration ?? null,
    installments:
      features.installments && offer
        ? {
            ...features.installments,
            monthlyPayment: toPrice(
              monthlyPayment(
                Math.round(offer.price.amount * 10 ** marketplace.priceFormat.fractionDigits),
                features.installments.months,
              ),
              offer.price.currencyCode,
              marketplace.priceFormat,
            ),
          }
        : null,
    coupon: features.coupon
      ? {
          encryptedPromotionId: features.coupon.encryptedPromotionId,
          description: features.coupon.description,
          redeemed: customer
            ? await hasRedeemedCoupon(db, customer.id, features.coupon.encryptedPromotionId)
            : false,
        }
      : null,
    highDemand: features.highDemand
      ? {
          requested: customer ? await hasRequestedInvitation(db, customer.id, row.asin) : false,
          button: features.inviteButton ?? 'request-invitation',
        }
      : null,
    quantityRestriction: features.quantityRestriction ?? null,
  };
  return {
    page: 'product',
    csrfToken: input.csrfToken,
    marketplaceId: marketplace.marketplaceId,
    language: marketplace.language,
    shopper: input.shopper,
    refTag: input.refTag,
    initialQuantity:
      offer && input.query.has('qty')
        ? initialQuantity(input.query, {
            hasFreeFormPicker: true,
            min: offer.minOrderQuantity,
            max: offer.maxOrderQuantity,
          })
        : null,
    deal: await dealSetupFor(db, {
      asin: row.asin,
      marketplace,
      viewer: { ...input.dealViewer, shopper: { hasPrimeSavingsBenefit: customer?.isPrime === true } },
      csrfToken: input.csrfToken,
      app: input.dealViewer.device === 'app',
      mobile: input.dealViewer.device === 'mobile',
      protectionPlanAsin: features.protectionPlan?.asin,
    }),
    product: {
      asin: entity.asin,
      title: entity.title?.displayString ?? row.title,
      brand: row.brand,
      description: row.description,
      images: (entity.images ?? []).map(({ url, altText, width, height }) => ({
        url,
        altText,
        width,
        height,
      })),
      bullets: entity.featureBullets ?? [],
      rating: entity.customerReviewsSummary?.starRating ?? 0,
      ratingCount: entity.customerReviewsSummary?.ratingCount ?? 0,
      family: family.map((member) => ({
        asin: member.asin,
        label: member.variation_label ?? member.asin,
        image: (JSON.parse(member.images) as StoredImage[])[0]?.src ?? null,
        selected: member.asin === row.asin,
      })),
      features: view,
      accessories: offer ? await accessoriesView(db, marketplace, row.asin, row.accessories) : null,
      offer,
    },
  };
}
