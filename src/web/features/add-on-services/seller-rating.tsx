import { formatCount } from '../../../shared/money/group-digits';

/**
 * A seller's positive ratings ("98% positive (2,140 ratings)"). The zip refresh answer carries it as
 * `positiveRatingHtml`, rendered by the server from this component.
 */
export function SellerRating({ percent, count }: { percent: number | null; count: number }) {
  if (percent === null || count === 0)
    return <span className="seller-rating">New seller, not rated yet</span>;
  return (
    <span className="seller-rating">
      <strong>{percent}% positive</strong> ({formatCount(count)} ratings)
    </span>
  );
}
