/** The trade-in and recycle-and-save refusals' HTTP statuses (routes/refusal-status.ts gathers every area's). */
export const TRADE_IN_REFUSALS = {
  product_group_mismatch: 400,
  unknown_device: 404,
  unknown_trade_in: 404,
  unknown_trade_in_item: 404,
  unknown_refinement: 404,
  invalid_answers: 400,
  invalid_condition: 400,
  // TI-019: a broken rule answers its warning's code
  nonTradeable: 422,
  mixedHazmat: 422,
  quantityExceeded: 422,
  maxGiftCardValue: 422,
  amountExceeded: 422,
  trade_in_cart_empty: 422,
  no_choice_pending: 409,
} as const;
