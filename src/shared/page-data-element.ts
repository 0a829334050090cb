// Kept apart from the page contracts so the browser bundle reads the id without loading zod.

/** The id of the `<script type="application/json">` that carries a page's data. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';
