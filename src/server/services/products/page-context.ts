import type { ProductOfferView } from '../../../shared/contracts/pages/product-page';
import type { DeviceType } from '../../../shared/deal-constants';
import type { Marketplace } from '../../../shared/marketplaces';
import type { CartOwner } from '../../db/repositories/cart-repository';
import type { ProductRecord } from '../../db/repositories/product-repository';
import type { Customer } from '../../plugins/session';

/**
 * What every product page slice may read: the product (already read, it decides the 404), its
 * regular offer and who is looking. A slice takes the part it needs: `(db, context) → slice | null`.
 */
export type ProductPageContext = {
  marketplace: Marketplace;
  product: ProductRecord;
  /** The regular (NEW) offer as the page shows it, or null when the product has none. */
  offer: ProductOfferView | null;
  customer: Customer | null;
  csrfToken: string;
  owner: CartOwner;
  device: DeviceType;
  now: number;
};
