import { describe, expect, test } from 'vitest';
import {
  BUY_BOX_LINE_CLAMP,
  featureBulletsChanged,
  featureBulletsExpander,
  images,
  locationPromptOpens,
  popupWindowFeatures,
  SYNTAX_ERROR_RETRY_MS,
  showMoreLink,
} from './buy-box-constants';

describe('buy-box constants', () => {
  test('BB-042 the default pop-up window is 600 by 400 with scrollbars', () => {
    expect(popupWindowFeatures()).toBe('width=600,height=400,scrollbars=yes');
    expect(popupWindowFeatures({ width: 800, height: 500 })).toBe('width=800,height=500,scrollbars=yes');
  });

  test('BB-040 each image URL is preloaded once, in order, without empty entries', () => {
    expect(
      images(['/images/a.svg', '', '/images/b.svg', null, '/images/a.svg', undefined, ' /images/c.svg ']),
    ).toEqual(['/images/a.svg', '/images/b.svg', '/images/c.svg']);
    expect(images([])).toEqual([]);
  });

  test('DP-017 buy box text is clamped to 3 lines', () => {
    expect(BUY_BOX_LINE_CLAMP).toBe(3);
  });

  test('DP-019 a retry after a syntax error happens at 200 ms', () => {
    expect(SYNTAX_ERROR_RETRY_MS).toBe(200);
  });
});

describe('feature bullets', () => {
  test('DP-003 the expander shows only when the content is taller than its box', () => {
    expect(featureBulletsExpander(420, 300)).toBe(true);
    expect(featureBulletsExpander(300, 300)).toBe(false);
    expect(featureBulletsExpander(120, 300)).toBe(false);
  });

  test('DP-002 the expander collapses and expands the bullets', () => {
    expect(featureBulletsChanged('collapsed', 'toggle')).toBe('expanded');
    expect(featureBulletsChanged('expanded', 'toggle')).toBe('collapsed');
  });

  test('DP-004 hovering away while expanded collapses the bullets', () => {
    expect(featureBulletsChanged('expanded', 'hover-away')).toBe('collapsed');
    expect(featureBulletsChanged('collapsed', 'hover-away')).toBe('collapsed');
  });
});

describe('tabular buy box and location prompt', () => {
  test('DP-006 the show-more link appears only when the text is truncated to 3 lines', () => {
    expect(showMoreLink(2)).toBe(false);
    expect(showMoreLink(3)).toBe(false);
    expect(showMoreLink(4)).toBe(true);
  });

  test('DP-005 the location prompt opens only when eligible and on desktop', () => {
    expect(locationPromptOpens({ eligible: true, device: 'desktop' })).toBe(true);
    expect(locationPromptOpens({ eligible: false, device: 'desktop' })).toBe(false);
    expect(locationPromptOpens({ eligible: true, device: 'mobile' })).toBe(false);
    expect(locationPromptOpens({ eligible: true, device: 'tablet' })).toBe(false);
  });
});
