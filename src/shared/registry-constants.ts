// Gift registries (REG-001 … REG-034, decision 0062): the types, paths, limits and messages the server
// and the page share. Paths are the spec's (S2 §2, §7), as written.

/** REG-001: baby, wedding and the general gift registry types. */
export const REGISTRY_TYPES = [
  'baby',
  'wedding',
  'birthday',
  'custom',
  'holiday',
  'pet',
  'graduation',
  'house-warming',
] as const;
export type RegistryType = (typeof REGISTRY_TYPES)[number];

/** The registry types as shoppers read them (a list item's `typeText`, REG-008). */
export const REGISTRY_TYPE_TEXT: Record<RegistryType, string> = {
  baby: 'Baby Registry',
  wedding: 'Wedding Registry',
  birthday: 'Birthday Gift List',
  custom: 'Custom Gift List',
  holiday: 'Holiday Gift List',
  pet: 'Pet Gift List',
  graduation: 'Graduation Gift List',
  'house-warming': 'House Warming Gift List',
};

/** The picture of a registry with no items yet. */
export const REGISTRY_IMAGE = '/images/demo/registry-gift.svg';

/** Who sees a registry: public and findable by name, shared by its link only, or its owner only. */
export const REGISTRY_PRIVACY = ['public', 'shared', 'private'] as const;
export type RegistryPrivacy = (typeof REGISTRY_PRIVACY)[number];

// REG-002..004: the destinations.
export const REGISTRIES_PATH = '/registries';
export const ownerViewPath = (type: RegistryType, id: string) =>
  `/registries/${type}/owner-view?registryId=${encodeURIComponent(id)}`;
/** The gift-giver's view, beside the owner view. */
export const guestViewPath = (type: RegistryType, id: string) =>
  `/registries/${type}/guest-view?registryId=${encodeURIComponent(id)}`;
export const WEDDING_ORGANIZE_PATH = '/wedding/organize-registry';
export const WEDDING_NEW_PATH = '/wedding/new-registry';
export const WEDDING_NO_SIGN_IN_PATH = '/wedding/nosignin';
export const BABY_SIGNUP_PATH = '/baby-reg/signup';
/** REG-004, REG-012: the baby registry's landing, where a failed add goes. */
export const BABY_LANDING_PATH = '/baby-reg/';
export const BABY_CHECKLIST_PATH = '/baby-reg/checklist';

// REG-017..031: the calls (S2 §7).
export const LIST_REGISTRY_PATH = '/registries/dpx/desktop/list-registry';
export const ADD_PRODUCT_PATH = '/registries/registry-products/addProduct';
export const WEDDING_ADD_ITEMS_PATH = '/wedding/registry-items/addItems';
export const WEDDING_EXTERNAL_MODAL_PATH = '/wedding/modal/external-add-to-registry';
export const dpxAddToRegistryPath = (type: string, id: string) =>
  `/registries/dpx-add-to-registry/${encodeURIComponent(type)}/${encodeURIComponent(id)}`;
export const registryTagsPath = (type: string, id: string) =>
  `/registries/${encodeURIComponent(type)}/${encodeURIComponent(id)}/dpx-get-registry-tags`;
export const BABY_ADD_PATH = '/baby-reg/button-action/atbr-dpx';
export const BABY_RECOMMENDATION_PATH = '/baby-reg/dp-post-atbr-recommendation';
export const BABY_STATUS_PATH = '/baby-reg/dp-post-atbr-status';
export const BABY_CLOSE_PATH = '/baby-reg/dp-post-atbr-close';
export const BABY_HELP_INFO_PATH = '/baby-reg/dp-post-atbr-manage-help-info';
const BABY_MANAGE_FLAGS = ['must-have', 'group-gifting', 'private', 'request-quantity'] as const;
export type BabyManageFlag = (typeof BABY_MANAGE_FLAGS)[number];
export const babyManagePath = (flag: BabyManageFlag) => `/baby-reg/dp-post-atbr-status-manage-${flag}`;

/** REG-023: the baby add's client time-out (S2 §9: baby registry post time-out 5 s). */
export const BABY_ADD_TIMEOUT_MS = 5000;
/** REG-007: the gift-tag modal's width (S2 §9). */
export const GIFT_TAG_MODAL_WIDTH = 800;
/** REG-006: the request-quantity dropdown shows values above this one as `10+`. */
export const REQUEST_COUNT_SHOWN_MAX = 10;
/** The largest quantity a registry item may request. */
export const REQUEST_COUNT_MAX = 99;
/** Group gifting: the least a giver contributes, in minor units ($5). */
export const MIN_CONTRIBUTION_MINOR = 500;

/** The baby checklist's categories: `checklistPercent` is the share with at least one item. */
export const BABY_CHECKLIST = [
  'Nursery',
  'Feeding',
  'Diapering',
  'Bath',
  'Health & Safety',
  'Travel',
  'Clothing',
  'Play',
] as const;
export type BabyChecklistCategory = (typeof BABY_CHECKLIST)[number];

/** Wedding add error codes (S2 §8, REG-032). */
export const ITEM_ALREADY_EXIST = 'ITEM_ALREADY_EXIST';

// Messages (S2 §8 leaves their wording to us; decision 0062).
export const REGISTRY_MESSAGES = {
  babySuccess: 'Added to your Baby Registry',
  babyDuplicate: 'This item is already in your Baby Registry',
  weddingAdded: 'Added to your Wedding Registry',
  weddingExists: 'This item is already in your Wedding Registry',
  weddingError: 'Sorry, we could not add this item to your registry. Please try again.',
  listError: 'We could not load your registries. Please try again.',
  similarAdded: 'Added to your registry',
  similarExists: 'Already in your registry',
  similarError: 'Could not add this item',
  added: 'Added to your registry',
} as const;
