import { z } from 'zod';
import { DEAL_ACCESS_BEHAVIORS, DEAL_TYPES } from '../../../shared/deal-constants';
import { asin, money } from './catalog-values';

/** The deals area's keys of a product's `features`. Stored in product_protection_plans. */
export const dealFeatures = {
  /** The protection plan offered with the product's lightning deal: the warranty checkbox (DEAL-004). */
  protectionPlan: z.object({ asin }).strict().optional(),
};

/**
 * A lightning deal on the product (decision 0009): its own offer at the deal price, sold by the
 * product's first offer's merchant. Times are minutes relative to the import.
 */
export const dealSchema = z
  .object({
    dealId: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/, 'may hold letters, digits, _ and - only (1-80)'),
    type: z.enum(DEAL_TYPES).default('LIGHTNING_DEAL'),
    offerListingId: z.string().min(1).max(200),
    price: money,
    startsMinutesAfterImport: z.number().int().min(-525_600).max(525_600),
    endsMinutesAfterImport: z.number().int().min(-525_600).max(525_600),
    totalUnits: z.number().int().min(1).max(1_000_000),
    /** Units already claimed when the catalog is imported (they never return). */
    claimedUnits: z.number().int().min(0).default(0),
    maxPerCustomer: z.number().int().min(1).max(99),
    accessBehavior: z.enum(DEAL_ACCESS_BEHAVIORS).optional(),
    earlyAccessMinutes: z.number().int().min(0).max(1440).default(0),
  })
  .strict()
  .refine((d) => d.endsMinutesAfterImport > d.startsMinutesAfterImport, {
    message: 'must end after it starts',
    path: ['endsMinutesAfterImport'],
  })
  .refine((d) => d.claimedUnits <= d.totalUnits, {
    message: 'must not exceed totalUnits',
    path: ['claimedUnits'],
  })
  .refine((d) => d.earlyAccessMinutes === 0 || d.accessBehavior === 'PRIME_EARLY_ACCESS', {
    message: 'early access needs accessBehavior PRIME_EARLY_ACCESS',
    path: ['earlyAccessMinutes'],
  });
