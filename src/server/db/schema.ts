import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** A nullable column an insert may leave out. */
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

// Booleans are 0/1 integers, times are epoch milliseconds, money is integer minor units and
// structured fields are JSON text (decoded only in db/repositories), so the same queries read the same values on SQLite and PostgreSQL.

export interface MarketplaceTable {
  id: string;
  country_code: string;
  currency_code: string;
  language: string;
  name: string;
}

export interface CustomerTable {
  id: string;
  email: string;
  password_hash: string;
  name: string;
  is_prime: number;
  is_business: number;
  postal_code: string | null;
  created_at: number;
  /** The saved shipping address (JSON), 1-Click's destination. */
  shipping_address: Optional<string>;
  /** The saved payment method's label, e.g. "Visa ending 4242"; never card data. */
  payment_method: Optional<string>;
}

export interface SessionTable {
  id: string;
  customer_id: string;
  created_at: number;
  expires_at: number;
}

export interface SignInFailureTable {
  email: string;
  ip: string;
  at: number;
}

export interface ProductTable {
  asin: string;
  title: string;
  brand: string;
  product_group: string;
  family_id: string | null;
  variation_label: string | null;
  description: string;
  bullets: string;
  images: string;
  reviews: string;
  /** JSON of the catalog's accessories block (ACC-003), or null. */
  accessories: string | null;
  created_at: number;
  updated_at: number;
}

export interface OfferTable {
  id: string;
  asin: string;
  marketplace_id: string;
  merchant_id: string;
  merchant_name: string;
  condition_type: string;
  price_minor: number;
  list_price_minor: number | null;
  currency_code: string;
  stock: number;
  min_order_quantity: number;
  max_order_quantity: number | null;
  buyable: number;
  updated_at: number;
}

export interface QuantityTierTable {
  offer_id: string;
  minimum_quantity: number;
  price_minor: number;
  program: string | null;
  hidden: number;
  /** Percent off the offer's price in hundredths of a percent (2.5% is 250), or null for a fixed price. */
  percent_off_bp: Optional<number>;
  /** JSON of the tier's bulk-buying fragments ({ fragments: [{ text, url? }] }), or null. */
  buying_in_bulk: Optional<string>;
}

export interface CartTable {
  id: string;
  marketplace_id: string;
  owner_type: 'session' | 'customer';
  owner_id: string;
  cart_type: 'RETAIL' | 'FRESH';
  created_at: number;
  updated_at: number;
}

export interface CartItemTable {
  id: string;
  cart_id: string;
  asin: string;
  offer_id: string;
  quantity: number;
  additional_parameters: string | null;
  custom_attributes: string | null;
  associated_item_id: string | null;
  added_at: number;
}

export interface OrderTable {
  id: string;
  marketplace_id: string;
  customer_id: string | null;
  session_owner: string | null;
  status: string;
  subtotal_minor: number;
  currency_code: string;
  created_at: number;
  shipping_address: string | null;
  placed_via: string | null;
  payment_method: string | null;
  shipping_minor: number;
  tax_minor: number;
  /** Null for orders placed before totals were kept (their total is the subtotal). */
  total_minor: number | null;
}

export interface OrderItemTable {
  id: string;
  order_id: string;
  asin: string;
  offer_id: string;
  quantity: number;
  unit_price_minor: number;
  /** The order line this one was bought with (a service under its device); null for a line of its own. */
  parent_item_id: Optional<string>;
  /** The line's exact total (unit × quantity rounded once); null on orders placed before it was kept. */
  line_total_minor: Optional<number>;
}

export interface CouponRedemptionTable {
  customer_id: string;
  promotion_id: string;
  asin: string;
  redeemed_at: number;
  /** The order the coupon came off (decision 0014); null while it waits for one. */
  order_id: Generated<string | null>;
}

/** A coupon taken off an order, shown as its own line (decision 0014). */
export interface OrderDiscountTable {
  order_id: string;
  promotion_id: string;
  description: string;
  amount_minor: number;
}

export interface InvitationRequestTable {
  customer_id: string;
  asin: string;
  requested_at: number;
}

export interface DealTable {
  id: string;
  asin: string;
  offer_id: string;
  marketplace_id: string;
  deal_type: string;
  /** The public start; Prime early access opens early_access_ms before it. */
  start_time: number;
  end_time: number;
  total_units: number;
  /** Held + ordered + claimed before the import; never above total_units (table check). */
  claimed_units: number;
  max_per_customer: number;
  access_behavior: string | null;
  early_access_ms: number;
  waitlist_tickets: number;
  /** Waitlist tickets promoted so far (always the lowest ones): a waiting ticket's place is ticket − served. */
  waitlist_served: number;
  created_at: number;
}

/** The buy box options a product turns on (catalog/areas/buy-box.ts); one row per product. */
export interface ProductBuyBoxOptionsTable {
  asin: string;
  gift_wrap: number;
  preregistration_max_quantity: number | null;
  preregistration_default: number;
  installments_program_id: string | null;
  installments_months: number | null;
  high_demand: number;
  invite_button: 'request-invitation' | 'notify-details' | null;
  fresh: number;
  business: number;
  quantity_restriction_title: string | null;
  quantity_restriction_message: string | null;
}

/** A product's coupon (BB-028), found by its promotion id when a shopper redeems it. */
export interface ProductCouponTable {
  asin: string;
  encrypted_promotion_id: string;
  amount_off_minor: number;
  description: string;
}

/** How the business quantity picker shows a product to business customers (BIZ-009). */
export interface ProductBusinessSettingsTable {
  asin: string;
  picker: 'dropdown' | 'text-with-table';
  request_discount_url: string | null;
  buying_in_bulk_url: string | null;
  locked_merchant_discounts: number;
  summary_enabled: number;
  offers_link_enabled: number;
  devices_link_enabled: number;
  /** JSON of the configured picker texts (partial), or null. */
  messages: string | null;
}

/** The protection plan offered with a product's lightning deal (DEAL-004). */
export interface ProductProtectionPlanTable {
  asin: string;
  plan_asin: string;
}

/** VAS-003, VAS-010: how a product's add-on widget behaves (catalog/areas/add-on-services.ts). */
export interface ProductAddOnWidgetTable {
  asin: string;
  widget_name: string;
  interstitial: 'none' | 'buyable' | 'nonBuyable';
  do_redirect: number;
  show_sts_service_interstitial: number;
  show_siatc: number;
  attach_to_ldbb: number;
  multi_quantity_purchase_enabled: number;
  capabilities_image_src: string | null;
  capabilities_image_alt: string | null;
  digital_dash: number;
  digital_dash_path: string | null;
}

/** A service a product offers on its page, in the widget's order. */
export interface ProductAddOnServiceTable {
  asin: string;
  position: number;
  service_asin: string;
  upgrade_asin: string | null;
  is_upsell_critical: number;
  has_precheck_enabled: number;
  top_choice: number;
}

/** A product that is a service (installation or a protection plan). */
export interface ServiceProductTable {
  asin: string;
  kind: string;
}

/** VAS-008: what a service offer adds to its row in `offers`: where it is fulfilled and how. */
export interface ServiceOfferTable {
  offer_id: string;
  service_asin: string;
  fulfillment_type: string;
  is_cbm: number;
  address_line1: string | null;
  address_city: string | null;
  address_state: string | null;
  address_postal_code: string | null;
  positive_rating_percent: number | null;
  rating_count: number;
}

/** The postal codes a service offer serves, by prefix ('' for everywhere). */
export interface ServiceOfferPostalCodeTable {
  offer_id: string;
  postal_prefix: string;
}

/** VAS-034: a shopper's digital-dash button for a product. */
export interface DigitalDashButtonTable {
  customer_id: string;
  asin: string;
  created_at: number;
}

export type DealClaimStatus = 'HELD' | 'WAITLISTED' | 'ORDERED' | 'EXPIRED';

/** One shopper's claim on one deal (decision 0009). */
export interface DealClaimTable {
  deal_id: string;
  owner_type: 'session' | 'customer';
  owner_id: string;
  status: DealClaimStatus;
  held_units: number;
  waiting_units: number;
  ordered_units: number;
  /** HELD: when the hold ends; WAITLISTED: when the deal ends. */
  expires_at: number | null;
  waitlist_ticket: number | null;
  cart_item_id: string | null;
  claimed_at: number;
  updated_at: number;
}

/** A grocery store (decision 0023): its brand, its delivery message and how a new shopper meets it. */
export interface GroceryStoreTable {
  store_id: string;
  brand_id: string;
  name: string;
  delivery_message: string;
  /** 'sheet': the store introduction sheet after a first add; 'storefront': the store front page. */
  introduction: 'sheet' | 'storefront';
}

/** The postal code prefixes a store delivers to; a store with none delivers everywhere. */
export interface GroceryStorePostalPrefixTable {
  store_id: string;
  postal_prefix: string;
}

/** A product sold by grocery stores (catalog/areas/grocery.ts); one row per product. */
export interface ProductGroceryTable {
  asin: string;
  brand_id: string;
  offer_listing_discriminator: string;
  unit_of_measure: string;
  repeat_delivery: number;
}

export interface ProductGroceryStoreTable {
  asin: string;
  store_id: string;
  position: number;
}

export interface ProductGroceryBoughtTogetherTable {
  asin: string;
  companion_asin: string;
  position: number;
}

/** The store a fresh cart line (cart_items, cart_type FRESH) was added from. */
export interface FreshCartLineTable {
  cart_item_id: string;
  store_id: string;
  brand_id: string;
}

export interface GroceryAddressTable {
  id: string;
  customer_id: string;
  full_name: string;
  line1: string;
  city: string;
  state: string;
  postal_code: string;
  created_at: number;
}

/** The delivery address a customer chose for grocery (one per customer). */
export interface GroceryAddressSelectionTable {
  customer_id: string;
  address_id: string;
  updated_at: number;
}

/** A scheduled fresh order: it takes more items until its cut-off. */
export interface FreshOrderTable {
  id: string;
  customer_id: string;
  store_id: string;
  address_id: string;
  delivery_start: number;
  delivery_end: number;
  cutoff_at: number;
  created_at: number;
}

export interface FreshOrderItemTable {
  order_id: string;
  asin: string;
  offer_id: string;
  quantity: number;
  unit_price_minor: number;
  added_at: number;
}

/** A delivery slot held for a shopper until it expires or is cancelled. */
export interface GrocerySlotReservationTable {
  token: string;
  owner_type: 'session' | 'customer';
  owner_id: string;
  store_id: string;
  slot_start: number;
  slot_end: number;
  expires_at: number;
  cancelled_at: number | null;
  created_at: number;
}

/** A repeat delivery (staples) item: what, how many, how often and when next. */
export interface RepeatItemTable {
  customer_id: string;
  asin: string;
  quantity: number;
  unit: string;
  cadence_weeks: number;
  next_drop_at: number;
  created_at: number;
  updated_at: number;
}

/** A bundle: components sold together at one price (migration 0010). */
export interface BundleTable {
  id: string;
  marketplace_id: string;
  title: string;
  /** A file name under the bundle media path (BDL-025). */
  image: string;
  price_minor: number;
  currency_code: string;
  updated_at: number;
}

export interface BundleComponentTable {
  bundle_id: string;
  position: number;
  asin: string;
  offer_id: string;
  quantity: number;
}

export interface BundleLandingTable {
  asin: string;
  bundle_id: string;
  position: number;
}

export interface BundleUpsellTable {
  bundle_id: string;
  position: number;
  asin: string;
}

/** A bundle in a cart: its saving, tied to the component lines it was added with. */
export interface CartBundleSavingTable {
  id: string;
  cart_id: string;
  bundle_id: string;
  component_count: number;
  added_at: number;
}

export interface CartBundleSavingLineTable {
  saving_id: string;
  cart_item_id: string;
  quantity: number;
}

/** The devices a product's smart-home badge offers (SH-001). */
export interface SmartHomeDeviceTable {
  asin: string;
  position: number;
  device_asin: string;
}

/** An ad of the sponsored products inventory (ADS). */
export interface SponsoredAdTable {
  id: string;
  marketplace_id: string;
  asin: string;
  offer_id: string;
  advertiser: string;
  bid_minor: number;
  active: number;
  updated_at: number;
}

export interface SponsoredAdTargetTable {
  ad_id: string;
  asin: string;
}

/** A counted view or click, stored once under its key. */
export interface SponsoredAdEventTable {
  event_key: string;
  ad_id: string;
  event_type: 'view' | 'click';
  page_view_id: string;
  widget_name: string;
  ad_index: number;
  created_at: number;
}

export interface Database {
  marketplaces: MarketplaceTable;
  customers: CustomerTable;
  sessions: SessionTable;
  sign_in_failures: SignInFailureTable;
  products: ProductTable;
  offers: OfferTable;
  quantity_tiers: QuantityTierTable;
  carts: CartTable;
  cart_items: CartItemTable;
  orders: OrderTable;
  order_items: OrderItemTable;
  coupon_redemptions: CouponRedemptionTable;
  order_discounts: OrderDiscountTable;
  invitation_requests: InvitationRequestTable;
  deals: DealTable;
  deal_claims: DealClaimTable;
  product_buy_box_options: ProductBuyBoxOptionsTable;
  product_coupons: ProductCouponTable;
  product_protection_plans: ProductProtectionPlanTable;
  grocery_stores: GroceryStoreTable;
  grocery_store_postal_prefixes: GroceryStorePostalPrefixTable;
  product_grocery: ProductGroceryTable;
  product_grocery_stores: ProductGroceryStoreTable;
  product_grocery_bought_together: ProductGroceryBoughtTogetherTable;
  fresh_cart_lines: FreshCartLineTable;
  grocery_addresses: GroceryAddressTable;
  grocery_address_selections: GroceryAddressSelectionTable;
  fresh_orders: FreshOrderTable;
  fresh_order_items: FreshOrderItemTable;
  grocery_slot_reservations: GrocerySlotReservationTable;
  repeat_items: RepeatItemTable;
  product_add_on_widgets: ProductAddOnWidgetTable;
  product_add_on_services: ProductAddOnServiceTable;
  service_products: ServiceProductTable;
  service_offers: ServiceOfferTable;
  service_offer_postal_codes: ServiceOfferPostalCodeTable;
  digital_dash_buttons: DigitalDashButtonTable;
  bundles: BundleTable;
  bundle_components: BundleComponentTable;
  bundle_landings: BundleLandingTable;
  bundle_upsells: BundleUpsellTable;
  cart_bundle_savings: CartBundleSavingTable;
  cart_bundle_saving_lines: CartBundleSavingLineTable;
  smart_home_devices: SmartHomeDeviceTable;
  sponsored_ads: SponsoredAdTable;
  sponsored_ad_targets: SponsoredAdTargetTable;
  sponsored_ad_events: SponsoredAdEventTable;
  product_business_settings: ProductBusinessSettingsTable;
}

export type CustomerRow = Selectable<CustomerTable>;
export type NewCustomer = Insertable<CustomerTable>;
export type ProductRow = Selectable<ProductTable>;
export type ProductBuyBoxOptionsRow = Selectable<ProductBuyBoxOptionsTable>;
export type ProductCouponRow = Selectable<ProductCouponTable>;
export type ProductBusinessSettingsRow = Selectable<ProductBusinessSettingsTable>;
export type NewProduct = Insertable<ProductTable>;
export type OfferRow = Selectable<OfferTable>;
export type NewOffer = Insertable<OfferTable>;
export type OfferUpdate = Updateable<OfferTable>;
export type QuantityTierRow = Selectable<QuantityTierTable>;
export type CartRow = Selectable<CartTable>;
export type CartItemRow = Selectable<CartItemTable>;
export type OrderRow = Selectable<OrderTable>;
export type OrderItemRow = Selectable<OrderItemTable>;
export type OrderDiscountRow = Selectable<OrderDiscountTable>;
export type DealRow = Selectable<DealTable>;
export type DealClaimRow = Selectable<DealClaimTable>;
