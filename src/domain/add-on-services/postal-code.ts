// Postal codes for add-on service offers (VAS-026..028).

/** VAS-026: the pattern the page checks a typed postal code against, per marketplace country. */
const POSTAL_CODE_PATTERNS: Readonly<Record<string, string>> = {
  us: '^\\d{5}(-\\d{4})?$',
  gb: '^[A-Za-z]{1,2}\\d[A-Za-z\\d]? ?\\d[A-Za-z]{2}$',
  ca: '^[A-Za-z]\\d[A-Za-z] ?\\d[A-Za-z]\\d$',
  de: '^\\d{5}$',
  jp: '^\\d{3}-?\\d{4}$',
};

export function postalCodePattern(countryCode: string): string {
  return POSTAL_CODE_PATTERNS[countryCode] ?? '^[A-Za-z0-9 -]{3,10}$';
}

/** VAS-026: whether a typed code matches the page's pattern (surrounding spaces ignored). */
export function matchesPostalPattern(code: string, pattern: string): boolean {
  try {
    return new RegExp(pattern).test(code.trim());
  } catch {
    return false;
  }
}

// VAS-028: the shortened forms the page sends for gb (the outward code) and ca (the first three characters).
const SHORTENED_POSTAL_CODE_PATTERNS: Readonly<Record<string, string>> = {
  gb: '^[A-Za-z]{1,2}\\d[A-Za-z\\d]?$',
  ca: '^[A-Za-z]\\d[A-Za-z]$',
};

/**
 * Whether offers can be looked up by this code in a country: it matches the country's pattern or, for gb
 * and ca, the shortened form the page sends (VAS-026, VAS-028). `ZZZZZ` is no US ZIP code.
 */
export function postalCodeAccepted(code: string, countryCode: string): boolean {
  const shortened = SHORTENED_POSTAL_CODE_PATTERNS[countryCode];
  return (
    matchesPostalPattern(code, postalCodePattern(countryCode)) ||
    (shortened !== undefined && matchesPostalPattern(code, shortened))
  );
}

/**
 * VAS-028: the code an offer is looked up by. For gb the outward code (the part before the
 * space: SW1A 1AA → SW1A), for ca the first three characters (K1A 0B1 → K1A); a US ZIP+4 is its five
 * digits. Upper case, no surrounding spaces.
 */
export function shortenPostalCode(code: string, countryCode: string): string {
  const clean = code.trim().toUpperCase();
  if (countryCode === 'gb') {
    if (clean.includes(' ')) return clean.split(/\s+/)[0] ?? clean;
    // Written without the space: the inward code is always the last three characters.
    return clean.length > 4 ? clean.slice(0, -3) : clean;
  }
  if (countryCode === 'ca') return clean.replace(/\s+/g, '').slice(0, 3);
  if (countryCode === 'us') return clean.slice(0, 5);
  return clean;
}

/**
 * Every prefix an offer may list to serve this (shortened) code, the empty one (everywhere) first: a
 * store looks offers up by these with an index instead of scanning patterns.
 */
export function postalPrefixes(shortCode: string): string[] {
  const clean = shortCode
    .replace(/[^A-Z0-9]/gi, '')
    .toUpperCase()
    .slice(0, 10);
  return Array.from({ length: clean.length + 1 }, (_, n) => clean.slice(0, n));
}
