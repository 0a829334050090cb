import type { FastifyInstance } from 'fastify';
import type { CreatedGroceryProduct } from '../factories/grocery-factory';
import { Shopper } from './test-app';

/** A shopper on a grocery product's page who calls the grocery endpoints the way the page does. */
export class GroceryShopper extends Shopper {
  constructor(app: FastifyInstance) {
    super(app);
  }

  json(method: 'POST' | 'GET' | 'PUT', url: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request({
      method,
      url,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        'x-csrf-token': this.csrfToken,
        ...headers,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  }

  /** The grocery add payload (GRO-004) for a product in its first store. */
  payload(product: CreatedGroceryProduct, quantity: number, extra: Record<string, unknown> = {}) {
    const store = product.grocery.stores[0];
    return {
      clientID: 'dp-atfc',
      asin: product.asin,
      storeId: store?.storeId ?? '',
      brandId: product.grocery.brandId,
      quantity,
      sessionID: this.sessionId,
      offerListingDiscriminator: product.grocery.offerListingDiscriminator,
      ...extra,
    };
  }

  addFresh(
    product: CreatedGroceryProduct,
    quantity: number,
    extra: Record<string, unknown> = {},
    query = '',
  ) {
    return this.json('POST', `/alm/addtofreshcart${query}`, this.payload(product, quantity, extra));
  }

  async freshLines(): Promise<{ asin: string; quantity: number; cartType: string }[]> {
    const response = await this.request({ method: 'GET', url: '/api/marketplaces/ATVPDKIKX0DER/cart/items' });
    return (response.json() as { entity: { items: { asin: string; quantity: number; cartType: string }[] } })
      .entity.items;
  }
}
