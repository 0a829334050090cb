// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import type { WarrantyOffer } from '../../../domain/deals/deals-upsell';
import type { DealSetup, LightningDealBuyingOption } from '../../../shared/contracts/deals';
import { DealBuyBox } from './deal-buy-box';

const T = Date.UTC(2026, 10, 23, 12, 0, 0);
const MIN = 60_000;

type OptionOverrides = {
  dealDetails?: Partial<LightningDealBuyingOption['dealDetails']>;
  dealCustomerStatus?: Partial<LightningDealBuyingOption['dealCustomerStatus']>;
  canAddToCart?: boolean;
};

/** One deal setup as the server renders it into the page data (DEAL-008). */
function createDealSetup(
  overrides: OptionOverrides & Partial<Omit<DealSetup, 'initialBuyingOption'>> = {},
): DealSetup {
  const { dealDetails, dealCustomerStatus, canAddToCart = true, ...setup } = overrides;
  return {
    dealId: 'deal-tab',
    asin: 'B0TESTTAB1',
    aapiEndpoint: '/api/marketplaces/ATVPDKIKX0DER/products/B0TESTTAB1',
    offerListingId: 'ld-tab',
    claimDealAapiEndpoint: '/api/marketplaces/ATVPDKIKX0DER/deals/',
    cartCountAapiEndpoint: '/api/marketplaces/ATVPDKIKX0DER/cart/count',
    cartAddItemsAapiEndpoint: '/api/marketplaces/ATVPDKIKX0DER/cart/carts/retail/items',
    aapiCsrfToken: 'csrf',
    languageOfPreference: 'en-US',
    systemTime: T,
    pollingIntervalMs: 15_000,
    mobile: false,
    app: false,
    hasPrimeSavingsBenefit: false,
    showAppOnlyDealCx: false,
    itemCustomerState: 'NONE',
    claimRefTag: 'dp_ld_claim',
    ...setup,
    initialBuyingOption: {
      type: 'LIGHTNING_DEAL',
      offerListingId: 'ld-tab',
      merchant: { merchantId: 'M1', name: 'Northwind' },
      dealDetails: {
        dealId: 'deal-tab',
        type: 'LIGHTNING_DEAL',
        state: 'AVAILABLE',
        startTime: T - 60 * MIN,
        endTime: T + 360 * MIN,
        earlyAccessDurationInMilliseconds: 0,
        percentClaimed: 30,
        percentClaimedMessage: '30% claimed',
        dealPrice: { amount: 69.99, currencyCode: 'USD', displayString: '$69.99' },
        basisPrice: { amount: 99.99, currencyCode: 'USD', displayString: '$99.99' },
        savings: { percentage: 30, money: { amount: 30, currencyCode: 'USD', displayString: '$30.00' } },
        maxPerCustomer: 2,
        accessible: true,
        ...dealDetails,
      },
      dealCustomerStatus: { state: 'NONE', quantity: 0, claimableQuantity: 2, ...dealCustomerStatus },
      ...(canAddToCart
        ? { callToAction: { addToCart: { data: { canAddToCart: true, offerListingId: 'ld-tab' } } } }
        : {}),
    },
  };
}

const render = (setup: DealSetup, regular: boolean, warranty: WarrantyOffer | null = null) =>
  renderToString(
    <DealBuyBox
      setup={setup}
      warranty={warranty}
      sessionId="sess-1"
      regularPrice="$99.99"
      onCartCount={() => {}}
    >
      {regular ? <aside aria-label="Buy box">regular offer</aside> : null}
    </DealBuyBox>,
  );
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('the deal buy box views', () => {
  test('DEAL-001 with a regular offer it is an accordion row; without one a single-offer box', () => {
    const accordion = render(createDealSetup(), true);
    expect(accordion).toContain('aria-label="Buying options"');
    expect(accordion).toMatch(/<button[^>]*aria-expanded="true"[^>]*>.*Lightning Deal/);
    expect(text(accordion)).toContain('Buy new: $99.99');
    const single = render(createDealSetup(), false);
    expect(single).toContain('deal-buy-box--single');
    expect(single).not.toContain('Buy new');
  });

  test('DEAL-002 the header messages for in cart, pending, claimed, waitlist full', () => {
    expect(
      text(
        render(
          createDealSetup({ dealCustomerStatus: { state: 'IN_CART', expiryTime: T + 15 * MIN } }),
          false,
        ),
      ),
    ).toContain('This deal is in your cart.');
    expect(
      text(
        render(
          createDealSetup({
            dealCustomerStatus: {
              state: 'PENDING_ADD_TO_CART',
              expiryTime: T + 60 * MIN,
              waitlistPosition: 2,
            },
          }),
          false,
        ),
      ),
    ).toContain("You're on the waitlist for this deal. You are number 2 in line.");
    expect(
      text(render(createDealSetup({ dealCustomerStatus: { state: 'CLAIMED', quantity: 1 } }), false)),
    ).toContain('You claimed this deal.');
    expect(
      text(render(createDealSetup({ dealDetails: { state: 'WAITLISTFULL', percentClaimed: 100 } }), false)),
    ).toContain('This deal is fully claimed and its waitlist is full.');
  });

  test('DEAL-003 quantity dropdown, add to cart, the in-cart timer and the start and end countdowns', () => {
    const available = render(createDealSetup(), false);
    expect(available).toMatch(
      /<select[^>]*>.*<option value="1" selected="">1<\/option><option value="2">2<\/option>/,
    );
    expect(text(available)).toContain('Add to Cart');
    expect(text(available)).toContain('Ends in 06:00:00');
    const inCart = text(
      render(createDealSetup({ dealCustomerStatus: { state: 'IN_CART', expiryTime: T + 15 * MIN } }), false),
    );
    expect(inCart).toContain('Held in your cart for 15:00');
    const upcoming = text(
      render(
        createDealSetup({ dealDetails: { state: 'UPCOMING', startTime: T + 3 * MIN }, canAddToCart: false }),
        false,
      ),
    );
    expect(upcoming).toContain('Starts in 00:03:00');
    expect(upcoming).not.toContain('Add to Cart');
  });

  test('DEAL-004 the progress bar with its percent message, Prime early access and the app download button', () => {
    const available = render(createDealSetup(), false);
    expect(available).toMatch(/role="progressbar"[^>]*aria-valuenow="30"/);
    expect(text(available)).toContain('30% claimed');
    const early = text(
      render(
        createDealSetup({
          hasPrimeSavingsBenefit: true,
          dealDetails: {
            accessBehavior: 'PRIME_EARLY_ACCESS',
            earlyAccessDurationInMilliseconds: 30 * MIN,
            startTime: T - MIN,
          },
        }),
        false,
      ),
    );
    expect(early).toContain('Early access: you can claim this deal before it opens to everyone.');
    const appOnly = text(
      render(
        createDealSetup({ showAppOnlyDealCx: true, dealDetails: { accessBehavior: 'APP_ONLY_LD' } }),
        false,
      ),
    );
    expect(appOnly).toContain('Download the app');
    expect(appOnly).not.toContain('Add to Cart');
    const inApp = text(
      render(
        createDealSetup({ app: true, mobile: true, dealDetails: { accessBehavior: 'APP_ONLY_LD' } }),
        false,
      ),
    );
    expect(inApp).toContain('App-only deal: it can be claimed only in the Northwind app.');
    expect(inApp).toContain('Add to Cart');
  });

  test('DEAL-004 the warranty checkbox offers the protection plan beside add to cart', () => {
    const plan = {
      asin: 'B0TESTWAR1',
      offerListingId: 'OL-B0TESTWAR1',
      title: '2-Year Protection Plan',
      price: { amount: 12.99, currencyCode: 'USD', displayString: '$12.99' },
    };
    const html = render(createDealSetup(), false, plan);
    expect(html).toMatch(/<input type="checkbox"[^>]*\/>Add 2-Year Protection Plan for \$12\.99/);
    expect(render(createDealSetup(), false)).not.toContain('Protection Plan');
  });
});
