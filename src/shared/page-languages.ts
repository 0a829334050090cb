// The display languages a page may be asked for with ?language= (Amazon's `language=es_US` form or a
// BCP 47 tag). Only words with a translation use it (the grocery fallback error modal, GRO-035); the
// rest of the page stays in the marketplace's language.

export const PAGE_LANGUAGES = [
  'en',
  'es',
  'fr',
  'de',
  'it',
  'pt',
  'nl',
  'sv',
  'da',
  'nb',
  'fi',
  'pl',
  'cs',
  'tr',
  'ru',
  'uk',
  'el',
  'ar',
  'he',
  'hi',
  'ja',
  'zh-CN',
  'zh-TW',
  'ko',
  'th',
  'vi',
  'id',
] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

/**
 * The page's language: the one asked for when the store knows it (`es_US` → `es-US`, `zh_TW` → `zh-TW`),
 * else the marketplace's. Never echoes anything but a well-formed tag.
 */
export function pageLanguageFrom(requested: string | undefined | null, marketplaceLanguage: string): string {
  if (!requested) return marketplaceLanguage;
  const match = /^([a-zA-Z]{2})(?:[-_]([a-zA-Z]{2}))?$/.exec(requested.trim());
  if (!match) return marketplaceLanguage;
  const primary = (match[1] ?? '').toLowerCase();
  const region = match[2]?.toUpperCase();
  const tag = region ? `${primary}-${region}` : primary;
  const known = PAGE_LANGUAGES.some((language) => language === tag || language === primary);
  return known ? tag : marketplaceLanguage;
}
