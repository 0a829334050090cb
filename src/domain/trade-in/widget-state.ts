import type { WidgetState } from '../../shared/contracts/trade-in';
import type { TradeInProductGroup, TradeInTitle } from '../../shared/trade-in-constants';

/** What the page knows when a trade-in is launched. */
export type TradeInLaunchContext = {
  productGroup: TradeInProductGroup | null;
  deviceType: WidgetState['deviceType'];
  title: TradeInTitle;
  asin: string | null;
  buyingPrice: number | null;
};

/** The flow's first step: the general error when the product group is missing (TI-026), else the eligible list. */
export function firstTradeInStep(context: TradeInLaunchContext): 'generalError' | 'eligibleList' {
  return context.productGroup ? 'eligibleList' : 'generalError';
}

/** TI-007: the widget state at launch: nothing chosen or searched yet. Null without a product group. */
export function initialWidgetState(context: TradeInLaunchContext): WidgetState | null {
  if (!context.productGroup) return null;
  return {
    productGroup: context.productGroup,
    deviceType: context.deviceType,
    title: context.title,
    asin: context.asin,
    buyingPrice: context.buyingPrice,
    selectedAsin: null,
    autoSearchTerm: null,
  };
}

/** TI-007: the state after the shopper picks a device (`selectedAsin`) or searches (`autoSearchTerm`). */
export function nextWidgetState(
  state: WidgetState,
  event: { selected: string } | { searched: string },
): WidgetState {
  if ('selected' in event) return { ...state, selectedAsin: event.selected };
  return { ...state, autoSearchTerm: event.searched.trim() || null };
}

/**
 * How a device is found once picked in a list: a phone (`gl_wireless`) is narrowed by its refinements
 * (carrier, storage) starting from its brand and model (TI-024); any other device goes to its questions.
 */
export function pathAfterPick(device: { productGroup: TradeInProductGroup }): 'refinements' | 'questions' {
  return device.productGroup === 'gl_wireless' ? 'refinements' : 'questions';
}
