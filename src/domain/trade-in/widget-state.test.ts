import { describe, expect, test } from 'vitest';
import { firstTradeInStep, initialWidgetState, nextWidgetState, pathAfterPick } from './widget-state';

const context = {
  productGroup: 'gl_wireless' as const,
  deviceType: 'web' as const,
  title: 'tanookiTitle' as const,
  asin: 'B0PDPPHN01',
  buyingPrice: 79_999,
};

describe('trade-in widget state', () => {
  test('TI-007 the widget state carries productGroup, deviceType, title, asin, buyingPrice, selectedAsin and autoSearchTerm', () => {
    const state = initialWidgetState(context);
    expect(state).toEqual({
      productGroup: 'gl_wireless',
      deviceType: 'web',
      title: 'tanookiTitle',
      asin: 'B0PDPPHN01',
      buyingPrice: 79_999,
      selectedAsin: null,
      autoSearchTerm: null,
    });
    if (!state) throw new Error('no state');
    const searched = nextWidgetState(state, { searched: ' pixel ' });
    expect(searched.autoSearchTerm).toBe('pixel');
    expect(nextWidgetState(searched, { selected: 'B0TIPHN001' })).toMatchObject({
      selectedAsin: 'B0TIPHN001',
      autoSearchTerm: 'pixel',
    });
  });

  test('TI-026 a launch without a product group starts at the general error view, with no widget state', () => {
    expect(firstTradeInStep({ ...context, productGroup: null })).toBe('generalError');
    expect(initialWidgetState({ ...context, productGroup: null })).toBeNull();
    expect(firstTradeInStep(context)).toBe('eligibleList');
  });

  test('TI-016 a phone picked in a list is refined first; other devices go to their questions', () => {
    expect(pathAfterPick({ productGroup: 'gl_wireless' })).toBe('refinements');
    expect(pathAfterPick({ productGroup: 'gl_digital_products_3' })).toBe('questions');
  });
});
