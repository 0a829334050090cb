// Decoders for the JSON text columns the repositories read (schema.ts: structured fields are JSON text).

export type StoredImage = { src: string; alt: string };

/** The first of a product's stored images, or null when it has none. */
export function firstStoredImage(images: string): StoredImage | null {
  const [image] = JSON.parse(images) as StoredImage[];
  return image ? { src: image.src, alt: image.alt } : null;
}

/** A nullable JSON column as its value, or null. */
export function decodeStored<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

// One string of a list exactly as JSON.stringify writes it: characters it leaves as they are (a
// surrogate only in a pair), the short escapes, and \u00xx for the other control characters.
const CHARS =
  '(?:[^"\\\\\\u0000-\\u001f\\ud800-\\udfff]|[\\ud800-\\udbff][\\udc00-\\udfff]|\\\\["\\\\bfnrt]|\\\\u00(?:0[0-7bef]|1[0-9a-f]))*';
/** A list of strings as JSON.stringify writes it (no spaces, no other escapes). */
const STRINGIFIED_STRINGS = new RegExp(`^\\[(?:"${CHARS}"(?:,"${CHARS}")*)?\\]$`);

/**
 * A stored list of strings as the JSON text an answer shows: the stored text itself when it is what
 * JSON.stringify writes for the list (the catalog import stores it so), otherwise decoded and written
 * again. Either way, what JSON.stringify writes for the decoded list.
 */
export function storedStringListJson(stored: string): string {
  return STRINGIFIED_STRINGS.test(stored) ? stored : JSON.stringify(JSON.parse(stored));
}
