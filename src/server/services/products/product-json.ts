import type { BuyingOption, ProductExpansion } from '../../../shared/contracts/products';
import type { Price } from '../../../shared/money/price-format';
import type { ProductAnswerSource, StoredImage } from '../../db/repositories/product-repository';

// The product answer's JSON text, written directly: building the answer's objects and
// serializing them with JSON.stringify was, after the query itself, most of an uncached product read.
// Every function here writes exactly what `JSON.stringify` writes for the value `readProduct` builds
// (same keys, same order, same escapes); anything outside the shapes written by hand goes through
// `JSON.stringify` itself. The bullets come as the repository's JSON text of the stored list.
// product-json.test.ts compares both for every product of the demo catalog.

/** A string that JSON writes between quotes as it is: no quote, backslash, control character or surrogate. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what JSON escapes.
const PLAIN = /[\u0000-\u001f"\\\ud800-\udfff]/;

/** A string as JSON text. */
function jsonString(value: string): string {
  return typeof value === 'string' && !PLAIN.test(value) ? `"${value}"` : JSON.stringify(value);
}

/** The answer's images (url, hiResUrl, altText, width, height) from the stored images. */
export function imagesJson(images: readonly StoredImage[]): string {
  return `[${images.map(imageJson).join(',')}]`;
}

function imageJson(image: StoredImage): string {
  const { src, alt, width, height } = image;
  if (
    typeof src === 'string' &&
    typeof alt === 'string' &&
    Number.isFinite(width) &&
    Number.isFinite(height)
  ) {
    const url = jsonString(src);
    return `{"url":${url},"hiResUrl":${url},"altText":${jsonString(alt)},"width":${width},"height":${height}}`;
  }
  return JSON.stringify({ url: src, hiResUrl: src, altText: alt, width, height });
}

/** The answer's reviews summary from the stored reviews. */
export function reviewsSummaryJson(reviews: { rating: number; count: number }): string {
  const starRating = reviews.rating;
  const ratingCount = reviews.count;
  const displayString = `${reviews.rating.toFixed(1)} out of 5 stars`;
  if (Number.isFinite(starRating) && Number.isFinite(ratingCount)) {
    return `{"starRating":${starRating},"ratingCount":${ratingCount},"displayString":"${displayString}"}`;
  }
  return JSON.stringify({ starRating, ratingCount, displayString });
}

/** The product answer (`product/v1`) as JSON text, the expansions as `readProduct` applies them. */
export function productAnswerJson(
  product: ProductAnswerSource,
  expand: ReadonlySet<ProductExpansion>,
  buyingOptions: readonly BuyingOption[],
): string {
  let json = `{"type":"product/v1","entity":{"asin":${jsonString(product.asin)}`;
  if (expand.has('title')) json += `,"title":{"displayString":${jsonString(product.title)}}`;
  if (expand.has('images')) json += `,"images":${imagesJson(product.images)}`;
  if (expand.has('reviewsSummary'))
    json += `,"customerReviewsSummary":${reviewsSummaryJson(product.reviews)}`;
  if (expand.has('featureBullets')) json += `,"featureBullets":${product.bulletsJson}`;
  return `${json},"buyingOptions":${buyingOptionsJson(buyingOptions)}}}`;
}

/** A number as JSON writes it. */
function jsonNumber(value: number): string {
  return Number.isFinite(value) ? `${value}` : 'null';
}

/** The buying options as JSON text, each as `buyingOptionView` builds it (product-view.ts). */
export function buyingOptionsJson(options: readonly BuyingOption[]): string {
  let json = '[';
  for (let i = 0; i < options.length; i++) {
    json += `${i === 0 ? '' : ','}${buyingOptionJson(options[i] as BuyingOption)}`;
  }
  return `${json}]`;
}

// The common fields are written by hand in the order buyingOptionView sets them; the rarer ones
// (a quantity's price, ladder and explanation, the tier table) through JSON.stringify. An option or a
// price with a key this does not write (a field added later) is written by JSON.stringify whole.
const QUOTED_QUANTITY_KEYS = ['quantityPrice', 'quantityLadder', 'priceExplanation'] as const;

function buyingOptionJson(option: BuyingOption): string {
  const { merchant, price, quantity, callToAction, availability } = option;
  let keys = 3;
  let json = `{"type":${jsonString(option.type)},"offerListingId":${jsonString(option.offerListingId)},"merchant":{"merchantId":${jsonString(merchant.merchantId)},"name":${jsonString(merchant.name)}}`;
  if (price !== undefined) {
    keys++;
    json += `,"price":{"priceToPay":${moneyJson(price.priceToPay)}`;
    if (price.basisPrice !== undefined) json += `,"basisPrice":${moneyJson(price.basisPrice)}`;
    if (price.savings !== undefined) {
      json += `,"savings":{"percentage":${jsonNumber(price.savings.percentage)},"money":${moneyJson(price.savings.money)}}`;
    }
    json += '}';
  }
  for (const key of QUOTED_QUANTITY_KEYS) {
    if (option[key] !== undefined) {
      keys++;
      json += `,"${key}":${JSON.stringify(option[key])}`;
    }
  }
  if (quantity !== undefined) {
    keys++;
    json += `,"quantity":{"minOrderQuantity":${jsonNumber(quantity.minOrderQuantity)},"maxOrderQuantity":${jsonNumber(quantity.maxOrderQuantity)}}`;
  }
  if (callToAction !== undefined) {
    keys++;
    const { data } = callToAction.addToCart;
    json += `,"callToAction":{"addToCart":{"data":{"canAddToCart":${data.canAddToCart},"offerListingId":${jsonString(data.offerListingId)}}}}`;
  }
  if (availability !== undefined) {
    keys++;
    json +=
      Object.keys(availability).length === 2
        ? `,"availability":{"type":${jsonString(availability.type)},"displayString":${jsonString(availability.displayString)}}`
        : `,"availability":${JSON.stringify(availability)}`;
  }
  if (option.quantityPricingTable !== undefined) {
    keys++;
    json += `,"quantityPricingTable":${JSON.stringify(option.quantityPricingTable)}`;
  }
  return keys === Object.keys(option).length ? `${json}}` : JSON.stringify(option);
}

/** An amount as toPrice gives it (amount, currencyCode, displayString). */
function moneyJson(money: Price): string {
  return Object.keys(money).length === 3
    ? `{"amount":${jsonNumber(money.amount)},"currencyCode":${jsonString(money.currencyCode)},"displayString":${jsonString(money.displayString)}}`
    : JSON.stringify(money);
}
