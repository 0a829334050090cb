import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { priceCartLines } from '../pricing/price-cart-lines';
import type { Tier } from '../pricing/quantity-pricing';
import { unitPriceShownRounded } from '../pricing/rounded-unit-price';
import { buyBoxesFor, offerVisibleTo, preferredBuyingOption } from './business-offers';
import {
  convertTier,
  dedupeTiers,
  gatherTierPages,
  loadMoreShown,
  MAX_TIER_PAGES,
  type PickerTier,
  type SourceTier,
  tableRows,
  unlockedDiscount,
} from './price-tiers';
import {
  availabilityView,
  availableAfterCheck,
  pickerReloadUrl,
  quantityCallParamsMissing,
  refreshNeeded,
  splitOfferUrl,
  summaryReloadUrl,
} from './quantity-check';
import { explainPrice, nextTierLadder } from './quantity-quote';

const source = (minimumQuantity: number, extra: Partial<SourceTier> = {}): SourceTier => ({
  minimumQuantity,
  priceMessage: `$${minimumQuantity}.00/unit`,
  hidden: false,
  lowestAvailablePrice: false,
  ...extra,
});
const picker = (quantity: number, extra: Partial<PickerTier> = {}): PickerTier => ({
  ...convertTier(source(quantity), null),
  ...extra,
});
const single = { quantity: 1, priceText: '$47.49' };

describe('business buying options', () => {
  test('business-only offer types are hidden from shoppers who are not business customers', () => {
    expect(offerVisibleTo('NEW', false)).toBe(true);
    for (const type of ['B2B_NEW', 'CUSTOM_OFFER', 'B2B_RD']) {
      expect(offerVisibleTo(type, false)).toBe(false);
      expect(offerVisibleTo(type, true)).toBe(true);
    }
  });

  test('BIZ-060 each buy box prefers its types: default NEW and B2B_NEW, customOffer with fallback, b2bRd', () => {
    const options = [
      { type: 'NEW', unitScaled: 4999_0000, canServe: true, id: 'new' },
      { type: 'B2B_NEW', unitScaled: 4749_0000, canServe: true, id: 'b2b' },
      { type: 'CUSTOM_OFFER', unitScaled: 4849_0000, canServe: true, id: 'custom' },
      { type: 'B2B_RD', unitScaled: 3999_0000, canServe: true, id: 'rd' },
    ];
    expect(preferredBuyingOption(options, 'default')?.id).toBe('b2b');
    expect(preferredBuyingOption(options, 'customOffer')?.id).toBe('custom');
    expect(preferredBuyingOption(options, 'b2bRd')?.id).toBe('rd');
    // customOffer falls back to the default types; b2bRd has no fallback.
    const plain = options.slice(0, 2);
    expect(preferredBuyingOption(plain, 'customOffer')?.id).toBe('b2b');
    expect(preferredBuyingOption(plain, 'b2bRd')).toBeUndefined();
    // The cheapest that can serve the quantity wins over a cheaper one that cannot.
    const short = [
      { type: 'NEW', unitScaled: 4999_0000, canServe: true, id: 'new' },
      { type: 'B2B_NEW', unitScaled: 4749_0000, canServe: false, id: 'b2b' },
    ];
    expect(preferredBuyingOption(short, 'default')?.id).toBe('new');
    expect(buyBoxesFor(['NEW', 'B2B_NEW', 'CUSTOM_OFFER'])).toEqual(['default', 'customOffer']);
  });

  test('BIZ-053 a missing buying option gives unavailable (no option for the box)', () => {
    expect(preferredBuyingOption([], 'default')).toBeUndefined();
  });
});

describe('price tiers', () => {
  test('BIZ-005 a source tier converts to the picker shape', () => {
    const tier = convertTier(
      source(10, {
        savingsMessage: 'Save 5%',
        availabilityMessage: 'Only 12 left',
        hidden: true,
        lowestAvailablePrice: true,
        program: 'X',
        buyingInBulk: {
          fragments: [{ text: 'Buying more than 300? ' }, { text: 'Ask us', url: 'quote?asin=A' }],
        },
      }),
      'https://example.test/bulk/',
    );
    expect(tier).toEqual({
      quantity: 10,
      quantityPickerPriceText: '$10.00/unit',
      isUncompetitive: true,
      isLowestAvailablePrice: true,
      savingsMessage: 'Save 5%',
      availabilityMessage: 'Only 12 left',
      program: 'X',
      buyingInBulkLink: 'https://example.test/bulk/quote?asin=A',
      buyingInBulkMessage: 'Buying more than 300? Ask us',
    });
  });

  test('BIZ-006 volume-aware pricing on the first tier marks an unlocked discount', () => {
    expect(unlockedDiscount([picker(2, { program: 'BUSINESS_VOLUME_AWARE_PRICING' }), picker(5)])).toBe(true);
    expect(unlockedDiscount([picker(2), picker(5, { program: 'BUSINESS_VOLUME_AWARE_PRICING' })])).toBe(
      false,
    );
    const unlockedAt = (quantity: number) =>
      tableRows(
        {
          status: 'ready',
          available: true,
          tiers: [picker(2, { program: 'BUSINESS_VOLUME_AWARE_PRICING' })],
        },
        { quantity, expanded: false, single, requestDiscountUrl: null },
      )[0];
    expect(unlockedAt(2)).toMatchObject({ kind: 'tier', unlocked: true });
    // Decision 0044: below the tier's quantity the discount is not the shopper's price yet.
    expect(unlockedAt(1)).toMatchObject({ kind: 'tier', unlocked: false });
  });

  test('BIZ-043 tiers are de-duplicated by minimum quantity', () => {
    expect(dedupeTiers([source(2), source(5), source(2), source(10)]).map((t) => t.minimumQuantity)).toEqual([
      2, 5, 10,
    ]);
  });

  test('BIZ-022 before the data the fetching row shows', () => {
    expect(
      tableRows({ status: 'fetching' }, { quantity: 1, expanded: false, single, requestDiscountUrl: null }),
    ).toEqual([{ kind: 'fetching' }]);
  });

  test('BIZ-023 a completed fetch shows the tiers', () => {
    const rows = tableRows(
      { status: 'ready', available: true, tiers: [picker(2), picker(5)] },
      { quantity: 1, expanded: false, single, requestDiscountUrl: null },
    );
    expect(rows.map((r) => (r.kind === 'tier' ? r.tier.quantity : r.kind))).toEqual([2, 5]);
  });

  test('BIZ-024 a fetch error shows the error row', () => {
    expect(
      tableRows({ status: 'error' }, { quantity: 1, expanded: false, single, requestDiscountUrl: null }),
    ).toEqual([{ kind: 'error' }]);
  });

  test('BIZ-025 no tiers gives a single-tier list', () => {
    expect(
      tableRows(
        { status: 'ready', available: true, tiers: [] },
        { quantity: 1, expanded: false, single, requestDiscountUrl: null },
      ),
    ).toEqual([{ kind: 'single-tier', quantity: 1, priceText: '$47.49' }]);
    expect(
      tableRows(
        { status: 'ready', available: true, tiers: [] },
        { quantity: 1, expanded: false, single, requestDiscountUrl: '/q' },
      ),
    ).toEqual([
      { kind: 'single-tier', quantity: 1, priceText: '$47.49' },
      { kind: 'request-discount', link: '/q' },
    ]);
  });

  test('BIZ-026 availability false shows the unavailable row', () => {
    expect(
      tableRows(
        { status: 'ready', available: false, tiers: [picker(2)] },
        { quantity: 1, expanded: false, single, requestDiscountUrl: null },
      ),
    ).toEqual([{ kind: 'unavailable' }]);
  });

  test('BIZ-061 BIZ-062 BIZ-027 three tiers, then load-more; after it every tier shows', () => {
    const tiers = [picker(2), picker(3), picker(5), picker(10), picker(25, { isUncompetitive: true })];
    const collapsed = tableRows(
      { status: 'ready', available: true, tiers },
      { quantity: 1, expanded: false, single, requestDiscountUrl: '/quote' },
    );
    expect(collapsed.map((r) => (r.kind === 'tier' ? r.tier.quantity : r.kind))).toEqual([
      2,
      3,
      5,
      'load-more',
      'request-discount',
    ]);
    const expanded = tableRows(
      { status: 'ready', available: true, tiers },
      { quantity: 1, expanded: true, single, requestDiscountUrl: null },
    );
    expect(expanded.map((r) => (r.kind === 'tier' ? r.tier.quantity : r.kind))).toEqual([2, 3, 5, 10, 25]);
  });

  test('BIZ-062 load-more shows for more than 3 tiers or any uncompetitive one, else not', () => {
    expect(loadMoreShown([picker(2), picker(3), picker(5)])).toBe(false);
    expect(loadMoreShown([picker(2), picker(3), picker(5), picker(7)])).toBe(true);
    expect(loadMoreShown([picker(2), picker(3, { isUncompetitive: true })])).toBe(true);
  });

  test('BIZ-002 the last row is the bulk-buying link when a tier has one, else request a discount', () => {
    const bulk = picker(300, { buyingInBulkLink: '/bulk', buyingInBulkMessage: 'Buying more?' });
    expect(
      tableRows(
        { status: 'ready', available: true, tiers: [picker(2), bulk] },
        { quantity: 1, expanded: false, single, requestDiscountUrl: '/q' },
      ).at(-1),
    ).toEqual({ kind: 'bulk-buying', link: '/bulk', message: 'Buying more?' });
    expect(
      tableRows(
        { status: 'ready', available: true, tiers: [picker(2)] },
        { quantity: 1, expanded: false, single, requestDiscountUrl: '/q' },
      ).at(-1),
    ).toEqual({ kind: 'request-discount', link: '/q' });
  });

  test('BIZ-049 BIZ-050 later pages come from nextPage URLs; a 404 ends with the pages gathered', async () => {
    const asked: string[] = [];
    const result = await gatherTierPages({ tiers: [{ minimumQuantity: 2 }], nextUrl: '/p2' }, async (url) => {
      asked.push(url);
      if (url === '/p2')
        return {
          ok: true,
          page: { tiers: [{ minimumQuantity: 5 }, { minimumQuantity: 2 }], nextUrl: '/p3' },
        };
      return { ok: false, status: 404 };
    });
    expect(asked).toEqual(['/p2', '/p3']);
    expect(result).toEqual({ ok: true, tiers: [{ minimumQuantity: 2 }, { minimumQuantity: 5 }] });
  });

  test('BIZ-044 BIZ-054 pagination stops at 10 pages: going deeper is an error', async () => {
    let fetched = 0;
    const endless = await gatherTierPages({ tiers: [{ minimumQuantity: 1 }], nextUrl: '/p' }, async () => {
      fetched += 1;
      return { ok: true, page: { tiers: [{ minimumQuantity: fetched + 1 }], nextUrl: '/p' } };
    });
    expect(fetched).toBe(MAX_TIER_PAGES - 1);
    expect(endless).toEqual({ ok: false, reason: 'max_depth' });
    const failed = await gatherTierPages({ tiers: [], nextUrl: '/p' }, async () => ({
      ok: false,
      status: 500,
    }));
    expect(failed).toEqual({ ok: false, reason: 'page_failed', status: 500 });
  });
});

describe('quantity checks', () => {
  const initial = { available: true, priceText: '$47.49', buyingOptionType: 'B2B_NEW' };

  test('BIZ-017 availability present and the price or option differs: reload', () => {
    expect(refreshNeeded(initial, { ...initial, priceText: '$44.99' })).toBe(true);
    expect(refreshNeeded(initial, { ...initial, buyingOptionType: 'NEW' })).toBe(true);
    expect(refreshNeeded(initial, { ...initial, available: false, priceText: '$44.99' })).toBe(true);
  });

  test('BIZ-018 availability missing, or the same price and option: no reload', () => {
    expect(refreshNeeded(initial, { ...initial, available: null, priceText: '$44.99' })).toBe(false);
    expect(refreshNeeded(initial, { ...initial })).toBe(false);
  });

  test('BIZ-019 a failed check reloads', () => {
    expect(refreshNeeded(initial, 'error')).toBe(true);
  });

  test('BIZ-052 without the ajax params every quantity data call is an error', () => {
    expect(quantityCallParamsMissing({ marketplaceId: 'ATVPDKIKX0DER', asin: 'B0TESTPAP1' })).toBe(false);
    expect(quantityCallParamsMissing({ marketplaceId: '', asin: 'B0TESTPAP1' })).toBe(true);
    expect(quantityCallParamsMissing({ marketplaceId: 'ATVPDKIKX0DER', asin: null })).toBe(true);
  });

  test('BIZ-055 an availability check error counts as available', () => {
    expect(availableAfterCheck('error')).toBe(true);
    expect(availableAfterCheck({ available: false })).toBe(false);
    expect(availableAfterCheck({ available: null })).toBe(true);
  });

  test('BIZ-030 BIZ-031 BIZ-032 the availability view', () => {
    expect(availabilityView(true, 5)).toEqual({
      limitedMessage: false,
      addToCartEnabled: true,
      splitOffer: false,
    });
    expect(availabilityView(false, 5)).toEqual({
      limitedMessage: true,
      addToCartEnabled: false,
      splitOffer: true,
    });
    expect(availabilityView(false, 1)).toEqual({
      limitedMessage: true,
      addToCartEnabled: false,
      splitOffer: false,
    });
  });

  test('BIZ-003 the split link goes to the fast-forward basket with quantity, asin and ref_=bbt_limit_order', () => {
    const url = new URL(splitOfferUrl('B0TESTPAP1', 400), 'http://x');
    expect(url.pathname).toBe('/gp/buy/basket/ff.html');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      quantity: '400',
      asin: 'B0TESTPAP1',
      ref_: 'bbt_limit_order',
    });
  });

  test('BIZ-004 the summary reload carries the quantity (and ref tag), anchored on phones', () => {
    expect(summaryReloadUrl('/dp/B0TESTPAP1?qty=2#x', 25, { mobile: false, anchor: '#s' })).toBe(
      '/dp/B0TESTPAP1?qty=25&psc=1',
    );
    expect(summaryReloadUrl('/dp/B0TESTPAP1', 25, { mobile: true, anchor: '#s', refTag: 'bbt_sum' })).toBe(
      '/dp/B0TESTPAP1?qty=25&psc=1&ref_=bbt_sum#s',
    );
  });

  test('BIZ-017 a quantity applied on a phone reloads anchored to its buy box; a desktop keeps its hash', () => {
    expect(pickerReloadUrl('/dp/B0TESTPAP1?qty=2', 12, { mobile: true, anchor: '#bb-default' })).toBe(
      '/dp/B0TESTPAP1?qty=12&psc=1#bb-default',
    );
    expect(pickerReloadUrl('/dp/B0TESTPAP1#x', 12, { mobile: false, anchor: '#bb-default' })).toBe(
      '/dp/B0TESTPAP1?qty=12&psc=1#x',
    );
  });

  test('DP-010 the summary reload marks psc=1 and keeps ref_, sbo, smid and the other parameters', () => {
    const from = 'https://shop.test/dp/B0TEST0001?ref_=sr_1_1&sbo=SBO1&smid=M1&th=1&qty=2';
    expect(summaryReloadUrl(from, 12, { mobile: false, anchor: '#s' })).toBe(
      '/dp/B0TEST0001?ref_=sr_1_1&sbo=SBO1&smid=M1&th=1&qty=12&psc=1',
    );
  });
});

describe('ladder and explanation', () => {
  const tiers: Tier[] = [
    { minimumQuantity: 12, priceMinor: 840, hidden: false },
    { minimumQuantity: 24, priceMinor: 0, hidden: false, percentOffBasisPoints: 2_250 },
    { minimumQuantity: 30, priceMinor: 900, hidden: true },
  ];
  const offer = { basePriceMinor: 960, listPriceMinor: 1_200, tiers, businessPrice: true };

  test('the ladder names the next cheaper tier, how many more and the saving on that quantity', () => {
    // 12 × $9.60 = $115.20 against 12 × $8.40 = $100.80.
    expect(nextTierLadder(offer, 1, 999)).toEqual({
      quantity: 12,
      moreUnits: 11,
      unitPriceMinor: 840,
      savingsMinor: 1_440,
    });
    // 24 at 22.5% off $9.60 = $7.44 exactly.
    expect(nextTierLadder(offer, 12, 999)).toMatchObject({
      quantity: 24,
      moreUnits: 12,
      unitPriceMinor: 744,
    });
    expect(nextTierLadder(offer, 24, 999)).toBeNull();
    // Not beyond what can be ordered.
    expect(nextTierLadder(offer, 1, 11)).toBeNull();
  });

  test('the explanation adds up to the cart line less the coupon', () => {
    const explained = explainPrice(offer, 12, { description: 'Save $5.00', amountMinor: 500 });
    expect(explained.rows).toEqual([
      { kind: 'list', label: 'List price', amountMinor: 14_400 },
      { kind: 'business', label: 'Business price', amountMinor: -2_880 },
      { kind: 'tier', label: 'Quantity discount (12+ units)', amountMinor: -1_440 },
      { kind: 'coupon', label: 'Coupon: Save $5.00', amountMinor: -500 },
    ]);
    expect(explained.totalMinor).toBe(9_580);
  });

  test('property: for any tiers and quantity, the explanation, the ladder and priceCartLines agree to the cent', () => {
    const tierArb = fc.record({
      minimumQuantity: fc.integer({ min: 2, max: 999 }),
      priceMinor: fc.integer({ min: 1, max: 100_000 }),
      hidden: fc.boolean(),
      percentOffBasisPoints: fc.option(fc.integer({ min: 1, max: 9_999 }), { nil: null }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.array(tierArb, { maxLength: 20 }),
        fc.integer({ min: 1, max: 999 }),
        fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: null }),
        (base, rawTiers, quantity, couponMinor) => {
          const tiers = dedupeTiers(rawTiers);
          const pricing = { basePriceMinor: base, listPriceMinor: base + 100, tiers, businessPrice: true };
          const line = priceCartLines([{ basePriceMinor: base, tiers, quantity }]).lines[0];
          const coupon = couponMinor ? { description: 'c', amountMinor: couponMinor } : null;
          const explained = explainPrice(pricing, quantity, coupon);
          expect(explained.lineTotalMinor).toBe(line?.lineTotalMinor);
          expect(explained.rows.reduce((sum, r) => sum + r.amountMinor, 0)).toBe(explained.totalMinor);
          expect(explained.totalMinor).toBe(Math.max(0, (line?.lineTotalMinor ?? 0) - (couponMinor ?? 0)));
          const ladder = nextTierLadder(pricing, quantity, 999);
          if (ladder) {
            const there = priceCartLines([{ basePriceMinor: base, tiers, quantity: ladder.quantity }])
              .lines[0];
            expect(ladder.unitPriceMinor).toBe(there?.unitPriceMinor);
            expect(ladder.savingsMinor).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });
});

describe('a rounded unit price', () => {
  test('the unit price is said to be rounded only when it does not multiply out to the total (decision 0045)', () => {
    expect(unitPriceShownRounded(47.04, 10, 470.35)).toBe(true);
    expect(unitPriceShownRounded(8.4, 12, 100.8)).toBe(false);
    expect(unitPriceShownRounded(0.97, 10, 9.67)).toBe(true);
    expect(unitPriceShownRounded(1200, 3, 3600)).toBe(false);
  });
});
