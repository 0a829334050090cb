import type { Kysely } from 'kysely';
import type { DealSetup } from '../../../shared/contracts/deals';
import { findProtectionPlanAsin } from '../../db/repositories/protection-plan-repository';
import type { Database } from '../../db/schema';
import type { ProductPageContext } from '../products/page-context';
import { dealSetupFor } from './deal-view';

/** Critical: the lightning deal setup (DEAL-008) when the product has a deal not yet over, else null. */
export async function dealSlice(
  db: Kysely<Database>,
  context: Pick<
    ProductPageContext,
    'marketplace' | 'product' | 'customer' | 'csrfToken' | 'owner' | 'device' | 'now'
  >,
): Promise<DealSetup | null> {
  const { device } = context;
  return dealSetupFor(db, {
    asin: context.product.asin,
    marketplace: context.marketplace,
    viewer: {
      owner: context.owner,
      device,
      now: context.now,
      shopper: { hasPrimeSavingsBenefit: context.customer?.isPrime === true },
    },
    csrfToken: context.csrfToken,
    app: device === 'app',
    mobile: device === 'mobile',
    protectionPlanAsin: () => findProtectionPlanAsin(db, context.product.asin),
  });
}
