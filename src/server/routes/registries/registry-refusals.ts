/**
 * The gift registries' refusals' HTTP statuses (routes/refusal-status.ts gathers every area's): someone
 * else's private registry is not found, as is a missing one (decision 0062).
 */
export const REGISTRY_REFUSALS = {
  registry_not_found: 404,
  registry_item_not_found: 404,
  ITEM_ALREADY_EXIST: 409,
  contribution_below_minimum: 422,
  contribution_above_remaining: 422,
  group_gift_funded: 409,
  group_gift_only: 409,
  not_a_group_gift: 409,
  no_payment_method: 422,
} as const;
