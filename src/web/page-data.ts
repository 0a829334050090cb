import type { AccessoryCampaign, VariationProduct } from '../domain/accessories/accessories';
import type { PriceDto } from '../shared/contracts/common';
import type { DealSetup } from '../shared/contracts/deals';

// What the server puts in <script type="application/json" id="page-data"> for the page to hydrate from.

export type ShopperView = {
  signedIn: boolean;
  name: string | null;
  /** Public session id (verificationSessionID). */
  sessionId: string;
  cartCount: number;
  /** Where deliveries go: the chosen ZIP, else a signed-in customer's. */
  deliveryZip: string | null;
  /** DP-005: the location prompt may open (no location yet, not dismissed); the page adds "on desktop". */
  locationPromptEligible: boolean;
};

export type ProductPageData = {
  page: 'product';
  /** Also in the meta tag; repeated so the buy box form posts it without JavaScript. */
  csrfToken: string;
  marketplaceId: string;
  language: string;
  shopper: ShopperView;
  refTag: string | null;
  /** From the qty URL parameter (DP-012) when the address has one, else null. */
  initialQuantity: number | null;
  /** Lightning deal setup (DEAL-008) when the product has a deal running or coming up, else null. */
  deal: DealSetup | null;
  product: {
    asin: string;
    title: string;
    brand: string;
    images: { url: string; altText: string; width: number; height: number }[];
    bullets: string[];
    rating: number;
    ratingCount: number;
    description: string;
    /** Other products of the variation family, for the family stripe (this one included, marked). */
    family: { asin: string; label: string; image: string | null; selected: boolean }[];
    features: ProductFeaturesView;
    /** Accessory upsells (ACC-001..005), or null when the product offers none. */
    accessories: AccessoriesView | null;
    offer: {
      offerListingId: string;
      merchantName: string;
      price: PriceDto;
      listPrice: PriceDto | null;
      savingsPercent: number;
      availability: string;
      canAddToCart: boolean;
      minOrderQuantity: number;
      maxOrderQuantity: number;
    } | null;
  };
};

export type AccessoriesView = {
  campaign: AccessoryCampaign;
  /** Deal mode: the interstitial adds each accessory to the cart on its own (ACC-013). */
  dealMode: boolean;
  slots: AccessorySlotView[];
};

export type AccessorySlotView = {
  /** 1-based slot index used in reference tags (ACC-024). */
  slot: number;
  scheduledAsin: string;
  variations: VariationProduct[];
};

export type ProductFeaturesView = {
  giftWrap: boolean;
  preregistration: { maxQuantity: number; defaultValue: boolean } | null;
  installments: { programId: string; months: number; monthlyPayment: PriceDto } | null;
  coupon: { encryptedPromotionId: string; description: string; redeemed: boolean } | null;
  highDemand: { requested: boolean; button: 'request-invitation' | 'notify-details' } | null;
  quantityRestriction: { popoverTitle: string; message: string } | null;
};

export type SignInPageData = {
  page: 'sign-in';
  shopper: ShopperView;
  returnTo: string;
  mode: 'sign-in' | 'create-account';
  email: string;
  error: string | null;
  /** Also in the meta tag; repeated here so the form posts it without JavaScript. */
  csrfToken: string;
};

export type OrderLineView = {
  id: string;
  asin: string;
  offerListingId: string;
  title: string;
  image: { url: string; altText: string } | null;
  unitPrice: PriceDto;
  lineTotal: PriceDto;
  quantity: number;
  minQuantity: number;
  maxQuantity: number;
};

export type Notice = { kind: 'success' | 'error' | 'info'; message: string };

export type CartPageData = {
  page: 'cart';
  shopper: ShopperView;
  lines: OrderLineView[];
  subtotal: PriceDto;
  itemCount: number;
  notice: Notice | null;
  csrfToken: string;
};

export type AddressView = {
  fullName: string;
  line1: string;
  city: string;
  state: string;
  postalCode: string;
};

export type CheckoutPageData = {
  page: 'checkout';
  shopper: ShopperView;
  source: 'cart' | 'buy-now';
  buyNow: { asin: string; offerListingId: string; quantity: number } | null;
  lines: OrderLineView[];
  subtotal: PriceDto;
  itemCount: number;
  address: AddressView;
  problems: { field: string; message: string }[];
  error: string | null;
  csrfToken: string;
};

export type OrderConfirmationPageData = {
  page: 'order-confirmation';
  shopper: ShopperView;
  orderId: string;
  lines: OrderLineView[];
  subtotal: PriceDto;
  address: AddressView;
  deliveryEstimate: string;
};

export type HelpPageData = { page: 'help'; shopper: ShopperView; title: string; paragraphs: string[] };

export type NotFoundPageData = { page: 'not-found'; shopper: ShopperView; path: string };

export type PageData =
  | ProductPageData
  | SignInPageData
  | NotFoundPageData
  | CartPageData
  | CheckoutPageData
  | OrderConfirmationPageData
  | HelpPageData;

export const PAGE_DATA_ELEMENT_ID = 'page-data';
