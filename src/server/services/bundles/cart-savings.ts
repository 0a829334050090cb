import type { Kysely } from 'kysely';
import { applyingBundleSavings, bundleSaving } from '../../../domain/bundles/bundles';
import { BUNDLE_SAVING_PREFIX, type CouponDiscount } from '../../../domain/pricing/coupon-discounts';
import {
  findBundleComponentPrices,
  findBundleSummaries,
  findCartBundleSavings,
  findCartIdsOfLines,
} from '../../db/repositories/bundle-repository';
import type { Database } from '../../db/schema';

/**
 * The savings of the bundles these cart lines hold: a bundle counts while every one of its component
 * lines is among them with the units it put there (so a component deleted or lowered takes the saving
 * with it, and an order of part of the cart gets only the bundles it orders whole). The amount is the
 * components' prices now less the bundle's price.
 */
export async function bundleSavingsOf(
  db: Kysely<Database>,
  lines: readonly { id: string; quantity: number }[],
): Promise<CouponDiscount[]> {
  if (lines.length === 0) return [];
  const cartIds = await findCartIdsOfLines(
    db,
    lines.map((line) => line.id),
  );
  const savings = await findCartBundleSavings(db, cartIds);
  if (savings.length === 0) return [];
  const { applying } = applyingBundleSavings(savings, lines);
  const bundleIds = applying.map((s) => s.bundleId);
  const [summaries, prices] = await Promise.all([
    findBundleSummaries(db, bundleIds),
    findBundleComponentPrices(db, bundleIds),
  ]);
  const discounts: CouponDiscount[] = [];
  for (const saving of applying) {
    const summary = summaries.get(saving.bundleId);
    if (!summary) continue;
    const { savingMinor } = bundleSaving(prices.get(saving.bundleId) ?? [], summary.priceMinor);
    if (savingMinor > 0) {
      discounts.push({
        promotionId: `${BUNDLE_SAVING_PREFIX}${saving.bundleId}`,
        description: `Bundle saving: ${summary.title}`,
        amountMinor: savingMinor,
      });
    }
  }
  return discounts;
}
