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
}

export interface CouponRedemptionTable {
  customer_id: string;
  promotion_id: string;
  asin: string;
  redeemed_at: number;
  /** The order the coupon came off (issue 10 #1); null while it waits for one. */
  order_id: Generated<string | null>;
}

/** A coupon taken off an order, shown as its own line (issue 10 #1). */
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

/** The protection plan offered with a product's lightning deal (DEAL-004). */
export interface ProductProtectionPlanTable {
  asin: string;
  plan_asin: string;
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
}

export type CustomerRow = Selectable<CustomerTable>;
export type NewCustomer = Insertable<CustomerTable>;
export type ProductRow = Selectable<ProductTable>;
export type ProductBuyBoxOptionsRow = Selectable<ProductBuyBoxOptionsTable>;
export type ProductCouponRow = Selectable<ProductCouponTable>;
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
