import { describe, expect, test, vi } from 'vitest';
import {
  boughtService,
  boughtServices,
  choiceOfKind,
  chooseAddOn,
  chooseAddOns,
  initialChoice,
  noChoice,
  REMOVE_OFFER,
} from './add-on-choice';
import { digitalDashOutcome } from './digital-dash';
import { addOnCartOutcome, afterBuyBoxPost, continueAction, interstitialHolds } from './interstitial';
import { fulfillmentLabel, isShipToStore, winningServiceOffer } from './service-offers';
import { chosenFromUrl, readVasState, replaceUrlState, vasUrl, writeVasState } from './vas-url-state';
import {
  carouselArrows,
  quantityRefreshNeeded,
  sellerRefreshNeeded,
  serviceFormFields,
  serviceQuantity,
} from './widget-rules';
import { dismissalFlag, dismissalOverdue, hijackOverdue } from './widget-timers';
import { continueAllowed, isZipSubmitKey, submitZip, zipOutcome, zipOutcomeMessage } from './zip-update';

const US = '^\\d{5}(-\\d{4})?$';

describe('the vas URL state', () => {
  test('VAS-001 the state is a single-quoted JSON object in the vas parameter', () => {
    expect(writeVasState({ vw: 'B0SERVICE1' })).toBe("{'vw':'B0SERVICE1'}");
    expect(readVasState("?vas={'vw':'B0SERVICE1'}&qty=2")).toEqual({ vw: 'B0SERVICE1' });
    expect(readVasState('?vas=not-json')).toEqual({});
    expect(readVasState("?vas=['x']")).toEqual({});
    expect(readVasState('?qty=2')).toEqual({});
  });

  test('VAS-002 vw is added on select and removed on deselect; other state and parameters stay', () => {
    const chosen = vasUrl('https://shop.test/dp/B0TV?qty=2', 'B0SERVICE1');
    expect(new URL(chosen).searchParams.get('vas')).toBe("{'vw':'B0SERVICE1'}");
    expect(new URL(chosen).searchParams.get('qty')).toBe('2');
    expect(new URL(vasUrl(chosen, null)).searchParams.has('vas')).toBe(false);
    const other = vasUrl("https://shop.test/dp/B0TV?vas={'vw':'A','zz':'1'}", null);
    expect(readVasState(new URL(other).search)).toEqual({ zz: '1' });
    expect(chosenFromUrl("?vas={'vw':'B0S1'}", ['B0S1'])).toBe('B0S1');
    expect(chosenFromUrl("?vas={'vw':'B0NOPE'}", ['B0S1'])).toBeNull();
  });

  test('VAS-045 a browser without history.replaceState is counted as unsupported and the URL is skipped', () => {
    const unsupported = vi.fn();
    expect(replaceUrlState({}, '/x', unsupported)).toBe(false);
    expect(replaceUrlState(undefined, '/x', unsupported)).toBe(false);
    expect(unsupported).toHaveBeenCalledTimes(2);
    const replaceState = vi.fn();
    expect(replaceUrlState({ replaceState }, '/y', unsupported)).toBe(true);
    expect(replaceState).toHaveBeenCalledWith(null, '', '/y');
  });
});

describe('the add-on choice', () => {
  test('VAS-011 VAS-012 checking selects and expands; unchecking clears', () => {
    const checked = chooseAddOn(noChoice, { type: 'check', serviceAsin: 'B0S2' });
    expect(checked).toEqual({ selected: 'B0S2', upgraded: false, expanded: true });
    expect(chooseAddOn(checked, { type: 'uncheck' })).toEqual(noChoice);
    expect(initialChoice('B0S2')).toEqual(checked);
  });

  test('VAS-013 VAS-014 VAS-015 VAS-016 the upgrade checks the main box, reverts, and goes with it', () => {
    const upgradeOf = (asin: string) => (asin === 'B0S2' ? 'B0S3' : null);
    const upgraded = chooseAddOn(noChoice, { type: 'checkUpgrade', serviceAsin: 'B0S2' });
    expect(upgraded).toEqual({ selected: 'B0S2', upgraded: true, expanded: true });
    expect(boughtService(upgraded, upgradeOf)).toBe('B0S3');
    const reverted = chooseAddOn(upgraded, { type: 'uncheckUpgrade' });
    expect(boughtService(reverted, upgradeOf)).toBe('B0S2');
    expect(chooseAddOn(upgraded, { type: 'uncheck' })).toEqual(noChoice);
    expect(boughtService(noChoice, upgradeOf)).toBeNull();
  });

  test('VAS-017 removeOffer clears the selection; any other option selects it', () => {
    const chosen = chooseAddOn(noChoice, { type: 'selectOption', value: 'B0S1' });
    expect(chosen.selected).toBe('B0S1');
    expect(chooseAddOn(chosen, { type: 'selectOption', value: REMOVE_OFFER })).toEqual(noChoice);
  });
});

describe('service offers', () => {
  const offer = (offerId: string, priceMinor: number, merchantId = 'M1', buyable = true) => ({
    offerId,
    merchantId,
    priceMinor,
    buyable,
    fulfillmentType: 'in_home',
  });

  test('VAS-008 the cheapest buyable offer wins; min price and the next price come with it', () => {
    const won = winningServiceOffer([
      offer('B', 9900),
      offer('A', 7900),
      offer('C', 7900),
      offer('D', 5000, 'M1', false),
    ]);
    expect(won?.offer.offerId).toBe('A');
    expect(won?.winningServiceMinPrice).toBe(7900);
    expect(won?.nextOfferPrice).toBe(9900);
    expect(winningServiceOffer([offer('A', 7900)])?.nextOfferPrice).toBeNull();
    expect(winningServiceOffer([])).toBeNull();
    expect(winningServiceOffer([offer('A', 7900, 'M1'), offer('B', 9900, 'M2')], 'M2')?.offer.offerId).toBe(
      'B',
    );
  });

  test('VAS-009 an in_store offer is ship-to-store', () => {
    expect(isShipToStore('in_store')).toBe(true);
    expect(isShipToStore('in_home')).toBe(false);
    expect(fulfillmentLabel('in_store')).toMatch(/^Ship to store/);
  });
});

describe('the zip update', () => {
  test('VAS-026 VAS-027 an unchanged zip does nothing; one failing the pattern is invalid', () => {
    expect(submitZip('98109', '98109', US)).toEqual({ kind: 'unchanged' });
    expect(submitZip(' 98109 ', '98109', US)).toEqual({ kind: 'unchanged' });
    expect(submitZip('9810', '98109', US)).toEqual({ kind: 'invalid' });
    expect(submitZip('10001', '98109', US)).toEqual({ kind: 'refresh', zip: '10001' });
    expect(submitZip('10001', null, US)).toEqual({ kind: 'refresh', zip: '10001' });
  });

  test('VAS-024 VAS-025 VAS-038 VAS-039 the four outcomes, and when continue is allowed', () => {
    const available = { hasError: false, isOfferAvailable: true, offerListingId: 'OL1', merchantId: 'M1' };
    expect(zipOutcome({ ok: false }, 'S')).toEqual({ kind: 'ajaxFail' });
    expect(zipOutcome({ ok: true, entries: { S: { ...available, hasError: true } } }, 'S').kind).toBe(
      'ajaxFail',
    );
    expect(zipOutcome({ ok: true, entries: {} }, 'S').kind).toBe('ajaxFail');
    expect(
      zipOutcome(
        { ok: true, entries: { S: { hasError: false, isOfferAvailable: false, offerListingId: null } } },
        'S',
      ).kind,
    ).toBe('noOffer');
    expect(zipOutcome({ ok: true, entries: { S: available } }, 'S')).toEqual({
      kind: 'offerAvailable',
      entry: available,
    });
    expect(continueAllowed({ kind: 'invalidZip' })).toBe(false);
    expect(continueAllowed({ kind: 'ajaxFail' })).toBe(false);
    expect(continueAllowed({ kind: 'offerAvailable', entry: available })).toBe(true);
    expect(continueAllowed(null)).toBe(true);
    expect(zipOutcomeMessage({ kind: 'invalidZip' })).toMatch(/valid ZIP/);
    expect(zipOutcomeMessage({ kind: 'noOffer' })).toMatch(/not offered/);
  });

  test('VAS-049 Enter (key code 13) submits the zip', () => {
    expect(isZipSubmitKey({ key: 'Enter' })).toBe(true);
    expect(isZipSubmitKey({ keyCode: 13 })).toBe(true);
    expect(isZipSubmitKey({ key: 'a', keyCode: 65 })).toBe(false);
  });
});

describe('the interstitial and the add-on cart add', () => {
  test('VAS-021 an add-to-cart press is held once, while no service is chosen', () => {
    const base = {
      mode: 'buyable' as const,
      buttonId: 'add-to-cart-button',
      chosen: null,
      alreadyShown: false,
    };
    expect(interstitialHolds(base)).toBe(true);
    expect(interstitialHolds({ ...base, chosen: 'B0S1' })).toBe(false);
    expect(interstitialHolds({ ...base, alreadyShown: true })).toBe(false);
    expect(interstitialHolds({ ...base, mode: 'none' })).toBe(false);
    expect(interstitialHolds({ ...base, buttonId: 'buy-now-button' })).toBe(false);
  });

  test('VAS-022 VAS-023 continue: buyable adds to the form; otherwise add, then the service page or the cart', () => {
    expect(
      continueAction({ mode: 'buyable', serviceAsin: 'B0S1', doRedirect: false, pageAsin: 'B0TV' }),
    ).toEqual({
      kind: 'addToFormAndSubmit',
      serviceAsin: 'B0S1',
    });
    expect(
      continueAction({ mode: 'nonBuyable', serviceAsin: 'B0S1', doRedirect: true, pageAsin: 'B0TV' }),
    ).toEqual({
      kind: 'addThenGo',
      serviceAsin: 'B0S1',
      to: '/gp/product/B0S1/ref=vas_int_B0TV',
    });
    expect(
      continueAction({ mode: 'nonBuyable', serviceAsin: 'B0S1', doRedirect: false, pageAsin: 'B0TV' }),
    ).toMatchObject({ to: '/gp/cart/view.html' });
  });

  test('VAS-035 VAS-036 VAS-037 a 422 is an incomplete add, other failures fail; a failed post forces add to cart', () => {
    expect(addOnCartOutcome(200, true)).toBe('added');
    expect(addOnCartOutcome(422, false)).toBe('incomplete');
    expect(addOnCartOutcome(500, false)).toBe('failed');
    expect(addOnCartOutcome(0, false)).toBe('failed');
    expect(afterBuyBoxPost(false)).toBe('forceAddToCart');
    expect(afterBuyBoxPost(true)).toBe('follow');
  });
});

describe('digital dash', () => {
  test('VAS-040 success, or error code 510, is success', () => {
    expect(digitalDashOutcome(200, { success: true })).toEqual({ kind: 'success' });
    expect(digitalDashOutcome(200, { success: false, error: { errorCode: '510' } })).toEqual({
      kind: 'success',
    });
    expect(digitalDashOutcome(200, { success: false, error: { errorCode: 510 } })).toEqual({
      kind: 'success',
    });
  });
  test('VAS-041 another error shows the server title and message, or the default text', () => {
    expect(
      digitalDashOutcome(200, {
        success: false,
        error: { errorCode: '404', errorTitle: 'T', errorMessage: 'M' },
      }),
    ).toEqual({ kind: 'alert', title: 'T', message: 'M' });
    expect(digitalDashOutcome(200, { success: false, error: { errorCode: '500' } })).toMatchObject({
      kind: 'alert',
      title: 'We could not create your Dash button',
      message: 'Please try again later.',
    });
  });
  test('VAS-042 VAS-043 a 401 redirects to the body url; anything else is the error state', () => {
    expect(digitalDashOutcome(401, { url: '/gp/sign-in.html?path=%2Fdp%2FX' })).toEqual({
      kind: 'redirect',
      url: '/gp/sign-in.html?path=%2Fdp%2FX',
    });
    expect(digitalDashOutcome(401, { url: 'https://evil.test/' })).toEqual({ kind: 'error' });
    expect(digitalDashOutcome(500, null)).toEqual({ kind: 'error' });
    expect(digitalDashOutcome(0, null)).toEqual({ kind: 'error' });
    expect(digitalDashOutcome(200, {})).toEqual({ kind: 'error' });
  });
});

describe('timers and small widget rules', () => {
  test('VAS-046 a held press is reported past 300 s', () => {
    expect(hijackOverdue(0, 300_000)).toBe(false);
    expect(hijackOverdue(0, 300_001)).toBe(true);
  });
  test('VAS-047 an open interstitial is reported past 30 s; a second dismissal is flagged', () => {
    expect(dismissalOverdue(0, 30_000)).toBe(false);
    expect(dismissalOverdue(0, 30_001)).toBe(true);
    expect(dismissalFlag(0)).toBe('first');
    expect(dismissalFlag(1)).toBe('repeat');
  });
  test('VAS-006 carousel arrows hide at the first and last page', () => {
    expect(carouselArrows(0, 3)).toEqual({ previous: false, next: true });
    expect(carouselArrows(1, 3)).toEqual({ previous: true, next: true });
    expect(carouselArrows(2, 3)).toEqual({ previous: true, next: false });
    expect(carouselArrows(0, 1)).toEqual({ previous: false, next: false });
  });
  test('VAS-018 VAS-051 seller and quantity refresh of the option list', () => {
    expect(sellerRefreshNeeded('M1', 'M2')).toBe(true);
    expect(sellerRefreshNeeded('M1', 'M1')).toBe(false);
    expect(sellerRefreshNeeded('M1', null)).toBe(false);
    expect(quantityRefreshNeeded(true, 1, 5)).toBe(true);
    expect(quantityRefreshNeeded(false, 1, 5)).toBe(false);
    expect(quantityRefreshNeeded(true, 5, 5)).toBe(false);
  });
  test('VAS-029 VAS-050 services go one at a time, numbered after the upsells in the form', () => {
    expect(serviceQuantity()).toBe(1);
    expect(serviceFormFields([{ asin: 'B0S1', offerListingId: 'OL1' }], 2)).toEqual([
      ['asin.3', 'B0S1'],
      ['offeringID.3', 'OL1'],
      ['quantity.3', '1'],
    ]);
    expect(
      serviceFormFields(
        [
          { asin: 'B0S1', offerListingId: 'OL1' },
          { asin: 'B0S2', offerListingId: 'OL2' },
        ],
        0,
      ).map(([k]) => k),
    ).toEqual(['asin.1', 'offeringID.1', 'quantity.1', 'asin.2', 'offeringID.2', 'quantity.2']);
  });
});

describe('choices per service kind (decision 0041)', () => {
  const kinds: Record<string, string> = { PLAN2: 'protection', PLAN3: 'protection', INSTALL: 'installation' };
  const kindOf = (asin: string) => kinds[asin];
  const upgradeOf = (asin: string) => (asin === 'PLAN2' ? 'PLAN3' : null);
  const order = ['protection', 'installation'];

  test('a plan and installation are chosen together; plans of one kind replace each other', () => {
    let choices = chooseAddOns({}, { type: 'check', serviceAsin: 'INSTALL' }, kindOf);
    choices = chooseAddOns(choices, { type: 'check', serviceAsin: 'PLAN2' }, kindOf);
    expect(boughtServices(choices, order, upgradeOf)).toEqual(['PLAN2', 'INSTALL']);
    choices = chooseAddOns(choices, { type: 'checkUpgrade', serviceAsin: 'PLAN2' }, kindOf);
    expect(boughtServices(choices, order, upgradeOf)).toEqual(['PLAN3', 'INSTALL']);
    choices = chooseAddOns(choices, { type: 'check', serviceAsin: 'PLAN3' }, kindOf);
    expect(boughtServices(choices, order, upgradeOf)).toEqual(['PLAN3', 'INSTALL']);
    expect(choiceOfKind(choices, 'protection').selected).toBe('PLAN3');
    choices = chooseAddOns(choices, { type: 'uncheck', serviceAsin: 'INSTALL' }, kindOf);
    expect(boughtServices(choices, order, upgradeOf)).toEqual(['PLAN3']);
  });

  test('an option list holds one choice across the kinds it lists', () => {
    let choices = chooseAddOns({}, { type: 'selectOption', value: 'INSTALL' }, kindOf);
    choices = chooseAddOns(choices, { type: 'selectOption', value: 'PLAN2' }, kindOf);
    expect(boughtServices(choices, order, upgradeOf)).toEqual(['PLAN2']);
    choices = chooseAddOns(choices, { type: 'selectOption', value: REMOVE_OFFER }, kindOf);
    expect(boughtServices(choices, order, upgradeOf)).toEqual([]);
  });
});
