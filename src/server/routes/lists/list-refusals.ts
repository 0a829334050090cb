/** The lists' refusals' HTTP statuses (routes/refusal-status.ts gathers every area's; decision 0058). */
export const LIST_REFUSALS = {
  invalid_list: 400,
  too_many_lists: 422,
  list_full: 422,
  list_not_found: 404,
  list_item_not_found: 404,
  list_item_unavailable: 422,
  not_list_owner: 403,
} as const;
