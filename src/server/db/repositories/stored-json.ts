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
