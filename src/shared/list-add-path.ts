/** LIST-031: the add call; the product page's button posts to it as a plain form too (its own module, so the button carries nothing else). */
export const ADD_ITEM_TO_LIST_PATH = '/hz/wishlist/additemtolist';

/** The product page's notice of an add that came back to it: the redirect's fragment scrolls to it. */
export const LIST_NOTICE_ELEMENT_ID = 'list-notice';
