import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDemoCopies } from '../../../../tests/factories/demo-products';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';

/** The speaker's buy box form as the page posts it, pressed with `button`; accessories are added to it. */
const speakerForm = (SPK: string, quantity: number, button: 'add-to-cart' | 'buy-now') => ({
  ASIN: SPK,
  offerListingID: `OL-${SPK}-NEW`,
  quantity: String(quantity),
  [`submit.${button}`]: button === 'add-to-cart' ? 'Add to Cart' : 'Buy Now',
});

const association = (associatedItemId: string) => ({
  associatedItemId,
  renderType: 'renderAll',
  programType: 'AmazonProtect',
  deleteConstraint: { mutuallyInclusive: false },
});

type Line = {
  id: string;
  asin: string;
  quantity: number;
  associatedItemId?: string;
  customAttributes?: { name: string; value: string }[];
  additionalParameters?: { itemAssociation?: { associatedItemId: string } };
};

describe.each(dialects)('accessory lines on %s', (dialect) => {
  let ctx: TestContext;
  // The test's own speaker (four accessory slots: stands in three colors, a plug limited to 2, a music
  // subscription, an automated bulb) and deal-mode tablet (headphones), shaped like the demo ones.
  let SPK = '';
  let STD1 = '';
  let STD2 = '';
  let STD3 = '';
  let PLUG = '';
  let MUSIC = '';
  let BULB = '';
  let TABLET = '';
  let HEADPHONES = '';
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    const copies = await createDemoCopies(ctx.store.db, ['B0PDPSPK01', 'B0PDPTAB01'], { now: ctx.clock.now });
    SPK = copies.asin('B0PDPSPK01');
    STD1 = copies.asin('B0PDPSTD01');
    STD2 = copies.asin('B0PDPSTD02');
    STD3 = copies.asin('B0PDPSTD03');
    PLUG = copies.asin('B0PDPPLG02');
    MUSIC = copies.asin('B0PDPMUS01');
    BULB = copies.asin('B0PDPBLB01');
    TABLET = copies.asin('B0PDPTAB01');
    HEADPHONES = copies.asin('B0PDPKHP01');
  });
  afterAll(() => ctx?.close());

  const shopper = async () => {
    const s = new Shopper(ctx.app);
    await s.visit(`/dp/${SPK}`);
    return s;
  };
  const lines = async (s: Shopper) =>
    (await s.request({ method: 'GET', url: '/api/marketplaces/ATVPDKIKX0DER/cart/items' })).json().entity
      .items as Line[];

  test('ACC-003 ACC-004 ACC-005 the product page carries the campaign and each variation product', async () => {
    const s = new Shopper(ctx.app);
    const page = await s.visit(`/dp/${SPK}`);
    const data = JSON.parse(
      /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(page.body)?.[1] ?? '{}',
    );
    const accessories = data.product.accessories;
    expect(accessories.campaign).toEqual({
      accessoriesCampaignSource: 'nimbus-speaker-accessories',
      asinsData: {
        [STD1]: [STD1, STD2, STD3],
        [PLUG]: [PLUG],
        [MUSIC]: [MUSIC],
        [BULB]: [BULB],
      },
      primaryAsin: SPK,
    });
    expect(accessories.dealMode).toBe(false);
    const [stand, plug, music, bulb] = accessories.slots;
    expect(Object.keys(stand.variations[0]).sort()).toEqual(
      [
        'asin',
        'offerListingID',
        'title',
        'merchantName',
        'swatchValue',
        'featureBullets',
        'listPrice',
        'listingPriceLabel',
        'buyingPrice',
        'showPriceStrikethrough',
        'lowResImage',
        'hiResImage',
        'isSelected',
        'isAutomated',
        'isInterstitial',
        'checkForInteraction',
        'hasBeenInteractedWith',
        'visualDimension',
        'isDigitalSubscription',
        'fixedCustomCartAttribute',
        'customAttributeName',
        'customAttributeValue',
        'productLineItemCustomKeyValuePair',
        'upsellLineItemCustomKeyValuePair',
        'maxOrderQuantity',
      ].sort(),
    );
    expect(stand.variations.map((v: { swatchValue: string }) => v.swatchValue)).toEqual([
      'Black',
      'White',
      'Blue',
    ]);
    expect(stand.variations[0]).toMatchObject({
      isSelected: true,
      buyingPrice: '$19.99',
      listPrice: '$24.99',
      showPriceStrikethrough: true,
    });
    expect(plug.variations[0].maxOrderQuantity).toBe(2);
    expect(music.variations[0]).toMatchObject({
      isDigitalSubscription: true,
      customAttributeName: 'subscription-term',
      customAttributeValue: 'nimbus-music-unlimited-3-months',
    });
    expect(bulb.variations[0]).toMatchObject({ isAutomated: true, checkForInteraction: true });
    const tablet = await s.visit(`/dp/${TABLET}`);
    expect(tablet.body).toContain('"dealMode":true');
  });

  test('CART-029 accessories sent with the page item are stored associated with its cart line', async () => {
    const s = await shopper();
    const response = await s.addItems([
      { asin: SPK, offerListingId: `OL-${SPK}-NEW`, quantity: 2 },
      {
        asin: STD2,
        offerListingId: `OL-${STD2}-NEW`,
        quantity: 2,
        additionalParameters: { itemAssociation: association(SPK) },
      },
      {
        asin: MUSIC,
        offerListingId: `OL-${MUSIC}-NEW`,
        quantity: 1,
        customAttributes: [{ name: 'subscription-term', value: 'nimbus-music-unlimited-3-months' }],
        additionalParameters: { itemAssociation: association(SPK) },
      },
    ]);
    expect(response.statusCode).toBe(200);
    const cart = await lines(s);
    const speaker = cart.find((l) => l.asin === SPK);
    const stand = cart.find((l) => l.asin === STD2);
    const music = cart.find((l) => l.asin === MUSIC);
    expect(speaker?.associatedItemId).toBeUndefined();
    expect(stand).toMatchObject({ quantity: 2, associatedItemId: speaker?.id });
    expect(stand?.additionalParameters?.itemAssociation?.associatedItemId).toBe(speaker?.id);
    expect(music?.customAttributes).toEqual([
      { name: 'subscription-term', value: 'nimbus-music-unlimited-3-months' },
    ]);
  });

  test('an accessory added later attaches to the page item already in the cart', async () => {
    const s = await shopper();
    await s.addItems([{ asin: SPK, offerListingId: `OL-${SPK}-NEW`, quantity: 1 }]);
    await s.addItems([
      {
        asin: HEADPHONES,
        offerListingId: `OL-${HEADPHONES}-NEW`,
        quantity: 1,
        additionalParameters: { itemAssociation: association(SPK) },
      },
    ]);
    const cart = await lines(s);
    const speaker = cart.find((l) => l.asin === SPK);
    expect(cart.find((l) => l.asin === HEADPHONES)?.associatedItemId).toBe(speaker?.id);
  });

  test('an accessory added before its page item (deal mode) is tied to the page item once it is added', async () => {
    const s = await shopper();
    await s.addItems([
      {
        asin: HEADPHONES,
        offerListingId: `OL-${HEADPHONES}-NEW`,
        quantity: 1,
        additionalParameters: { itemAssociation: association(TABLET) },
      },
    ]);
    expect((await lines(s))[0]?.associatedItemId).toBe(TABLET);
    await s.addItems([{ asin: TABLET, offerListingId: `OL-${TABLET}-NEW`, quantity: 1 }]);
    const cart = await lines(s);
    const tablet = cart.find((l) => l.asin === TABLET);
    const headphones = cart.find((l) => l.asin === HEADPHONES);
    expect(headphones?.associatedItemId).toBe(tablet?.id);
    expect(headphones?.additionalParameters?.itemAssociation?.associatedItemId).toBe(tablet?.id);
  });

  test('a bad custom attribute is a 400 and changes nothing', async () => {
    const s = await shopper();
    const response = await s.addItems([
      {
        asin: MUSIC,
        offerListingId: `OL-${MUSIC}-NEW`,
        quantity: 1,
        customAttributes: [{ name: '', value: 'x' }],
      },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBeTruthy();
    expect(await s.cartCount()).toBe(0);
  });

  test('ACC-006 CART-024 the plain buy box form adds the chosen accessories with their association', async () => {
    const s = await shopper();
    const response = await s.postForm('/gp/product/handle-buy-box', {
      ...speakerForm(SPK, 2, 'add-to-cart'),
      'asin.1': STD3,
      'offeringID.1': `OL-${STD3}-NEW`,
      'quantity.1': '2',
      'asin.2': MUSIC,
      'offeringID.2': `OL-${MUSIC}-NEW`,
      'quantity.2': '1',
      'custom-name.2.1': 'subscription-term',
      'custom-value.2.1': 'nimbus-music-unlimited-3-months',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/gp/cart/view.html?notice=added');
    const cart = await lines(s);
    const speaker = cart.find((l) => l.asin === SPK);
    expect(cart.map((l) => [l.asin, l.quantity]).sort()).toEqual(
      [
        [MUSIC, 1],
        [SPK, 2],
        [STD3, 2],
      ].sort(),
    );
    expect(cart.find((l) => l.asin === STD3)?.associatedItemId).toBe(speaker?.id);
    expect(cart.find((l) => l.asin === MUSIC)?.customAttributes).toEqual([
      { name: 'subscription-term', value: 'nimbus-music-unlimited-3-months' },
    ]);
  });

  test('ACC-006 ACC-020 before JavaScript a ticked row posts accessory.{slot}; the server reads it against the product', async () => {
    const s = await shopper();
    const response = await s.postForm('/gp/product/handle-buy-box', {
      ...speakerForm(SPK, 3, 'add-to-cart'),
      'accessory.1': STD2,
      'accessory.2': PLUG,
      'accessory.3': MUSIC,
    });
    expect(response.headers.location).toBe('/gp/cart/view.html?notice=added');
    const cart = await lines(s);
    const speaker = cart.find((l) => l.asin === SPK);
    expect(cart.map((l) => [l.asin, l.quantity]).sort()).toEqual(
      [
        [MUSIC, 3],
        [PLUG, 2],
        [SPK, 3],
        [STD2, 3],
      ].sort(),
    );
    expect(cart.filter((l) => l !== speaker).every((l) => l.associatedItemId === speaker?.id)).toBe(true);
    expect(cart.find((l) => l.asin === MUSIC)?.customAttributes).toEqual([
      { name: 'subscription-term', value: 'nimbus-music-unlimited-3-months' },
    ]);
  });

  test("an accessory that is not one of the slot's variations is refused and nothing is added", async () => {
    const s = await shopper();
    const response = await s.postForm('/gp/product/handle-buy-box', {
      ...speakerForm(SPK, 1, 'add-to-cart'),
      'accessory.2': STD1,
    });
    expect(response.headers.location).toContain('error=');
    expect(await s.cartCount()).toBe(0);
  });

  test('ACC-020 an accessory over its maxOrderQuantity refuses the whole add', async () => {
    const s = await shopper();
    const response = await s.postForm('/gp/product/handle-buy-box', {
      ...speakerForm(SPK, 3, 'add-to-cart'),
      'asin.1': PLUG,
      'offeringID.1': `OL-${PLUG}-NEW`,
      'quantity.1': '3',
    });
    expect(response.headers.location).toContain('error=');
    expect(await s.cartCount()).toBe(0);
  });

  test('buy now with accessories puts them in the cart and goes to checkout', async () => {
    const s = await shopper();
    const response = await s.postForm('/gp/product/handle-buy-box', {
      ...speakerForm(SPK, 1, 'buy-now'),
      'asin.1': BULB,
      'offeringID.1': `OL-${BULB}-NEW`,
      'quantity.1': '1',
    });
    expect(response.headers.location).toBe('/gp/buy/spc/handlers/display.html');
    expect(await s.cartCount()).toBe(2);
  });
});
