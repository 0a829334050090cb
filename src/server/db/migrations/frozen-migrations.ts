import type { Migration } from 'kysely';
import * as foundation from './0001-foundation';
import * as orderDetails from './0002-order-details';
import * as couponsAndInvitations from './0003-coupons-and-invitations';
import * as accessoryAssociations from './0004-accessory-associations';
import * as lightningDeals from './0005-lightning-deals';
import * as catalogAreas from './0006-catalog-areas';
import * as couponDiscounts from './0007-coupon-discounts';
import * as savedCheckout from './0008-saved-checkout';
import * as addOnServices from './0009-add-on-services';
import * as bundlesSmartHomeAds from './0010-bundles-smart-home-ads';
import * as businessBuying from './0013-business-buying';
import * as grocery from './0014-grocery';
import * as readPathIndexes from './0015-read-path-indexes';
import * as dealClaimPartialIndexes from './0016-deal-claim-partial-indexes';

/**
 * The migrations written so far, frozen: never edited, never reordered (the migrator runs them by
 * name). A new migration joins through its area's module (areas/areas.ts, storeMigrations).
 */
export const FROZEN_MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001-foundation': foundation,
  '0002-order-details': orderDetails,
  '0003-coupons-and-invitations': couponsAndInvitations,
  '0004-accessory-associations': accessoryAssociations,
  '0005-lightning-deals': lightningDeals,
  '0006-catalog-areas': catalogAreas,
  '0007-coupon-discounts': couponDiscounts,
  '0008-saved-checkout': savedCheckout,
  '0014-grocery': grocery,
  '0009-add-on-services': addOnServices,
  '0010-bundles-smart-home-ads': bundlesSmartHomeAds,
  '0013-business-buying': businessBuying,
  '0015-read-path-indexes': readPathIndexes,
  '0016-deal-claim-partial-indexes': dealClaimPartialIndexes,
};
