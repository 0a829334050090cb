import type { Kysely } from 'kysely';
import type { SmartHomeSliceResponse } from '../../../shared/contracts/smart-home';
import { marketplaceById } from '../../../shared/marketplaces';
import { currencyFractionDigits, fromMinorUnits, toPrice } from '../../../shared/money/price-format';
import { findProductBrief } from '../../db/repositories/product-repository';
import { findSmartHomeDevices } from '../../db/repositories/smart-home-repository';
import type { Database } from '../../db/schema';

/** The words of the badge's add button (SH-005 needs them in page state); `{count}` is filled in. */
const SMART_HOME_BUTTON_MESSAGES = {
  add: 'Add {count} to Cart',
  adding: 'Adding to Cart…',
  added: 'Added {count} to Cart',
  failed: 'These items could not be added to your cart. Please try again.',
};

/**
 * Deferred: the smart-home badge of a product (SH-001/002): its compatible devices that can be bought
 * now, each at its regular offer, with the page state the widget needs (currency, price format,
 * button messages, SH-005).
 */
export async function smartHomeSlice(
  db: Kysely<Database>,
  marketplaceId: string,
  asin: string,
): Promise<
  | { found: true; smartHome: SmartHomeSliceResponse['smartHome'] }
  | { found: false; reason: 'unknown_marketplace' | 'unknown_product' }
> {
  const marketplace = marketplaceById(marketplaceId);
  if (!marketplace) return { found: false, reason: 'unknown_marketplace' };
  if (!(await findProductBrief(db, asin))) return { found: false, reason: 'unknown_product' };
  const devices = (await findSmartHomeDevices(db, asin, marketplace.marketplaceId)).filter(
    (device) => device.buyable && device.stock > 0,
  );
  if (devices.length === 0) return { found: true, smartHome: null };
  return {
    found: true,
    smartHome: {
      pageState: {
        currencyCode: marketplace.currencyCode,
        priceFormat: { ...marketplace.priceFormat },
        buttonMessages: SMART_HOME_BUTTON_MESSAGES,
      },
      devices: devices.map((device) => ({
        asin: device.asin,
        offerlistingid: device.offerId,
        price: fromMinorUnits(device.priceMinor, currencyFractionDigits(device.currencyCode)),
        title: device.title,
        image: device.image ? { url: device.image.src, altText: device.image.alt } : null,
        displayPrice: toPrice(device.priceMinor, device.currencyCode, marketplace.priceFormat).displayString,
      })),
    },
  };
}
