import type { ProductPageData } from '../../shared/contracts/pages/product-page';

/** schema.org Product with its Offer and AggregateRating, for search engines and link previews. */
export function productJsonLd(product: ProductPageData['product'], description: string, origin: string) {
  const offer = product.offer;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    sku: product.asin,
    name: product.title,
    description,
    brand: { '@type': 'Brand', name: product.brand },
    image: product.images.map((image) => (image.url.startsWith('/') ? origin + image.url : image.url)),
    ...(product.ratingCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating,
            reviewCount: product.ratingCount,
            bestRating: 5,
          },
        }
      : {}),
    ...(offer
      ? {
          offers: {
            '@type': 'Offer',
            url: `${origin}/dp/${product.asin}`,
            price: offer.price.amount.toFixed(2),
            priceCurrency: offer.price.currencyCode,
            availability: offer.canAddToCart ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
            seller: { '@type': 'Organization', name: offer.merchantName },
          },
        }
      : {}),
  };
}
