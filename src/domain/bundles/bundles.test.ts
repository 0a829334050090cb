import { describe, expect, test } from 'vitest';
import {
  ACCESSORY_BUTTON_RESET_MS,
  accessoryAdded,
  afterAccessoryReset,
  bundleAddButtonShown,
  DRAWER_BACKDROP_DELAY_MS,
  DRAWER_SLIDE_MS,
  drawerTransition,
} from './bundle-drawer';
import {
  applyingBundleSavings,
  BUNDLE_ADD_QUANTITY,
  BUNDLE_MEDIA_PATH,
  bundleImageUrl,
  bundleSaving,
  isValidBundleProduct,
} from './bundles';

const entity = {
  asin: 'B0TESTSPK1',
  images: [{ url: '/images/demo/x.svg' }],
  title: { displayString: 'Nimbus' },
  buyingOptions: [{ offerListingId: 'OL-1' }],
};

describe('bundle rules', () => {
  test('BDL-018 a product entity is valid only with asin, an image, a title and a buying option', () => {
    expect(isValidBundleProduct(entity)).toBe(true);
    expect(isValidBundleProduct({ ...entity, asin: '' })).toBe(false);
    expect(isValidBundleProduct({ ...entity, asin: undefined })).toBe(false);
    expect(isValidBundleProduct({ ...entity, images: [] })).toBe(false);
    expect(isValidBundleProduct({ ...entity, images: undefined })).toBe(false);
    expect(isValidBundleProduct({ ...entity, title: undefined })).toBe(false);
    expect(isValidBundleProduct({ ...entity, title: { displayString: '' } })).toBe(false);
    expect(isValidBundleProduct({ ...entity, buyingOptions: [] })).toBe(false);
    expect(isValidBundleProduct(null)).toBe(false);
  });

  test('BDL-017 a bundle add is always quantity 1', () => {
    expect(BUNDLE_ADD_QUANTITY).toBe(1);
  });

  test('BDL-025 bundle images come from the media host at a fixed path', () => {
    expect(BUNDLE_MEDIA_PATH).toBe('/images/demo/');
    expect(bundleImageUrl('nimbus-home-bundle.svg')).toBe('/images/demo/nimbus-home-bundle.svg');
  });

  test('the saving is what the components cost on their own less the bundle price, never below 0', () => {
    const components = [
      { unitPriceMinor: 4999, quantity: 1 },
      { unitPriceMinor: 1999, quantity: 2 },
    ];
    expect(bundleSaving(components, 7499)).toEqual({ separatelyMinor: 8997, savingMinor: 1498 });
    expect(bundleSaving(components, 9999)).toEqual({ separatelyMinor: 8997, savingMinor: 0 });
  });

  const saving = (id: string, addedAt: number, links: { lineId: string; quantity: number }[], count = 2) => ({
    id,
    bundleId: `B-${id}`,
    componentCount: count,
    addedAt,
    links,
  });

  test('a saving applies while every component line holds its units, and goes when one goes', () => {
    const s = saving('s1', 1, [
      { lineId: 'L1', quantity: 1 },
      { lineId: 'L2', quantity: 2 },
    ]);
    const lines = [
      { id: 'L1', quantity: 1 },
      { id: 'L2', quantity: 2 },
    ];
    expect(applyingBundleSavings([s], lines).applying).toEqual([s]);
    // A component line deleted: its link went with it (fewer links than components).
    const linkGone = { ...s, links: [{ lineId: 'L1', quantity: 1 }] };
    expect(applyingBundleSavings([linkGone], [lines[0] as { id: string; quantity: number }])).toEqual({
      applying: [],
      stale: [linkGone],
    });
    // A component line lowered below the bundle's units.
    expect(
      applyingBundleSavings(
        [s],
        [
          { id: 'L1', quantity: 1 },
          { id: 'L2', quantity: 1 },
        ],
      ).stale,
    ).toEqual([s]);
  });

  test('two bundles sharing a line never claim the same unit; the older one keeps it', () => {
    const older = saving('a', 1, [
      { lineId: 'L1', quantity: 1 },
      { lineId: 'L2', quantity: 1 },
    ]);
    const newer = saving('b', 2, [
      { lineId: 'L1', quantity: 1 },
      { lineId: 'L3', quantity: 1 },
    ]);
    const lines = [
      { id: 'L1', quantity: 1 },
      { id: 'L2', quantity: 1 },
      { id: 'L3', quantity: 1 },
    ];
    expect(applyingBundleSavings([newer, older], lines)).toEqual({ applying: [older], stale: [newer] });
    expect(
      applyingBundleSavings([newer, older], [{ id: 'L1', quantity: 2 }, ...lines.slice(1)]).applying,
    ).toEqual([older, newer]);
  });
});

describe('bundles drawer', () => {
  test('BDL-008 the drawer moves through not ready, ready, shown and closed', () => {
    let s = drawerTransition({ state: 'not-ready', wantsOpen: false }, 'loaded');
    expect(s.state).toBe('ready');
    s = drawerTransition(s, 'open');
    expect(s.state).toBe('shown');
    s = drawerTransition(s, 'close');
    expect(s.state).toBe('closed');
    s = drawerTransition(s, 'open');
    expect(s.state).toBe('shown');
    // Opened before its data is in: it shows once the data arrives.
    const waiting = drawerTransition({ state: 'not-ready', wantsOpen: false }, 'open');
    expect(waiting).toEqual({ state: 'not-ready', wantsOpen: true });
    expect(drawerTransition(waiting, 'loaded').state).toBe('shown');
    expect(drawerTransition(waiting, 'close')).toEqual({ state: 'not-ready', wantsOpen: false });
  });

  test('BDL-009 BDL-010 the slide takes 500 ms and the backdrop follows 400 ms later', () => {
    expect(DRAWER_SLIDE_MS).toBe(500);
    expect(DRAWER_BACKDROP_DELAY_MS).toBe(400);
  });

  test('BDL-012 BDL-013 the add button hides after a failure or when the bundle is in the cart', () => {
    expect(bundleAddButtonShown({ kind: 'idle' })).toBe(true);
    expect(bundleAddButtonShown({ kind: 'adding' })).toBe(true);
    expect(bundleAddButtonShown({ kind: 'failed', message: 'x' })).toBe(false);
    expect(bundleAddButtonShown({ kind: 'in-cart' })).toBe(false);
    expect(bundleAddButtonShown({ kind: 'added' })).toBe(false);
  });

  test('BDL-014 BDL-015 a success count, and the button back after 3 s unless the limit is reached', () => {
    expect(ACCESSORY_BUTTON_RESET_MS).toBe(3000);
    const underLimit = accessoryAdded(1, 2);
    expect(underLimit).toEqual({ kind: 'success', inCart: 1, limitReached: false });
    expect(afterAccessoryReset(underLimit)).toEqual({ kind: 'button' });
    const atLimit = accessoryAdded(2, 2);
    expect(afterAccessoryReset(atLimit)).toBe(atLimit);
    // 0 or missing means no limit.
    expect(accessoryAdded(5, 0).kind === 'success' && accessoryAdded(5, 0)).toMatchObject({
      limitReached: false,
    });
    expect(afterAccessoryReset({ kind: 'error' })).toEqual({ kind: 'error' });
  });
});
