import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SellerRating } from '../../web/features/add-on-services/seller-rating';

/** The zip refresh's `positiveRatingHtml`, from the page's own component (escaped by React). */
export function sellerRatingHtml(rating: { percent: number | null; count: number }): string {
  return renderToStaticMarkup(createElement(SellerRating, rating));
}
