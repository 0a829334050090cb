import type { Kysely } from 'kysely';
import type { ProductPageData } from '../../../shared/contracts/pages/product-page';
import type { ProductQuery, ProductResponse } from '../../../shared/contracts/products';
import { findFamily } from '../../db/repositories/product-repository';
import type { Database } from '../../db/schema';
import type { ProductPageContext } from './page-context';

/** The product's own part of the page; every other key of `product` is an area's slice. */
export type ProductDetailsSlice = Pick<
  ProductPageData['product'],
  | 'asin'
  | 'title'
  | 'brand'
  | 'description'
  | 'images'
  | 'bullets'
  | 'rating'
  | 'ratingCount'
  | 'family'
  | 'offer'
>;

/**
 * What the page asks of the product read: only the parts of a buying option `offerView` reads. The
 * page takes its title, images and bullets from the product record, so building them into an answer
 * it throws away was wasted.
 */
export const OFFER_VIEW_QUERY: ProductQuery = {
  expand: ['price', 'quantity', 'availability', 'callToAction'],
};

/** The regular offer of a product answer as the page shows it (title block, price, buy box). */
export function offerView(entity: ProductResponse['entity']): ProductPageContext['offer'] {
  const option = entity.buyingOptions.find((o) => o.type === 'NEW') ?? entity.buyingOptions[0];
  return option?.price && option.quantity && option.availability && option.callToAction
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
}

/** Critical: title, brand, gallery, rating, bullets, price and the variation family stripe. */
export async function productDetailsSlice(
  db: Kysely<Database>,
  context: Pick<ProductPageContext, 'product' | 'offer'>,
): Promise<ProductDetailsSlice> {
  const { product, offer } = context;
  const family = product.family_id ? await findFamily(db, product.family_id) : [];
  return {
    asin: product.asin,
    title: product.title,
    brand: product.brand,
    description: product.description,
    images: product.images.map(({ src, alt, width, height }) => ({ url: src, altText: alt, width, height })),
    bullets: product.bullets,
    rating: product.reviews.rating,
    ratingCount: product.reviews.count,
    family: family.map((member) => ({
      asin: member.asin,
      label: member.variationLabel ?? member.asin,
      image: member.image,
      selected: member.asin === product.asin,
    })),
    offer,
  };
}
