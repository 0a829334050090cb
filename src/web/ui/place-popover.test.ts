import { describe, expect, test } from 'vitest';
import { POPOVER_GAP_PX, placePopover } from './place-popover';
import { OVERLAP_THRESHOLD_PX, POPOVER_DEFAULT_WIDTH } from './ui-constants';

const trigger = (left: number, width = 100, top = 200, height = 30) => ({
  top,
  left,
  right: left + width,
  bottom: top + height,
});

/** A viewport of this width, 900 px tall, and a popover 300 px tall. */
const room = (viewportWidth: number, height = 300, viewportHeight = 900) => ({
  viewportWidth,
  viewportHeight,
  height,
});

describe('placePopover', () => {
  test('BB-041 the popover sits at the trigger right, 502 wide, when there is room', () => {
    expect(POPOVER_DEFAULT_WIDTH).toBe(502);
    expect(placePopover(trigger(100), POPOVER_DEFAULT_WIDTH, room(1280))).toEqual({
      side: 'right',
      top: 200,
      left: 200 + POPOVER_GAP_PX,
      width: 502,
    });
  });

  test('decision 0017: without room at the right it flips to the trigger left, level with it', () => {
    expect(placePopover(trigger(700), 502, room(1280))).toEqual({
      side: 'left',
      top: 200,
      left: 700 - POPOVER_GAP_PX - 502,
      width: 502,
    });
  });

  test('BB-041: beside a trigger low in the window it moves up to end inside the window', () => {
    const placed = placePopover(trigger(100, 100, 700), 360, room(1280, 450));
    expect(placed).toMatchObject({ side: 'right', top: 900 - POPOVER_GAP_PX - 450 });
    const flipped = placePopover(trigger(1100, 100, 700), 360, room(1280, 450));
    expect(flipped).toMatchObject({ side: 'left', top: 900 - POPOVER_GAP_PX - 450 });
    // Taller than the window: from its top edge (it scrolls inside, max-height in ui.css).
    expect(placePopover(trigger(100, 100, 700), 360, room(1280, 1000)).top).toBe(POPOVER_GAP_PX);
  });

  // In a 1270 px viewport a 502 px popover starts at most at 1270 - 8 - 502 = 760.
  test('DP-020 it may slide over the trigger by up to 10 px and stay at the right', () => {
    expect(OVERLAP_THRESHOLD_PX).toBe(10);
    const placed = placePopover(trigger(670, 100), 502, room(1270));
    expect(placed).toMatchObject({ side: 'right', left: 760 });
    expect(770 - placed.left).toBe(OVERLAP_THRESHOLD_PX);
  });

  test('DP-020 covering the trigger by more than 10 px flips it to the trigger left', () => {
    expect(placePopover(trigger(671, 100), 502, room(1270))).toMatchObject({
      side: 'left',
      top: 200,
      left: 161,
    });
  });

  test('on a narrow screen it shrinks to the viewport and stays inside it', () => {
    const placed = placePopover(trigger(20, 80), 502, room(375));
    expect(placed.width).toBe(375 - 2 * POPOVER_GAP_PX);
    expect(placed.side).toBe('below');
    expect(placed.left).toBe(POPOVER_GAP_PX);
    expect(placed.top).toBe(230 + POPOVER_GAP_PX);
  });

  test('on a narrow screen it goes above a trigger low in the window when only there it fits', () => {
    const placed = placePopover(trigger(20, 80, 700), 502, room(375, 400, 844));
    expect(placed).toMatchObject({ side: 'above', top: 700 - POPOVER_GAP_PX - 400 });
  });

  test('decision 0017: on a narrow screen, fitting neither below nor above, it still ends inside the window', () => {
    const placed = placePopover(trigger(20, 80, 500), 502, room(375, 600, 844));
    expect(placed).toMatchObject({ side: 'below', top: 844 - POPOVER_GAP_PX - 600 });
  });
});
