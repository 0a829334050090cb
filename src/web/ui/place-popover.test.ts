import { describe, expect, test } from 'vitest';
import { POPOVER_GAP_PX, placePopover } from './place-popover';
import { OVERLAP_THRESHOLD_PX, POPOVER_DEFAULT_WIDTH } from './ui-constants';

const trigger = (left: number, width = 100, top = 200, height = 30) => ({
  top,
  left,
  right: left + width,
  bottom: top + height,
});

describe('placePopover', () => {
  test('BB-041 the popover sits at the trigger right, 502 wide, when there is room', () => {
    expect(POPOVER_DEFAULT_WIDTH).toBe(502);
    expect(placePopover(trigger(100), POPOVER_DEFAULT_WIDTH, 1280)).toEqual({
      side: 'right',
      top: 200,
      left: 200 + POPOVER_GAP_PX,
      width: 502,
    });
  });

  test('without room at the right it goes below the trigger, aligned to its left edge', () => {
    expect(placePopover(trigger(700), 502, 1280)).toEqual({
      side: 'below',
      top: 230 + POPOVER_GAP_PX,
      left: 700,
      width: 502,
    });
  });

  // In a 1270 px viewport a 502 px popover starts at most at 1270 - 8 - 502 = 760.
  test('DP-020 it may slide over the trigger by up to 10 px and stay at the right', () => {
    expect(OVERLAP_THRESHOLD_PX).toBe(10);
    const placed = placePopover(trigger(670, 100), 502, 1270);
    expect(placed).toMatchObject({ side: 'right', left: 760 });
    expect(770 - placed.left).toBe(OVERLAP_THRESHOLD_PX);
  });

  test('DP-020 covering the trigger by more than 10 px moves it below', () => {
    expect(placePopover(trigger(671, 100), 502, 1270)).toMatchObject({ side: 'below', top: 238, left: 671 });
  });

  test('on a narrow screen it shrinks to the viewport and stays inside it', () => {
    const placed = placePopover(trigger(20, 80), 502, 375);
    expect(placed.width).toBe(375 - 2 * POPOVER_GAP_PX);
    expect(placed.side).toBe('below');
    expect(placed.left).toBe(POPOVER_GAP_PX);
  });
});
