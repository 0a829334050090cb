import type { Kysely } from 'kysely';
import { REMOVE_OFFER } from '../../../domain/add-on-services/add-on-choice';
import { shortenPostalCode } from '../../../domain/add-on-services/postal-code';
import { associationWith } from '../../../domain/cart/cart-request';
import { SERVICE_QUANTITY, VAS_BUY_BOX_REF } from '../../../shared/add-on-services-constants';
import type { CartApiItem } from '../../../shared/contracts/cart';
import { type Marketplace, marketplaceById } from '../../../shared/marketplaces';
import { findAddOnWidget } from '../../db/repositories/add-on-service-repository';
import type { Database } from '../../db/schema';
import { offersForZip, offerView } from './add-on-view';

/**
 * Before the page's script runs, a chosen service posts `vasService.{n}={serviceAsin}` with the buy box
 * form (a ticked checkbox, the option list's choice); '' and removeOffer choose none.
 */
const SERVICE_FIELD = /^vasService\.(\d{1,2})$/;

type BuyBoxServices = { ok: true; items: CartApiItem[] } | { ok: false; message: string };

/**
 * The services posted with the buy box form, each a child of the page item (decision 0018): the
 * `vasService.{n}` fields of a form posted before the script ran, and (VAS-032) the service named by a
 * `vas_dphbb_{asin}_{serviceAsin}` ref, at their offer for the shopper's postal code unless the form
 * already carries them. Only services the product offers are taken, one of each.
 */
export async function buyBoxServices(
  db: Kysely<Database>,
  input: {
    form: Record<string, unknown>;
    ref: string | null;
    marketplaceId: string;
    zip: string | null;
    /** Services the form already carries as asin.{i} (the page's script writes them so). */
    alreadyCarried: readonly string[];
  },
): Promise<BuyBoxServices> {
  const page = String(input.form.ASIN);
  const marketplace = marketplaceById(input.marketplaceId) as Marketplace;
  const chosen = Object.entries(input.form).flatMap(([key, value]) =>
    SERVICE_FIELD.test(key) && typeof value === 'string' && value !== '' && value !== REMOVE_OFFER
      ? [value]
      : [],
  );
  const refService = VAS_BUY_BOX_REF.exec(input.ref ?? '');
  if (chosen.length === 0 && !refService) return { ok: true, items: [] };
  const widget = await findAddOnWidget(db, page);
  const offered = new Set(
    widget?.services.flatMap((s) => [s.service_asin, ...(s.upgrade_asin ? [s.upgrade_asin] : [])]) ?? [],
  );
  const association = { itemAssociation: associationWith(page) };
  const items: CartApiItem[] = [];
  const taken = new Set(input.alreadyCarried);
  const wanted = [...chosen];
  if (refService) {
    const [, asin, serviceAsin] = refService as unknown as [string, string, string];
    if (asin !== page) return { ok: false, message: 'The chosen service is not offered with this item.' };
    wanted.push(serviceAsin);
  }
  const zip = input.zip ? shortenPostalCode(input.zip, marketplace.countryCode) : null;
  for (const serviceAsin of wanted) {
    if (!offered.has(serviceAsin)) {
      return { ok: false, message: 'The chosen service is not offered with this item.' };
    }
    if (taken.has(serviceAsin)) continue;
    taken.add(serviceAsin);
    const offer = offerView(
      await offersForZip(db, marketplace, [serviceAsin], zip),
      { asin: serviceAsin, isUpsellCritical: false, hasPrecheckEnabled: false },
      marketplace,
    );
    if (!offer) return { ok: false, message: 'The chosen service is not offered at your ZIP code.' };
    items.push({
      asin: serviceAsin,
      offerListingId: offer.offerListingId,
      quantity: SERVICE_QUANTITY,
      additionalParameters: association,
    });
  }
  return { ok: true, items };
}
