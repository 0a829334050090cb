import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { recordFreshLineStore } from '../../src/server/db/repositories/fresh-cart-repository';
import { receiveTradeIn } from '../../src/server/services/trade-in/trade-in-operator';
import { createCart } from '../factories/cart-factory';
import { type CreatedCustomer, createCustomer } from '../factories/customer-factory';
import { createDemoCopies } from '../factories/demo-products';
import {
  type CreatedGroceryProduct,
  createFreshOrder,
  createGroceryAddress,
  createGroceryProduct,
  createSlotReservation,
} from '../factories/grocery-factory';
import { type CreatedList, createList } from '../factories/list-factory';
import { type CreatedProduct, createProduct } from '../factories/product-factory';
import { type CreatedRegistry, createRegistry } from '../factories/registry-factory';
import { ANSWERS, createTradeInDevice } from '../factories/trade-in-factory';
import { uniqueCode } from '../factories/unique';
import { GroceryShopper } from '../helpers/grocery-shopper';
import {
  type DocumentedRoute,
  documentedRoutes,
  type JsonSchema,
  type OpenApiDocument,
  registeredRoutes,
  routeKey,
  validValue,
} from '../helpers/openapi-routes';
import { snapshotTables } from '../helpers/table-snapshot';
import { createTestApp, type TestContext } from '../helpers/test-app';
import { dialects } from '../helpers/test-store';

// Authorization, proved on every route that names a customer's object or reads the caller's own data
// (decision 0063). The routes come from the published OpenAPI document plus the app's route list (as
// the malformed-requests test reads them); each field that names an object is filled from a first
// shopper's world, and the request is sent as a second signed-in shopper and as an anonymous visitor.
// Each answer is a refusal (401, 403, 404, or a 303 to sign-in or back with the error), never a 5xx,
// no answer shows the owner's things, and no table changes. The very same request sent by the owner
// succeeds: the refusal is the owner check, not a malformed request. A route the test cannot classify
// (an id-like field it does not know, a hidden route not listed, a signed-in route in no list) fails.

const US = 'ATVPDKIKX0DER';
const FORM = 'application/x-www-form-urlencoded';
/** Fewer routes than this means coverage shrank: the list of covered routes is in the failure. */
const MIN_OWNED_ROUTES = 75;

/**
 * Tables a refused request may change: the rate limits count every request, refused or not (decision
 * 0043); a visitor's session row is touched as it is used; an anonymous visitor's add to a list waits
 * for sign-in in list_pending_adds, tied to its session (decision 0060): the visitor's own row, which
 * the test then runs by signing the visitor in (the owner's lists must still not change). None of them
 * is the owner's. Nothing else is ignored: an idempotency key is stored only for an accepted write.
 */
const CHANGE_ON_EVERY_REQUEST = new Set(['rate_limit_counters', 'sessions', 'list_pending_adds']);

/** The kinds of a customer's objects a request can name. */
type Kind =
  | 'cartLine'
  | 'freshCartLine'
  | 'order'
  | 'freshOrder'
  | 'address'
  | 'slot'
  | 'list'
  | 'listRowId'
  | 'listShareToken'
  | 'registry'
  | 'registryItem'
  | 'registryGroupGiftItem'
  | 'registryType'
  | 'tradeIn'
  | 'tradeInItem'
  | 'tradeInCartItem'
  | 'customer'
  | 'session';

/**
 * A field name, and the kind of object it names on a route: 'public' when it names nothing a customer
 * owns there, null when the test does not know (the classification fails).
 */
const OWNED_FIELDS: Record<string, (path: string) => Kind | 'public' | null> = {
  lineId: (p) => (p.startsWith('/alm/') ? 'freshCartLine' : 'cartLine'),
  // An accessory or plan line hangs under a line of the caller's cart.
  associatedItemId: () => 'cartLine',
  id: (p) =>
    p.startsWith('/api/sponsored-products/')
      ? 'public'
      : p.startsWith('/api/marketplaces/:marketplaceId/cart/')
        ? 'cartLine'
        : p.startsWith('/tradein/')
          ? 'tradeIn'
          : p.startsWith('/registries/')
            ? 'registry'
            : p === '/create/collection'
              ? 'list'
              : null,
  itemId: (p) =>
    p === '/tradein/hzw/cart/remove'
      ? 'tradeInCartItem'
      : p.startsWith('/tradein/')
        ? 'tradeInItem'
        : p === '/registries/guest-view/contribute'
          ? 'registryGroupGiftItem'
          : p.startsWith('/registries/')
            ? 'registryItem'
            : null,
  orderId: (p) => (p.startsWith('/fom/') ? 'freshOrder' : 'order'),
  addressId: () => 'address',
  newGlowAddressId: () => 'address',
  listExternalId: () => 'list',
  listId: () => 'listRowId',
  registryId: () => 'registry',
  type: (p) => (p.startsWith('/registries/') ? 'registryType' : null),
  // A slot's token is the reservation itself; a list's share token opens a shared list to others.
  token: (p) =>
    p === '/afx/slotselection/cancel' || p === '/alm/checkout/place-order'
      ? 'slot'
      : p === '/create/collection'
        ? 'listShareToken'
        : null,
  // The delivery-promise check must name the caller's own customer and session.
  customerId: (p) => (p === '/gp/product/ajax/deep-check-promise' ? 'customer' : null),
  sessionId: (p) => (p === '/gp/product/ajax/deep-check-promise' ? 'session' : null),
};

/** Id-like names that name nothing a customer owns: the catalog's ids, tokens of the caller's own page. */
const PUBLIC_IDS = new Set([
  'marketplaceId',
  'dealId',
  'adId',
  'storeId',
  'brandId',
  'almBrandId',
  'almStoreId',
  'offerListingId',
  'merchantId',
  'vendorId',
  'sourceVendorId',
  'bundleId',
  'installmentsProgramId',
  'encryptedPromotionId',
  'clientID',
  'clientId',
  'requestId',
  'relatedRequestID',
  'programId',
  'qsUID',
  // A page metric's event names.
  'schemaId',
  'producerId',
  // The grocery add's echo of the page's session (the cart it adds to is the cookie's, GRO-004).
  'sessionID',
  'csrfToken',
  'slateToken',
  'requestToken',
  'customizationToken',
  'token',
]);
/** JSON routes that name their own media type (the OpenAPI document says application/json). */
const MEDIA_TYPES: Record<string, string> = {
  'POST /api/marketplaces/:marketplaceId/cart/carts/retail/items':
    'application/vnd.com.amazon.api+json; type="cart.add-items.request/v1"',
};
const ID_LIKE = /(^id|Id|ID)$|[tT]oken$/;

/**
 * Routes the OpenAPI document hides, each classified by hand: the owned fields its query or form
 * carries, 'own' (it reads or writes the caller's own things), or 'none' (it names nothing owned). A
 * hidden route missing here fails the test.
 */
const HIDDEN: Record<string, { query?: string[]; form?: Record<string, string> } | 'own' | 'none'> = {
  'GET /fom/orders/:orderId': {},
  'GET /hz/wishlist/ls/:listExternalId': {},
  'GET /gp/registry/wishlist/:listExternalId': {},
  'GET /gp/registry/giftlist/:listExternalId': {},
  'GET /registries/:type/:id/dpx-get-registry-tags': {},
  'GET /gp/buy/thankyou/handlers/display.html': { query: ['orderId'] },
  'GET /create/collection': { query: ['id', 'token'] },
  'GET /registries/:type/owner-view': { query: ['registryId'] },
  'GET /registries/:type/guest-view': { query: ['registryId'] },
  'POST /alm/cart/remove': { form: { lineId: '' } },
  'POST /gp/cart/update.html': { form: { lineId: '', quantity: '3', action: 'update' } },
  'POST /alm/checkout/place-order': { form: { storeId: '', token: '' } },
  'GET /alm/checkout': 'own',
  'GET /alm/storefront': 'own',
  'GET /afx/cartconflicts/resolve/substitute': 'own',
  'GET /hz/wishlist/ls': 'own',
  'GET /gp/css/homepage.html': 'own',
  'GET /gp/cart/view.html': 'own',
  'GET /gp/buy/spc/handlers/display.html': 'own',
  'GET /gp/buy/basket/ff.html': 'own',
  'GET /registries': 'own',
  'GET /wedding/organize-registry': 'own',
  'GET /baby-reg/': 'own',
  'GET /tradein': 'own',
  // Writes of the caller's own cart, order, session or new things, naming no object of anyone's.
  'POST /alm/atfcGenericErrorModal/': 'none',
  'POST /afx/slotselection/reserve': 'none',
  'POST /gp/sign-in.html': 'none',
  'POST /gp/add-to-cart/json/': 'none',
  'POST /gp/buy/spc/handlers/place-order.html': 'none',
  'POST /gp/buy/basket/ff.html': 'none',
  'POST /gp/product/handle-buy-box': 'none',
  'POST /gp/product/handle-buy-box/ref=:ref': 'none',
  // Its id is an add waiting for sign-in: the attack test's last step sends one of another session's.
  'GET /hz/wishlist/after-sign-in': 'none',
  // Pages of the catalog, help and sign-in.
  'GET /': 'none',
  'GET /metrics': 'none',
  'GET /api/openapi.json': 'none',
  'GET /*': 'none',
  'GET /favicon.svg': 'none',
  'GET /favicon.ico': 'none',
  'GET /gp/sign-in.html': 'none',
  'GET /gp/help/returns.html': 'none',
  'GET /gp/help/repeat-delivery.html': 'none',
  'GET /gp/help/installments.html': 'none',
  'GET /gp/help/quantity-discounts.html': 'none',
  'GET /gp/help/bulk-orders.html': 'none',
  'GET /gp/help/secure-payments.html': 'none',
  'GET /gp/collect-coupon/handler/redeem_coupon_after_login.html': 'none',
  'GET /gp/product/:asin': 'none',
  'GET /gp/product/:asin/ref=:tag': 'none',
  'GET /dp/:asin': 'none',
  'GET /dp/:asin/': 'none',
  'GET /dp/:asin/ref=:ref': 'none',
  'GET /registries/new': 'none',
  'GET /wedding/new-registry': 'none',
  'GET /wedding/nosignin': 'none',
  'GET /baby-reg/signup': 'none',
};

/**
 * Documented routes that may answer 401 (they know the signed-in customer) but name no object: 'own'
 * when they read or change the caller's own things (sent to check nothing of the owner's shows), 'none'
 * when they only create the caller's own (a new list, a cart line, a registry). A new signed-in route in
 * neither list fails the test. The reads of the session's cart and addresses are here too (they answer
 * an anonymous visitor its own).
 */
const SIGNED_IN: Record<string, 'own' | 'none'> = {
  'GET /api/marketplaces/:marketplaceId/cart/count': 'own',
  'GET /api/marketplaces/:marketplaceId/cart/items': 'own',
  'GET /api/marketplaces/:marketplaceId/cart/summary': 'own',
  'GET /alm/addtofreshcart/cartcount': 'own',
  'GET /portal-migration/hz/glow/get-rendered-address-selections': 'own',
  'GET /tradein/hzw/cart': 'own',
  'GET /tradein/hzw/review': 'own',
  'GET /tradein/hzw/tradeins': 'own',
  'GET /tradein/hzw/balance': 'own',
  'GET /tradein/hzw/getCustomerItems': 'own',
  'GET /tradein/hzw/recycleAndSave/getView': 'own',
  'POST /tradein/hzw/submit': 'own',
  'GET /hz/wishlist/addtolist': 'own',
  'GET /hz/wishlist/create': 'own',
  'GET /registries/dpx/desktop/list-registry': 'own',
  'GET /wedding/modal/external-add-to-registry': 'own',
  'GET /baby-reg/dp-post-atbr-recommendation': 'own',
  'GET /baby-reg/dp-post-atbr-status': 'own',
  'GET /baby-reg/dp-post-atbr-close': 'own',
  'POST /baby-reg/dp-post-atbr-status-manage-must-have': 'own',
  'POST /baby-reg/dp-post-atbr-status-manage-group-gifting': 'own',
  'POST /baby-reg/dp-post-atbr-status-manage-private': 'own',
  'POST /baby-reg/dp-post-atbr-status-manage-request-quantity': 'own',
  'POST /repeatitems/psa/v1/update': 'own',
  'POST /repeatitems/psa/v1/skip': 'own',
  'POST /fom/add-to-fresh-order': 'own',
  'POST /fom/add-to-fresh-order/ref=:reftag': 'own',
  'GET /tradein/hzw/search': 'none',
  'GET /tradein/hzw/wirelessTradeInSearchRefinements': 'none',
  'GET /tradein/hzw/questions': 'none',
  'GET /tradein/hzw/offer': 'none',
  'GET /tradein/hzw/dropOffLocations': 'none',
  'POST /tradein/hzw/cart/add': 'none',
  'POST /tradein/hzw/recycleAndSave/claimPromo': 'none',
  'POST /repeatitems/psa/v1/add': 'none',
  'POST /alm/addtofreshcart': 'none',
  'POST /alm/addtocart/multiple': 'none',
  'POST /portal-migration/hz/glow/address-change': 'none',
  'POST /gp/collect-coupon/handler/redeem-coupon-detailpage.html': 'none',
  'POST /api/marketplaces/:marketplaceId/products/:asin/invitation': 'none',
  'POST /gp/digital-dash/ajax/create-button.html': 'none',
  'POST /registries': 'none',
  'POST /baby-reg/button-action/atbr-dpx': 'none',
  'POST /hz/wishlist/create/newlist': 'none',
  'POST /hz/wishlist/ajax/createlist': 'none',
  'POST /hz/wishlist/ajax/createlistandadditem': 'none',
};

/**
 * Routes where an owned id only picks among the caller's own things: another's id is not refused but
 * ignored (the answer must still show nothing of the owner's). The store sheet shows the chosen address
 * only when it is one of the caller's (GRO-026).
 */
const PICKS_AMONG_OWN = new Set(['GET /mulon/alm-sis']);

/**
 * A route's own refusal of an object that is not the caller's, beyond 401, 403 and 404, by its error
 * code: a protection plan names the line of the caller's cart it protects, and another's line is not in
 * it (decision 0014).
 */
const OWN_REFUSALS: Record<string, string> = {
  'POST /api/marketplaces/:marketplaceId/cart/carts/retail/items': 'plan_without_device',
};

/** Routes whose owned fields are alternatives (the list by its id or by its external id), sent one at a time. */
const ALTERNATIVES = new Set(['POST /create/api/addToList']);

/** Routes a public list's or registry's visitors may use: sent against the private one only. */
const GUEST_ROUTES = new Set([
  'GET /hz/wishlist/ls/:listExternalId',
  'GET /gp/registry/wishlist/:listExternalId',
  'GET /gp/registry/giftlist/:listExternalId',
  'GET /registries/:type/guest-view',
  'GET /registries/dpx-add-to-registry/:type/:id',
  'GET /registries/:type/:id/dpx-get-registry-tags',
  'POST /registries/guest-view/add-to-cart',
  'POST /registries/guest-view/contribute',
  // A giver puts a public list's item in their own cart; only the owner's move takes it off the list.
  'POST /hz/wishlist/ls/:listExternalId/items/:asin/to-cart',
  'GET /create/collection',
]);

/** The catalog the owners' things are made of (public: anyone may read it). */
type Catalog = {
  /** A tablet: the owner's cart line, and the device a protection plan line hangs under. */
  retail: { asin: string; offerListingId: string };
  plan: { asin: string; offerListingId: string };
  grocery: CreatedGroceryProduct;
  gift: CreatedProduct;
  groupGift: CreatedProduct;
};

/** A shopper's things, made by the factories (and the trade-in and repeat delivery through the API). */
type World = {
  customer: CreatedCustomer;
  shopper: GroceryShopper;
  cartLine: string;
  freshCartLine: string;
  order: string;
  freshOrder: string;
  address: string;
  slot: string;
  lists: { private: CreatedList; public: CreatedList };
  registries: { private: CreatedRegistry; public: CreatedRegistry };
  tradeIn: string;
  tradeInItem: string;
  tradeInCartItem: string;
  /** Words only the owner's pages show. */
  markers: string[];
  /** The owner's ids: a route that names none of them must not answer one. */
  ids: string[];
};
type Variant = 'private' | 'public';

/** One route to send, as the test classified it. */
type OwnedRoute = {
  key: string;
  method: string;
  path: string;
  /** Owned fields by where they go. */
  fields: { name: string; kind: Kind; in: 'path' | 'query' | 'body' }[];
  /** The query parameters it needs, with a valid value unless owned (filled from the world). */
  query: { name: string; value: string }[];
  body?: { contentType: string; schema: JsonSchema } | { form: Record<string, string> };
  class: 'names' | 'own';
};

/** Every field name a schema can carry, at any depth. */
function fieldNames(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  return [
    ...Object.entries(schema.properties ?? {}).flatMap(([name, s]) => [name, ...fieldNames(s)]),
    ...fieldNames(schema.items),
    ...(schema.anyOf ?? []).flatMap(fieldNames),
  ];
}

function objectOf(kind: Kind, world: World, variant: Variant): string {
  switch (kind) {
    case 'list':
      return world.lists[variant].external_id;
    case 'listRowId':
      return world.lists[variant].id;
    case 'listShareToken':
      return world.lists[variant].share_token ?? 'no-share-token';
    case 'registry':
      return world.registries[variant].id;
    case 'registryItem':
      return world.registries[variant].itemIds[0] ?? '';
    case 'registryGroupGiftItem':
      return world.registries[variant].itemIds[1] ?? '';
    case 'registryType':
      return world.registries[variant].type;
    case 'customer':
      return world.customer.id;
    case 'session':
      return world.shopper.sessionId;
    default:
      return world[kind];
  }
}

/** The asin a route's request speaks of: the item of the owner's list or registry, else the catalog's. */
function asinFor(path: string, catalog: Catalog): string {
  if (path.startsWith('/hz/wishlist') || path.startsWith('/create/') || /regist|baby-reg|wedding/.test(path))
    return catalog.gift.asin;
  if (/^\/(repeatitems|fom|alm|mulon)\b/.test(path)) return catalog.grocery.asin;
  return catalog.retail.asin;
}

/** Values a well-formed request of each route carries beyond its owned fields (what the owner sends). */
function routeBody(key: string, catalog: Catalog, world: World): Record<string, unknown> {
  const store = catalog.grocery.grocery.stores[0]?.storeId ?? '';
  const grocery = {
    clientID: 'dp-atfc',
    asin: catalog.grocery.asin,
    storeId: store,
    brandId: catalog.grocery.grocery.brandId,
    quantity: 1,
    sessionID: world.shopper.sessionId,
    offerListingDiscriminator: catalog.grocery.grocery.offerListingDiscriminator,
  };
  const bodies: Record<string, Record<string, unknown>> = {
    'PUT /api/marketplaces/:marketplaceId/cart/carts/retail/items': { items: [{ id: '', quantity: 3 }] },
    // A protection plan for a line of the cart (decision 0014).
    'POST /api/marketplaces/:marketplaceId/cart/carts/retail/items': {
      items: [
        {
          ...catalog.plan,
          quantity: 1,
          additionalParameters: {
            itemAssociation: {
              associatedItemId: '',
              renderType: 'renderAll',
              programType: 'AmazonProtect',
              deleteConstraint: { mutuallyInclusive: false },
            },
          },
        },
      ],
    },
    'POST /fom/add-to-fresh-order': grocery,
    'POST /fom/add-to-fresh-order/ref=:reftag': grocery,
    'POST /repeatitems/psa/v1/update': {
      quantity: { quantity: 2, unit: 'bunch' },
      cadence: 4,
      clientContext: { asin: catalog.grocery.asin },
    },
    'POST /repeatitems/psa/v1/skip': { clientContext: { asin: catalog.grocery.asin } },
    'POST /tradein/hzw/tradeins/:id/appraisal': { choice: 'ACCEPT_WORSE' },
    'POST /registries/owner-view/update-item': { requestedQuantity: 5 },
    'POST /registries/owner-view/settings': { privacy: 'shared' },
    'POST /registries/guest-view/add-to-cart': { quantity: 1 },
    'POST /registries/guest-view/contribute': { amountMinor: 500 },
    'POST /registries/registry-products/addProduct': { asin: catalog.retail.asin, desiredQuantity: 1 },
    'POST /wedding/registry-items/addItems': { items: [{ asin: catalog.retail.asin, requestedQuantity: 1 }] },
    'POST /hz/wishlist/ls/:listExternalId/rename': { listName: 'Renamed by someone' },
    'POST /hz/wishlist/ls/:listExternalId/privacy': { privacy: 'public' },
    'POST /hz/wishlist/ls/:listExternalId/items/:asin/update': { quantity: 4 },
    'POST /hz/wishlist/additemtolist': { asin: catalog.retail.asin, quantity: 1 },
    'POST /hz/wishlist/addasin': { asin: catalog.retail.asin, quantity: 1 },
    'POST /create/api/addToList': { asin: catalog.retail.asin, quantity: 1 },
    'POST /portal-migration/hz/glow/address-change': {},
    'POST /gp/product/ajax/deep-check-promise': {
      asin: catalog.retail.asin,
      buyingOptionIndex: 0,
      device: 'desktop',
      marketplaceId: US,
      merchantId: US,
      requestId: 'req-1',
      slateToken: world.shopper.slateToken,
    },
    'POST /tradein/hzw/submit': {},
  };
  return bodies[key] ?? {};
}

/** Puts the owner's object into every owned field of a body, at any depth. */
function fillOwned(value: unknown, path: string, fill: (kind: Kind) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => fillOwned(v, path, fill));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([name, v]) => {
        const kind = OWNED_FIELDS[name]?.(path);
        return [name, kind && kind !== 'public' ? fill(kind) : fillOwned(v, path, fill)];
      }),
    );
  }
  return value;
}

type Answer = { statusCode: number; headers: Record<string, unknown>; body: string };

/**
 * What is wrong with a visitor's answer on a route, or null: a 5xx, the owner's words shown, or (on a
 * route naming an object, or any write) anything but a refusal: 401, 403, 404, the route's own refusal
 * code, a 4xx for a write of the caller's own things, or a 3xx to sign-in or back with the error.
 */
function verdict(route: Pick<OwnedRoute, 'key' | 'method' | 'class'>, answer: Answer, markers: string[]) {
  const status = answer.statusCode;
  const location = String(answer.headers.location ?? '');
  const leaked = markers.filter((m) => answer.body.includes(m) || location.includes(m));
  if (status >= 500) return '5xx';
  if (leaked.length) return `shows ${leaked.join(', ')}`;
  if (route.class === 'own' && route.method === 'GET') return null;
  const code = /"code":"([^"]+)"/.exec(answer.body)?.[1];
  const refused =
    [401, 403, 404].includes(status) ||
    (status >= 400 && status < 500 && code !== undefined && OWN_REFUSALS[route.key] === code) ||
    (route.class === 'own' && status >= 400 && status < 500) ||
    (status >= 300 && status < 400 && /sign-in|[?&]error=/.test(location));
  return refused ? null : 'not refused';
}

test('the verdict takes a refusal and reports an accepted, failed or revealing answer', () => {
  const update = { key: 'POST /registries/owner-view/update-item', method: 'POST', class: 'names' as const };
  const answer = (statusCode: number, body = '{}', location?: string) => ({
    statusCode,
    headers: location ? { location } : {},
    body,
  });
  expect(verdict(update, answer(404, '{"error":{"code":"registry_not_found"}}'), ['Secret'])).toBeNull();
  expect(verdict(update, answer(303, '', '/gp/sign-in.html?path=%2F'), ['Secret'])).toBeNull();
  // The owner check removed: the stranger's change is accepted.
  expect(verdict(update, answer(200, '{"ok":true}'), ['Secret'])).toBe('not refused');
  expect(verdict(update, answer(422, '{"error":{"code":"bad"}}'), ['Secret'])).toBe('not refused');
  expect(verdict(update, answer(500), ['Secret'])).toBe('5xx');
  const page = { key: 'GET /hz/wishlist/ls', method: 'GET', class: 'own' as const };
  expect(verdict(page, answer(200, '<h1>Your lists</h1>'), ['Secret'])).toBeNull();
  expect(verdict(page, answer(200, '<h1>Secret</h1>'), ['Secret'])).toBe('shows Secret');
});

describe.each(dialects)('authorization on %s', (dialect) => {
  let ctx: TestContext;
  let doc: OpenApiDocument;
  let tree: string;
  let catalog: Catalog;
  let owner: World;
  let other: GroceryShopper;
  /** A third shopper with things of their own, for requests that mix theirs with the owner's. */
  let mixer: World;
  let anonymous: GroceryShopper;
  /** The account the anonymous visitor signs in to at the end. */
  let later: CreatedCustomer;

  const signedIn = async (customer: CreatedCustomer) => {
    const shopper = new GroceryShopper(ctx.app);
    await shopper.signIn(customer.email, customer.password);
    await shopper.visit(`/dp/${catalog.grocery.asin}`);
    return shopper;
  };

  /** A customer's things: a cart and fresh cart line, orders, an address, a slot, lists, registries, trade-ins. */
  async function buildWorld(customer: CreatedCustomer, shopper: GroceryShopper): Promise<World> {
    const db = ctx.store.db;
    const now = ctx.clock.now;
    const code = uniqueCode(8);
    const store = catalog.grocery.grocery.stores[0];
    const ownerOf = { type: 'customer' as const, id: customer.id };
    const retailLine = catalog.retail;
    const { lineIds } = await createCart(db, ownerOf, [retailLine], { now });
    const fresh = await createCart(
      db,
      ownerOf,
      [{ asin: catalog.grocery.asin, offerListingId: `OL-${catalog.grocery.asin}-NEW` }],
      { now, cartType: 'FRESH' },
    );
    const freshCartLine = fresh.lineIds[0] ?? '';
    await recordFreshLineStore(db, freshCartLine, store?.storeId ?? '', catalog.grocery.grocery.brandId);
    const address = await createGroceryAddress(
      db,
      customer.id,
      { line1: `${code} Owner Secret Way` },
      { select: true, now },
    );
    const freshOrder = await createFreshOrder(db, {
      customerId: customer.id,
      storeId: store?.storeId ?? '',
      addressId: address,
      cutoffAt: now + 86_400_000,
      now,
    });
    const slot = await createSlotReservation(db, ownerOf, store?.storeId ?? '', { now });
    const lists = {
      private: await createList(db, customer.id, {
        name: `Owner secret list ${code}`,
        items: [{ asin: catalog.gift.asin }],
      }),
      public: await createList(db, customer.id, {
        name: `Owner public list ${code}`,
        privacy: 'public',
        items: [{ asin: catalog.gift.asin }],
      }),
    };
    const registries = {
      private: await createRegistry(db, {
        customerId: customer.id,
        type: 'wedding',
        privacy: 'private',
        name: `Owner secret registry ${code}`,
        items: [
          { asin: catalog.gift.asin, requested: 2 },
          { asin: catalog.groupGift.asin, requested: 1, groupGifting: true },
        ],
        now,
      }),
      public: await createRegistry(db, {
        customerId: customer.id,
        type: 'wedding',
        items: [
          { asin: catalog.gift.asin, requested: 2 },
          { asin: catalog.groupGift.asin, requested: 1, groupGifting: true },
        ],
        now,
      }),
    };
    const json = (method: 'POST' | 'GET', url: string, body?: unknown) => shopper.json(method, url, body);
    // A device of its own: the trade-in cart takes one of each.
    const device = await createTradeInDevice(db, { productGroup: 'gl_wireless', newValue: 1 }, { now });
    const placed = await shopper.postForm('/gp/buy/spc/handlers/place-order.html', {
      source: 'buy-now',
      asin: catalog.retail.asin,
      offerListingId: retailLine.offerListingId,
      quantity: '1',
      fullName: customer.name,
      line1: '410 Terry Ave N',
      city: 'Seattle',
      state: 'WA',
      postalCode: '98109',
    });
    const order = /orderId=([^&]+)/.exec(String(placed.headers.location))?.[1] ?? '';
    expect(order, `the owner's order: ${placed.statusCode} ${placed.headers.location}`).not.toBe('');
    const added = await json('POST', '/tradein/hzw/cart/add', {
      asin: device.asin,
      answers: ANSWERS.LikeNew,
    });
    expect(added.statusCode, added.body).toBe(200);
    const submitted = await json('POST', '/tradein/hzw/submit', {});
    const tradeIn = (submitted.json() as { tradeInId: string }).tradeInId;
    await receiveTradeIn(db, tradeIn, 'Damaged', now, { warn: () => {} });
    const read = await json('GET', `/tradein/hzw/tradeins/${tradeIn}`);
    expect(read.statusCode, `${submitted.body} ${read.body}`).toBe(200);
    const detail = read.json() as { items: { itemId: string }[] };
    await json('POST', '/tradein/hzw/cart/add', { asin: device.asin, answers: ANSWERS.LikeNew });
    const cart = (await json('GET', '/tradein/hzw/cart')).json() as { items: { itemId: string }[] };
    const repeat = await json('POST', '/repeatitems/psa/v1/add', {
      clientContext: { asin: catalog.grocery.asin, pageType: 'Detail' },
      asins: [catalog.grocery.asin],
    });
    expect([200, 409], repeat.body).toContain(repeat.statusCode);
    return {
      customer,
      shopper,
      cartLine: lineIds[0] ?? '',
      freshCartLine,
      order,
      freshOrder,
      address,
      slot,
      lists,
      registries,
      tradeIn,
      tradeInItem: detail.items[0]?.itemId ?? '',
      tradeInCartItem: cart.items[0]?.itemId ?? '',
      markers: [lists.private.name, registries.private.name, `${code} Owner Secret Way`, customer.email],
      ids: [
        lineIds[0] ?? '',
        freshCartLine,
        order,
        freshOrder,
        address,
        slot,
        tradeIn,
        lists.private.external_id,
      ],
    };
  }

  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    const db = ctx.store.db;
    const now = ctx.clock.now;
    const copies = await createDemoCopies(db, ['B0PDPTAB01'], { now });
    catalog = {
      retail: copies.item('B0PDPTAB01'),
      plan: copies.item('B0PDPPRT01'),
      grocery: await createGroceryProduct(db, { repeatDelivery: true }, { now }),
      gift: await createProduct(db, {}, { now }),
      groupGift: await createProduct(db, {}, { now }),
    };
    const ownerAccount = await createCustomer(
      db,
      { name: `Owner ${uniqueCode(6)}`, postalCode: '98109', paymentMethod: 'Visa ending 4242' },
      { now },
    );
    owner = await buildWorld(ownerAccount, await signedIn(ownerAccount));
    const otherAccount = await createCustomer(db, { postalCode: '98109' }, { now });
    other = await signedIn(otherAccount);
    const mixerAccount = await createCustomer(
      db,
      { postalCode: '98109', paymentMethod: 'Visa ending 1111' },
      { now },
    );
    mixer = await buildWorld(mixerAccount, await signedIn(mixerAccount));
    later = await createCustomer(db, {}, { now });
    anonymous = new GroceryShopper(ctx.app);
    await anonymous.visit(`/dp/${catalog.grocery.asin}`);
    doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    tree = ctx.app.printRoutes({ commonPrefix: false });
  }, 120_000);
  afterAll(() => ctx?.close());

  /** Every route, classified; the problems are what the test could not classify. */
  function classify() {
    const problems: string[] = [];
    const routes: OwnedRoute[] = [];
    const documented = new Map(documentedRoutes(doc).map((r) => [routeKey(r.method, r.path), r]));
    const owned = (path: string, name: string, where: OwnedRoute['fields'][number]['in']) => {
      const kind = OWNED_FIELDS[name]?.(path);
      if (kind === 'public') return [];
      if (kind) return [{ name, kind, in: where }];
      if (ID_LIKE.test(name) && !PUBLIC_IDS.has(name)) problems.push(`${path}: "${name}" names what?`);
      return [];
    };
    const add = (route: DocumentedRoute, key: string, own: boolean) => {
      const fields = [
        ...route.params.flatMap((p) => owned(route.path, p.name, 'path')),
        ...route.query.flatMap((p) => owned(route.path, p.name, 'query')),
        ...[...new Set(fieldNames(route.body?.schema))].flatMap((n) => owned(route.path, n, 'body')),
      ];
      if (!fields.length && !own) return;
      routes.push({
        key,
        method: route.method,
        path: route.path,
        fields,
        query: route.query
          .filter((q) => q.required)
          .map((q) => ({
            name: q.name,
            value: q.schema.enum?.length ? String(q.schema.enum[0]) : 'dp_test',
          })),
        ...(route.body ? { body: route.body } : {}),
        class: fields.length && !PICKS_AMONG_OWN.has(key) ? 'names' : 'own',
      });
    };
    for (const [key, route] of documented) {
      const signedInRoute = Object.values(doc.paths[route.path.replace(/:([A-Za-z_]+)/g, '{$1}')] ?? {}).some(
        (op) => '401' in ((op as { responses?: object }).responses ?? {}),
      );
      const listed = SIGNED_IN[key];
      add(route, key, listed === 'own');
      if (signedInRoute && !listed && !routes.some((r) => r.key === key))
        problems.push(`${key}: answers 401 but is in no list (SIGNED_IN)`);
    }
    for (const { method, path } of registeredRoutes(tree)) {
      const key = routeKey(method, path);
      if (method === 'HEAD' || method === 'OPTIONS' || documented.has(key)) continue;
      const hidden = HIDDEN[key];
      if (!hidden) {
        problems.push(`${key}: hidden from the document and not classified (HIDDEN)`);
        continue;
      }
      if (hidden === 'none') continue;
      const params = [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] ?? '');
      const fields = [
        ...params.flatMap((p) => owned(path, p, 'path')),
        ...(hidden === 'own' ? [] : (hidden.query ?? [])).flatMap((n) => owned(path, n, 'query')),
        ...Object.keys(hidden === 'own' ? {} : (hidden.form ?? {})).flatMap((n) => owned(path, n, 'body')),
      ];
      routes.push({
        key,
        method,
        path,
        fields,
        query: (hidden === 'own' ? [] : (hidden.query ?? [])).map((name) => ({ name, value: 'dp_test' })),
        ...(hidden !== 'own' && hidden.form ? { body: { form: hidden.form } } : {}),
        class: fields.length ? 'names' : 'own',
      });
    }
    for (const key of [...Object.keys(HIDDEN), ...Object.keys(SIGNED_IN)]) {
      const [method, path] = key.split(' ');
      if (!registeredRoutes(tree).some((r) => r.method === method && r.path === path))
        problems.push(`${key}: listed but the app has no such route`);
    }
    return { routes, problems };
  }

  /** The request a route gets, its owned fields naming the world's object of that variant. */
  function requestFor(
    route: OwnedRoute,
    world: World,
    variant: Variant,
    as: GroceryShopper,
    fill: (kind: Kind) => string = (kind) => objectOf(kind, world, variant),
    omit: Kind[] = [],
  ) {
    const value = (name: string, fallback = 'dp_test') => {
      const field = route.fields.find((f) => f.name === name);
      if (field) return fill(field.kind);
      if (name === 'marketplaceId') return US;
      if (name === 'asin') return asinFor(route.path, catalog);
      const grocery = catalog.grocery.grocery;
      if (name === 'almBrandId') return grocery.brandId;
      if (name === 'almStoreId') return grocery.stores[0]?.storeId ?? '';
      if (name === 'offerListingDiscriminator') return grocery.offerListingDiscriminator;
      return fallback;
    };
    const path = route.path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => encodeURIComponent(value(name)));
    const query = new URLSearchParams([
      ...route.query.map((q) => [q.name, value(q.name, q.value)]),
      ...route.fields
        .filter((f) => f.in === 'query' && !route.query.some((q) => q.name === f.name))
        .map((f) => [f.name, fill(f.kind)]),
      ...(/regist|baby-reg|wedding/.test(route.path) &&
      route.method === 'GET' &&
      !route.query.some((q) => q.name === 'asin')
        ? [['asin', catalog.gift.asin]]
        : []),
    ]).toString();
    const url = query ? `${path}?${query}` : path;
    const headers: Record<string, string> = {
      'x-csrf-token': as.csrfToken,
      'x-encrypted-slate-token': as.slateToken,
      accept: 'application/json',
    };
    if (!route.body) return { method: route.method, url, headers };
    if ('form' in route.body) {
      const form = fillOwned(route.body.form, route.path, fill) as Record<string, string>;
      if ('storeId' in form) form.storeId = catalog.grocery.grocery.stores[0]?.storeId ?? '';
      return {
        method: route.method,
        url,
        headers: { ...headers, 'content-type': FORM },
        payload: new URLSearchParams({ csrfToken: as.csrfToken, ...form }).toString(),
      };
    }
    const base = { ...(validValue(route.body.schema) as object), ...routeBody(route.key, catalog, world) };
    const body = fillOwned(base, route.path, fill) as Record<string, unknown>;
    // An optional owned field is sent too (it is what the request names), unless left out.
    for (const field of route.fields) {
      if (field.in !== 'body' || !(field.name in (route.body.schema.properties ?? {}))) continue;
      if (omit.includes(field.kind)) delete body[field.name];
      else body[field.name] = fill(field.kind);
    }
    for (const name of ['csrfToken', 'token'])
      if (name in (route.body.schema.properties ?? {})) body[name] = as.csrfToken;
    // The page's own session (the grocery adds check it is the caller's).
    if ('sessionID' in body) body.sessionID = as.sessionId;
    if ('asin' in body && typeof body.asin === 'string' && body.asin.length === 1)
      body.asin = asinFor(route.path, catalog);
    return {
      method: route.method,
      url,
      headers: { ...headers, 'content-type': MEDIA_TYPES[route.key] ?? route.body.contentType },
      payload: JSON.stringify(body),
    };
  }

  const variantsOf = (route: OwnedRoute): Variant[] =>
    route.fields.some((f) =>
      [
        'list',
        'listRowId',
        'registry',
        'registryItem',
        'registryGroupGiftItem',
        'registryType',
        'listShareToken',
      ].includes(f.kind),
    ) && !GUEST_ROUTES.has(route.key)
      ? ['private', 'public']
      : ['private'];

  test('every route is classified: the owned ones are listed, none is left unknown', () => {
    const { routes, problems } = classify();
    expect(problems, 'routes or fields the test cannot classify').toEqual([]);
    const names = routes.filter((r) => r.class === 'names').map((r) => r.key);
    expect(routes.length, `covered routes:\n${routes.map((r) => r.key).join('\n')}`).toBeGreaterThanOrEqual(
      MIN_OWNED_ROUTES,
    );
    // Each family of owned objects is in it.
    for (const kind of [
      'cartLine',
      'freshCartLine',
      'order',
      'freshOrder',
      'address',
      'slot',
      'list',
      'listRowId',
      'registry',
      'registryItem',
      'tradeIn',
      'tradeInItem',
      'tradeInCartItem',
    ] as const) {
      expect(
        routes.some((r) => r.fields.some((f) => f.kind === kind)),
        kind,
      ).toBe(true);
    }
    expect(names.length).toBeGreaterThanOrEqual(36);
  });

  test("another shopper and an anonymous visitor are refused every owned object, see none of the owner's things, and change no table", async () => {
    const { routes } = classify();
    const before = await snapshotTables(ctx.store, CHANGE_ON_EVERY_REQUEST);
    const failures: string[] = [];
    let sent = 0;
    const attempts: {
      route: OwnedRoute;
      label: string;
      visitor: GroceryShopper;
      req: ReturnType<typeof requestFor>;
    }[] = [];
    for (const route of routes) {
      for (const variant of variantsOf(route)) {
        attempts.push(
          {
            route,
            label: `(${variant}) as other`,
            visitor: other,
            req: requestFor(route, owner, variant, other),
          },
          {
            route,
            label: `(${variant}) as anonymous`,
            visitor: anonymous,
            req: requestFor(route, owner, variant, anonymous),
          },
        );
        // A request naming two objects, one the owner's and the rest the other shopper's own (their
        // registry with the owner's item): each pair is checked together, not one at a time. A registry's
        // type and a list's share token name no one's object on their own.
        const kinds = [...new Set(route.fields.map((f) => f.kind))].filter(
          (k) => k !== 'registryType' && k !== 'listShareToken',
        );
        if (route.class !== 'names' || kinds.length < 2) continue;
        for (const picked of kinds) {
          const fill = (kind: Kind) => objectOf(kind, kind === picked ? owner : mixer, variant);
          const omit = ALTERNATIVES.has(route.key) ? kinds.filter((k) => k !== picked) : [];
          attempts.push({
            route,
            label: `(${variant}) as a third shopper, ${omit.length ? 'naming' : 'only'} the ${picked} the owner's`,
            visitor: mixer.shopper,
            req: requestFor(route, mixer, variant, mixer.shopper, fill, omit),
          });
        }
      }
    }
    for (const { route, label, visitor, req } of attempts) {
      const response = await visitor.request(req as Parameters<GroceryShopper['request']>[0]);
      sent++;
      // A route naming no object cannot echo one of the owner's ids: any in its answer is a leak.
      const problem = verdict(route, response, [...owner.markers, ...(route.fields.length ? [] : owner.ids)]);
      if (problem)
        failures.push(
          `${problem}: ${route.key} ${label}: ${req.method} ${req.url} ${req.payload ?? ''} → ${response.statusCode} ${response.headers.location ?? ''} ${response.body.slice(0, 160)}`,
        );
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(2 * MIN_OWNED_ROUTES);
    expect(await snapshotTables(ctx.store, CHANGE_ON_EVERY_REQUEST)).toEqual(before);
    // The anonymous visitor's waiting adds name the owner's lists: signed in, they run and are refused.
    const waiting = await ctx.store.db.selectFrom('list_pending_adds').select('id').execute();
    expect(waiting.length).toBeGreaterThan(0);
    for (const { id } of waiting) {
      // Another signed-in shopper cannot run the visitor's waiting add.
      const taken = await other.request({ method: 'GET', url: `/hz/wishlist/after-sign-in?id=${id}` });
      expect(taken.statusCode, taken.body).toBeLessThan(500);
    }
    const resumed = await anonymous.signIn(later.email, later.password);
    expect(resumed.statusCode).toBe(303);
    for (const { id } of waiting) {
      const done = await anonymous.request({ method: 'GET', url: `/hz/wishlist/after-sign-in?id=${id}` });
      expect(done.statusCode, done.body).toBeLessThan(500);
    }
    expect(await snapshotTables(ctx.store, CHANGE_ON_EVERY_REQUEST)).toEqual(before);
  }, 120_000);

  test('the same requests from the owner are accepted: each refusal above is the owner check', async () => {
    const { routes } = classify();
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.fields.length)) {
      for (const variant of variantsOf(route)) {
        // A read uses the owner's world; each write gets a world of its own (a delete or an order must
        // not starve the next), a minute later (the world's trade-in submit is rate-limited, decision 0043).
        let world = owner;
        if (route.method !== 'GET') {
          ctx.clock.now += 61_000;
          world = await buildWorld(owner.customer, owner.shopper);
        }
        const req = requestFor(route, world, variant, owner.shopper);
        const response = await owner.shopper.request(req as Parameters<GroceryShopper['request']>[0]);
        const location = String(response.headers.location ?? '');
        const accepted =
          (response.statusCode >= 200 && response.statusCode < 300) ||
          (response.statusCode >= 300 && response.statusCode < 400 && !/sign-in|[?&]error=/.test(location));
        if (!accepted)
          failures.push(
            `${route.key} (${variant}): ${req.method} ${req.url} ${req.payload ?? ''} → ${response.statusCode} ${location} ${response.body.slice(0, 200)}`,
          );
      }
    }
    expect(failures).toEqual([]);
    // And the owner's own pages show the owner's things (the leak check above looks for words that show).
    for (const url of ['/hz/wishlist/ls', '/gp/css/homepage.html', `/api/marketplaces/${US}/cart/items`]) {
      const page = await owner.shopper.request({ method: 'GET', url, headers: { accept: 'text/html' } });
      const shown = [...owner.markers, ...owner.ids].filter((m) => page.body.includes(m));
      expect(shown.length, url).toBeGreaterThan(0);
    }
  }, 240_000);
});
