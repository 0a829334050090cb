// The quantity slider per asin (SL-002..015): the add button becomes plus and minus once the cart holds
// the item; each press adds or removes one unit within the offer's minimum and maximum order quantity.

export type SliderCartType = 'DEFAULT' | 'UFG';

/** SL-002: what the slider knows of one product and the cart it talks to. */
export type SliderModel = {
  asinId: string;
  offerListingId: string;
  quantityInCart: number;
  minOrderQuantity: number;
  maxOrderQuantity: number;
  cartItemId: string | null;
  cartType: SliderCartType;
  ajaxCartUrl: string;
  addToCartUrl: string;
  csrfToken: string;
  clientName: string;
  sessionId: string;
  loggingUrl: string;
  enableQuantityLimitMessage: boolean;
  additionalInput: { storeId: string } | null;
  additionalParams: Record<string, string>;
};

/** SL-010: what an add asks for: up to the minimum order quantity when below it, else one more. */
export function sliderAddQuantity(model: Pick<SliderModel, 'minOrderQuantity'>, inCart: number): number {
  return inCart < model.minOrderQuantity ? model.minOrderQuantity - inCart : 1;
}

/** SL-001/010: the quantity a plus press leads to, never above the maximum. */
export function sliderIncrease(
  model: Pick<SliderModel, 'minOrderQuantity' | 'maxOrderQuantity'>,
  quantity: number,
): number {
  return Math.min(quantity + sliderAddQuantity(model, quantity), model.maxOrderQuantity);
}

/** SL-011: a minus press empties the line at or below the minimum order quantity, else takes one off. */
export function sliderDecrease(model: Pick<SliderModel, 'minOrderQuantity'>, quantity: number): number {
  return quantity <= model.minOrderQuantity ? 0 : quantity - 1;
}

/** SL-012: the cart item id the slider sends drops a leading C or S. */
export function sliderItemId(cartItemId: string): string {
  return /^[CS]/.test(cartItemId) ? cartItemId.slice(1) : cartItemId;
}

export type SliderView = {
  /** SL-003/004: the add button at zero, the slider above it. */
  mode: 'add' | 'slider';
  /** SL-006: min(cart quantity, max). */
  shownQuantity: number;
  /** SL-005: while a request runs both buttons are disabled and a spinner shows. */
  busy: boolean;
  plusDisabled: boolean;
  minusDisabled: boolean;
};

/**
 * What the slider shows for a quantity: after a success plus is disabled at or above the maximum
 * (SL-007); after an error too, when the maximum was already reached (SL-008), which the same rule
 * gives because the shown quantity is still the one at the maximum.
 */
export function sliderView(
  model: Pick<SliderModel, 'maxOrderQuantity'>,
  quantity: number,
  busy: boolean,
): SliderView {
  const shownQuantity = Math.min(quantity, model.maxOrderQuantity);
  return {
    mode: quantity > 0 ? 'slider' : 'add',
    shownQuantity,
    busy,
    plusDisabled: busy || quantity >= model.maxOrderQuantity,
    minusDisabled: busy,
  };
}

export type SliderRequest = {
  method: 'POST' | 'PUT';
  url: string;
  body: unknown;
};

/**
 * SL-013..015: the request that sets the cart to `target`. The default cart adds with POST (items with
 * asin, offerListingId and the units to add) while the cart has no line, and modifies its line with
 * PUT (items with the line's id and the new quantity) once it has one. The fresh (UFG) cart is sent the
 * grocery add payload with the absolute quantity and `additionalInput`.
 */
export function sliderRequest(model: SliderModel, confirmed: number, target: number): SliderRequest {
  if (model.cartType === 'UFG') {
    return {
      method: 'POST',
      url: model.ajaxCartUrl,
      body: {
        clientID: model.clientName,
        asin: model.asinId,
        quantity: target,
        sessionID: model.sessionId,
        setQuantityFlag: true,
        isStepperFlag: true,
        prevSelectedQty: confirmed,
        additionalInput: model.additionalInput ?? undefined,
        ...model.additionalParams,
        additionalParams: { csrfToken: model.csrfToken },
      },
    };
  }
  if (model.cartItemId === null || confirmed === 0) {
    return {
      method: 'POST',
      url: model.ajaxCartUrl,
      body: {
        items: [{ asin: model.asinId, offerListingId: model.offerListingId, quantity: target - confirmed }],
      },
    };
  }
  return {
    method: 'PUT',
    url: model.ajaxCartUrl,
    body: { items: [{ id: sliderItemId(model.cartItemId), quantity: target }] },
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * SL-013..015: the line a slider answer reports. The default cart answers `entity.items[0]` (its id
 * and quantity; a line at 0 has left the cart); the fresh cart answers `clientResponseModel.items`,
 * where no line for the asin means 0. SL-018: an answer with neither is invalid (null).
 */
export function sliderAnswerLine(
  answer: unknown,
  model: Pick<SliderModel, 'asinId' | 'cartType'>,
): { quantity: number; cartItemId: string | null } | null {
  if (!isRecord(answer)) return null;
  if (model.cartType === 'UFG') {
    const items = isRecord(answer.clientResponseModel) ? answer.clientResponseModel.items : undefined;
    if (!Array.isArray(items)) return null;
    const line: unknown = items.find((item) => isRecord(item) && item.ASIN === model.asinId);
    if (!isRecord(line)) return { quantity: 0, cartItemId: null };
    return {
      quantity: typeof line.quantity === 'number' ? line.quantity : 0,
      cartItemId: typeof line.itemId === 'string' ? line.itemId : null,
    };
  }
  const items = isRecord(answer.entity) ? answer.entity.items : undefined;
  const line: unknown = Array.isArray(items) ? items[0] : undefined;
  if (!isRecord(line) || typeof line.quantity !== 'number' || typeof line.id !== 'string') return null;
  return { quantity: line.quantity, cartItemId: line.quantity > 0 ? line.id : null };
}

/** GRO-030: a refusal that tells what the fresh cart holds gives the asin's quantity (none meaning 0). */
export function sliderRefusalInCart(
  refusal: { clientResponseModel?: { items: readonly { ASIN: string; quantity: number }[] } } | null,
  asin: string,
): number | undefined {
  if (!refusal?.clientResponseModel) return undefined;
  return refusal.clientResponseModel.items.find((item) => item.ASIN === asin)?.quantity ?? 0;
}
