import { describe, expect, test } from 'vitest';
import {
  ACCESSORY_IMAGE_UPDATE_DELAY_MS,
  type AccessoryOption,
  accessoryImageError,
  accessoryOrderQuantity,
  accessoryProductPath,
  accessoryQuantityLimit,
  accessoryRefTag,
  accessoryTransition,
  canAddMore,
  declineButtonText,
  formHelperButton,
  INTERSTITIAL_ADD_DELAY_MS,
  INTERSTITIAL_ADD_QUANTITY,
  interstitialAddFailed,
  interstitialAddSucceeded,
  interstitialContent,
  interstitialControl,
  interstitialOpensFor,
  needsShowing,
  parseAccessoryQuantity,
} from './accessories';

const option = (overrides: Partial<AccessoryOption> = {}): AccessoryOption => ({
  slot: 1,
  selectedAsin: 'B0TESTSTD1',
  committedAsin: 'B0TESTSTD1',
  added: false,
  isAutomated: false,
  checkForInteraction: false,
  hasBeenInteractedWith: false,
  ...overrides,
});

describe('accessory rules', () => {
  test('ACC-002 product links are /dp/{asin}/ref=ods_dabb_{asin}_productInfo', () => {
    expect(accessoryProductPath('B0TESTSTD2')).toBe('/dp/B0TESTSTD2/ref=ods_dabb_B0TESTSTD2_productInfo');
  });

  test('ACC-024 reference tags are ods_dabb_{pageAsin}_slot{index}_{asin}_{action}, _automated when automated', () => {
    expect(accessoryRefTag('B0TESTSPK1', 2, 'B0TESTPLG2', 'add', false)).toBe(
      'ods_dabb_B0TESTSPK1_slot2_B0TESTPLG2_add',
    );
    expect(accessoryRefTag('B0TESTSPK1', 4, 'B0TESTBLB1', 'remove', true)).toBe(
      'ods_dabb_B0TESTSPK1_slot4_B0TESTBLB1_remove_automated',
    );
  });

  test('ACC-019 accessory quantity parsing falls back to 1', () => {
    expect(parseAccessoryQuantity('3')).toBe(3);
    expect(parseAccessoryQuantity(2)).toBe(2);
    for (const bad of ['', 'two', '0', '-2', null, undefined, Number.NaN, 0]) {
      expect(parseAccessoryQuantity(bad)).toBe(1);
    }
  });

  test('ACC-020 the limit comes from maxOrderQuantity; 0 or missing applies no limit', () => {
    expect(accessoryQuantityLimit(2)).toBe(2);
    expect(accessoryQuantityLimit(0)).toBeNull();
    expect(accessoryQuantityLimit(undefined)).toBeNull();
    expect(accessoryOrderQuantity(5, 2)).toBe(2);
    expect(accessoryOrderQuantity(5, 0)).toBe(5);
    expect(accessoryOrderQuantity(5, undefined)).toBe(5);
    expect(canAddMore(1, 2)).toBe(true);
    expect(canAddMore(2, 2)).toBe(false);
    expect(canAddMore(50, 0)).toBe(true);
  });

  test('ACC-006 ticking adds the accessory with the page quantity', () => {
    const ticked = accessoryTransition(option(), { type: 'tick' });
    expect(ticked.added).toBe(true);
    expect(accessoryOrderQuantity(3, 0)).toBe(3);
  });

  test('ACC-007 unticking removes the accessory from the order', () => {
    const unticked = accessoryTransition(option({ added: true }), { type: 'untick' });
    expect(unticked.added).toBe(false);
  });

  test('ACC-008 the popover add to order (or update) button marks the accessory added', () => {
    let state = accessoryTransition(option(), { type: 'openPopover' });
    state = accessoryTransition(state, { type: 'chooseVariation', asin: 'B0TESTSTD3' });
    state = accessoryTransition(state, { type: 'confirmPopover' });
    expect(state).toMatchObject({ added: true, selectedAsin: 'B0TESTSTD3', committedAsin: 'B0TESTSTD3' });
    // update: already added, another variation
    state = accessoryTransition(state, { type: 'openPopover' });
    state = accessoryTransition(state, { type: 'chooseVariation', asin: 'B0TESTSTD2' });
    state = accessoryTransition(state, { type: 'confirmPopover' });
    expect(state).toMatchObject({ added: true, selectedAsin: 'B0TESTSTD2' });
  });

  test('ACC-009 closing the popover any other way restores the previous variation', () => {
    let state = accessoryTransition(option({ added: true }), { type: 'openPopover' });
    state = accessoryTransition(state, { type: 'chooseVariation', asin: 'B0TESTSTD3' });
    expect(state.selectedAsin).toBe('B0TESTSTD3');
    state = accessoryTransition(state, { type: 'closePopover' });
    expect(state).toMatchObject({ selectedAsin: 'B0TESTSTD1', added: true });
  });

  test('ACC-011 an accessory needs showing until it is in the order and, if marked, interacted with', () => {
    expect(needsShowing(option())).toBe(true);
    expect(needsShowing(option({ added: true }))).toBe(false);
    const bulb = option({ added: true, checkForInteraction: true, isAutomated: true });
    expect(needsShowing(bulb)).toBe(true);
    expect(needsShowing(accessoryTransition(bulb, { type: 'interacted' }))).toBe(false);
  });

  test('ACC-010 add to cart, one click or buy now opens the interstitial while an accessory needs showing', () => {
    const pending = [option({ added: true }), option({ slot: 2 })];
    const done = [option({ added: true }), option({ slot: 2, added: true })];
    for (const button of ['add-to-cart-button', 'buy-now-button', 'one-click-button']) {
      expect(interstitialOpensFor(button, pending)).toBe(true);
      expect(interstitialOpensFor(button, done)).toBe(false);
    }
    expect(interstitialOpensFor('add-to-list-button', pending)).toBe(false);
  });

  test('ACC-013 each accessory shows a checkbox, a select button, or in deal mode an add to cart button', () => {
    expect(interstitialControl(1, false)).toBe('checkbox');
    expect(interstitialControl(3, false)).toBe('select');
    expect(interstitialControl(1, true)).toBe('addToCart');
    expect(interstitialControl(3, true)).toBe('addToCart');
  });

  test('ACC-014 ACC-015 success shows the in-cart quantity and a further add only below maxOrderQuantity', () => {
    expect(interstitialAddSucceeded(1, 2)).toEqual({ status: 'added', inCartQuantity: 1, canAddMore: true });
    expect(interstitialAddSucceeded(2, 2)).toEqual({ status: 'added', inCartQuantity: 2, canAddMore: false });
    expect(interstitialAddSucceeded(7, 0)).toMatchObject({ canAddMore: true });
  });

  test('ACC-016 ACC-027 a failed add leaves the error state with its message', () => {
    expect(interstitialAddFailed('We could not add this item.')).toEqual({
      status: 'failed',
      message: 'We could not add this item.',
    });
  });

  test('ACC-017 ACC-018 the decline button reads No thanks, then Add selected, then Continue', () => {
    expect(declineButtonText({ anyChosen: false, anyAddedToCart: false })).toBe('No thanks');
    expect(declineButtonText({ anyChosen: true, anyAddedToCart: false })).toBe('Add selected');
    expect(declineButtonText({ anyChosen: true, anyAddedToCart: true })).toBe('Continue');
    expect(declineButtonText({ anyChosen: false, anyAddedToCart: true })).toBe('Continue');
  });

  test('ACC-021 ACC-022 ACC-023 the constants: 2000 ms, quantity 1, 100 ms image update', () => {
    expect(INTERSTITIAL_ADD_DELAY_MS).toBe(2000);
    expect(INTERSTITIAL_ADD_QUANTITY).toBe(1);
    expect(ACCESSORY_IMAGE_UPDATE_DELAY_MS).toBe(100);
  });

  test("ACC-025 an add to order button the form helper does not handle raises 'Add to order button not handled in buyBoxManagerFormHelper.'", () => {
    expect(formHelperButton('buy-now-button')).toBe('buy-now-button');
    expect(() => formHelperButton('see-all-buying-options')).toThrow(
      new Error('Add to order button not handled in buyBoxManagerFormHelper.'),
    );
  });

  test('ACC-026 an image load failure error names the accessory', () => {
    const error = accessoryImageError({ asin: 'B0TESTPLG2', title: 'Nimbus Smart Plug' }, '/x.svg');
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toContain('Nimbus Smart Plug');
    expect(error.message).toContain('B0TESTPLG2');
  });

  test('ACC-028 ACC-029 the interstitial logs missing preload content and an empty popover', () => {
    const logged: string[] = [];
    expect(interstitialContent(null, (m) => logged.push(m))).toBeNull();
    expect(interstitialContent([], (m) => logged.push(m))).toBeNull();
    expect(logged).toEqual([
      'accessory interstitial: preload content is missing',
      'accessory interstitial: would show an empty popover',
    ]);
    expect(interstitialContent([1], (m) => logged.push(m))).toEqual([1]);
    expect(logged).toHaveLength(2);
  });
});
