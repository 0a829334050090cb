// Plain constants (no zod) the contracts and the rules share.

/** ADS-010: a carousel page fetch never asks for (or gets) more ads than this. */
export const CAROUSEL_FETCH_CAP = 30;
