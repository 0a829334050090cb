// Bundles' plain constants (no zod), so the page bundle can use them without the schemas.

/** POST /gp/product/ajax/bundlesAjaxExperience?asin={asin} (BDL-019). */
export const BUNDLES_DRAWER_PATH = '/gp/product/ajax/bundlesAjaxExperience';
