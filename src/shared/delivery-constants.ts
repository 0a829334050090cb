// Plain constants (no zod) so the page bundle can use them without pulling in the schemas.

/** A US ZIP code (5 digits, optionally ZIP+4); the store ships within the US. */
export const US_ZIP = /^\d{5}(-\d{4})?$/;
