import { describe, expect, test } from 'vitest';
import {
  accountLinkingChanged,
  giftWrapChanged,
  initialGiftAndPreregistration,
  isPreregistrationOffered,
  type PreregistrationData,
  preregistrationAlert,
  preregistrationFlag,
  preregistrationSelector,
  sendsPreregistration,
} from './gift-and-preregistration';

describe('gift wrap and account linking', () => {
  test('BB-011 gift wrap unchecks and disables account linking, remembers it and shows the alert', () => {
    const state = giftWrapChanged(initialGiftAndPreregistration(true), true);
    expect(state).toEqual({
      giftWrap: true,
      accountLinking: false,
      accountLinkingDisabled: true,
      rememberedAccountLinking: true,
      showGiftingAlert: true,
    });
  });

  test('BB-012 unchecking gift wrap restores the remembered value and re-enables account linking', () => {
    const wasOn = giftWrapChanged(giftWrapChanged(initialGiftAndPreregistration(true), true), false);
    expect(wasOn).toMatchObject({ giftWrap: false, accountLinking: true, accountLinkingDisabled: false });
    const wasOff = giftWrapChanged(giftWrapChanged(initialGiftAndPreregistration(false), true), false);
    expect(wasOff).toMatchObject({ giftWrap: false, accountLinking: false, accountLinkingDisabled: false });
  });

  test('BB-011 checking gift wrap twice keeps the first remembered value', () => {
    const once = giftWrapChanged(initialGiftAndPreregistration(true), true);
    const twice = giftWrapChanged(once, true);
    expect(giftWrapChanged(twice, false).accountLinking).toBe(true);
  });

  test('BB-011 a disabled account-linking box does not change', () => {
    const wrapped = giftWrapChanged(initialGiftAndPreregistration(false), true);
    expect(accountLinkingChanged(wrapped, true)).toBe(wrapped);
  });

  test('BB-013 checking account linking unchecks gift wrap', () => {
    const start = { ...initialGiftAndPreregistration(false), giftWrap: true };
    expect(accountLinkingChanged(start, true)).toMatchObject({ giftWrap: false, accountLinking: true });
    expect(accountLinkingChanged(start, false)).toMatchObject({ giftWrap: true, accountLinking: false });
  });
});

describe('pre-registration flag', () => {
  test('BB-015 pre-registration is sent only when checked and not disabled', () => {
    expect(sendsPreregistration(initialGiftAndPreregistration(true))).toBe(true);
    expect(sendsPreregistration(initialGiftAndPreregistration(false))).toBe(false);
    const checkedButDisabled = { ...initialGiftAndPreregistration(true), accountLinkingDisabled: true };
    expect(sendsPreregistration(checkedButDisabled)).toBe(false);
  });

  test('BB-014 the flag is written as the strings true and false', () => {
    expect(preregistrationFlag(initialGiftAndPreregistration(true))).toBe('true');
    expect(preregistrationFlag(giftWrapChanged(initialGiftAndPreregistration(true), true))).toBe('false');
  });

  test('BB-016 the alert text gets maxQuantity at $PREREG_MAX_QUANTITY', () => {
    expect(preregistrationAlert('Only $PREREG_MAX_QUANTITY devices can be linked.', 3)).toBe(
      'Only 3 devices can be linked.',
    );
    expect(preregistrationAlert('$PREREG_MAX_QUANTITY of $PREREG_MAX_QUANTITY', 2)).toBe('2 of 2');
  });

  test('BB-017 the quantity dropdown is found by suffix', () => {
    expect(preregistrationSelector('')).toBe('quantity');
    expect(preregistrationSelector('-installment')).toBe('quantity-installment');
    expect(preregistrationSelector('-deals')).toBe('quantity-deals');
  });
});

describe('isPreregistrationOffered', () => {
  const data: PreregistrationData = {
    asin: 'B0TESTSPK1',
    showStatus: true,
    status: 'ALLOWED',
    maxQuantity: 3,
    defaultValue: true,
  };

  test('BB-010 ALLOWED and ALLOWED_CONDITIONAL offer pre-registration up to maxQuantity', () => {
    expect(isPreregistrationOffered(data, 3)).toBe(true);
    expect(isPreregistrationOffered({ ...data, status: 'ALLOWED_CONDITIONAL' }, 1)).toBe(true);
    expect(isPreregistrationOffered(data, 4)).toBe(false);
  });

  test('BB-010 NOT_ALLOWED or showStatus false hides it', () => {
    expect(isPreregistrationOffered({ ...data, status: 'NOT_ALLOWED' }, 1)).toBe(false);
    expect(isPreregistrationOffered({ ...data, showStatus: false }, 1)).toBe(false);
  });
});
