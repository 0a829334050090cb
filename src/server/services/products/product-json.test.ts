import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestStore, dialects, type TestStore } from '../../../../tests/helpers/test-store';
import { MARKETPLACE_IDS } from '../../../shared/marketplaces';
import { importCatalogFile } from '../../catalog/catalog-files';
import { storedStringListJson as stringListJson } from '../../db/repositories/stored-json';
import { readEnv } from '../../env';
import { buyingOptionsJson, imagesJson, reviewsSummaryJson } from './product-json';
import { type ProductViewer, readProduct, readProductAnswer } from './product-view';

// The product route answers with the JSON text readProductAnswer writes from the stored product; it
// must be byte for byte what JSON.stringify writes for the answer readProduct builds.

const QUERIES = [
  {},
  { expand: ['title' as const] },
  { expand: ['title' as const, 'price' as const] },
  { expand: ['images' as const, 'featureBullets' as const, 'reviewsSummary' as const] },
  { expand: ['quantityPricingTable' as const] },
  { expand: ['quantityPricingTable' as const], page: 2 },
  { itemQuantity: 1 },
  { itemQuantity: 3 },
  { itemQuantity: 12, expand: ['price' as const, 'quantityPricingTable' as const] },
  { itemQuantity: 999 },
  { buyingOptionTypes: ['NEW' as const] },
  { merchantId: 'ATVPDKIKX0DER' },
];

const VIEWERS: ProductViewer[] = [
  { business: false, customerId: null },
  { business: true, customerId: null },
];

describe.each(dialects)('the product answer as JSON text on %s', (dialect) => {
  let store: TestStore;
  let asins: string[];
  beforeAll(async () => {
    store = await createTestStore(dialect);
    const result = await importCatalogFile(store.db, readEnv({}).CATALOG_FILE, Date.UTC(2026, 10, 22));
    if (!result.ok) throw new Error('demo catalog invalid');
    asins = (await store.db.selectFrom('products').select('asin').orderBy('asin').execute()).map(
      (p) => p.asin,
    );
  });
  afterAll(() => store?.drop());

  const same = async (marketplaceId: string, asin: string, query: object, viewer: ProductViewer) => {
    const object = await readProduct(store.db, marketplaceId, asin, query, viewer);
    const text = await readProductAnswer(store.db, marketplaceId, asin, query, viewer);
    if (!object.found) {
      expect(text).toEqual(object);
      return;
    }
    expect(text.found).toBe(true);
    if (!text.found) return;
    expect(text.businessOffers).toBe(object.businessOffers);
    expect(text.json).toBe(JSON.stringify(object.body));
  };

  test('every demo product, every marketplace, with each query and viewer: the same bytes as the answer object', async () => {
    expect(asins.length).toBeGreaterThan(20);
    for (const asin of [...asins, 'B0NOSUCHPR']) {
      const calls: Promise<void>[] = [];
      for (const marketplaceId of MARKETPLACE_IDS) {
        for (const query of QUERIES)
          for (const viewer of VIEWERS) calls.push(same(marketplaceId, asin, query, viewer));
      }
      await Promise.all(calls);
    }
    await same('NOPE', 'B0PDPSPK01', {}, VIEWERS[0] as ProductViewer);
  }, 120_000);

  test('stored texts written some other way (spaces, other key order, escapes) give the same bytes', async () => {
    const asin = asins[0] as string;
    await store.db
      .updateTable('products')
      .set({
        title: 'A "quoted" \\ title\twith – dashes 😀 and \u0001',
        bullets: '[ "spaced", "\\u0041\\/", "tab\\there", "quote \\" and \\\\ backslash", "😀 – é" ]',
        images:
          '[{"alt":"x \\"y\\"","src":"/a.svg","height":1,"width":2.5,"extra":true},{"src":"/b.svg","alt":"b"}]',
        reviews: '{ "count": 3, "rating": 4.25 }',
      })
      .where('asin', '=', asin)
      .execute();
    for (const query of QUERIES)
      for (const viewer of VIEWERS) await same('ATVPDKIKX0DER', asin, query, viewer);
  });
});

describe('stored JSON texts as answer JSON', () => {
  const lists = [
    [],
    ['a'],
    [
      'quote " backslash \\ slash /',
      '\n\r\t\b\f',
      '\u0000\u0007\u000b\u001f\u007f',
      'é – 😀',
      '\ud800 lone',
      '',
    ],
  ];
  test('a list of strings: the stored text when JSON.stringify wrote it, else written again', () => {
    for (const list of lists) expect(stringListJson(JSON.stringify(list))).toBe(JSON.stringify(list));
    for (const stored of [
      '[ "a"]',
      '["\\u0041"]',
      '["\\/"]',
      '["a" ,"b"]',
      '[1,"a"]',
      '{"a":1}',
      '"a"',
      '["\\uD800"]',
    ]) {
      expect(stringListJson(stored)).toBe(JSON.stringify(JSON.parse(stored)));
    }
    expect(() => stringListJson('["a",]')).toThrow(SyntaxError);
  });

  test('images and the reviews summary as the answer object writes them', () => {
    const images: { src: string; alt: string; width?: number; height?: number; extra?: number }[][] = [
      [{ src: '/a.svg', alt: 'A "b" – c', width: 800, height: 600 }],
      [{ src: '/a.svg', alt: 'a' }],
      [{ alt: 'a', src: '/a.svg', width: -0, height: 1e21, extra: 1 }],
      [],
    ];
    for (const list of images) {
      const expected = JSON.stringify(
        list.map((i) => ({ url: i.src, hiResUrl: i.src, altText: i.alt, width: i.width, height: i.height })),
      );
      expect(imagesJson(list as never)).toBe(expected);
    }
    for (const reviews of [
      { rating: 4.7, count: 48213 },
      { rating: 0, count: 0 },
      { count: 2, rating: 3.25 },
    ]) {
      expect(reviewsSummaryJson(reviews)).toBe(
        JSON.stringify({
          starRating: reviews.rating,
          ratingCount: reviews.count,
          displayString: `${reviews.rating.toFixed(1)} out of 5 stars`,
        }),
      );
    }
  });

  test('buying options: an option or an amount with a key the writer does not know is written whole by JSON.stringify', () => {
    const money = { amount: 49.99, currencyCode: 'USD', displayString: '$49.99' };
    const option = {
      type: 'NEW' as const,
      offerListingId: 'OL-1',
      merchant: { merchantId: 'M "1"', name: 'Name – é' },
      price: { priceToPay: money, savings: { percentage: 17, money: { ...money, note: 'x' } } },
      quantity: { minOrderQuantity: 1, maxOrderQuantity: 999 },
      availability: { type: 'LIMITED_STOCK' as const, displayString: 'Only 3 left', quantityAvailable: 3 },
    };
    for (const options of [
      [],
      [option],
      [option, { ...option, later: true }],
      [{ ...option, price: undefined }],
    ]) {
      expect(buyingOptionsJson(options as never)).toBe(JSON.stringify(options));
    }
  });
});
