import type { Kysely } from 'kysely';
import type { AddOnServicesView } from '../../../shared/contracts/add-on-services';
import type { Marketplace } from '../../../shared/marketplaces';
import { findAddOnWidget } from '../../db/repositories/add-on-service-repository';
import { findOffer, type ProductRecord } from '../../db/repositories/product-repository';
import type { Database } from '../../db/schema';
import type { ProductPageContext } from '../products/page-context';
import { addOnServicesView } from './add-on-view';

/** Who is looking, as far as the add-on widget needs it. */
export type AddOnShopper = { zip: string | null; sessionId: string; query: URLSearchParams };

/**
 * Deferred: the add-on services (VAS-003, VAS-008, VAS-010), priced for the shopper's postal code,
 * offered only with a regular offer to buy them with.
 */
export async function addOnServicesSlice(
  db: Kysely<Database>,
  context: Pick<ProductPageContext, 'marketplace' | 'product' | 'offer' | 'customer'>,
  shopper: AddOnShopper,
): Promise<AddOnServicesView | null> {
  if (!context.offer) return null;
  return addOnServicesFor(db, context.marketplace, context.product, context.offer.offerListingId, {
    ...shopper,
    businessCustomer: context.customer?.isBusiness ?? false,
  });
}

/** The add-on view of a device's offer (the page slice, its deferred call and the variation refresh). */
export async function addOnServicesFor(
  db: Kysely<Database>,
  marketplace: Marketplace,
  product: Pick<ProductRecord, 'asin' | 'title' | 'images'>,
  offerListingId: string,
  shopper: AddOnShopper & { businessCustomer: boolean; merchantId?: string | null },
): Promise<AddOnServicesView | null> {
  // Most products offer no services: one indexed read answers that before anything else is read.
  const record = await findAddOnWidget(db, product.asin);
  if (!record) return null;
  const offer = await findOffer(db, offerListingId);
  if (!offer) return null;
  const image = product.images[0];
  return addOnServicesView(db, {
    record,
    marketplace,
    device: {
      asin: product.asin,
      title: product.title,
      image: image ? { url: image.src, altText: image.alt } : null,
      offer: {
        offerListingId: offer.id,
        merchantId: offer.merchant_id,
        priceMinor: offer.price_minor,
        currencyCode: offer.currency_code,
      },
    },
    zip: shopper.zip,
    sessionId: shopper.sessionId,
    businessCustomer: shopper.businessCustomer,
    query: shopper.query,
    ...(shopper.merchantId ? { merchantId: shopper.merchantId } : {}),
  });
}
