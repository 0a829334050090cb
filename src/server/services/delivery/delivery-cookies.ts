// The shopper's delivery location lives in cookies: read by every page render, written by the delivery routes.

export const DELIVERY_ZIP_COOKIE = 'delivery-zip';
export const LOCATION_PROMPT_COOKIE = 'location-prompt';
