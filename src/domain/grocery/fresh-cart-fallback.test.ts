import { describe, expect, test } from 'vitest';
import { PAGE_LANGUAGES, pageLanguageFrom } from '../../shared/page-languages';
import { FALLBACK_MODAL_TEXTS, fallbackModal, fallbackModalLanguage } from './fresh-cart-fallback';

describe('the built-in fallback error modal', () => {
  test('GRO-034 a header for the cart and one for the order, a message and an OK button', () => {
    expect(fallbackModal('en-US', 'cart')).toMatchObject({
      header: 'Item was not added to the cart',
      message: 'The item was not added. Please try again.',
      ok: 'OK',
    });
    expect(fallbackModal('en-US', 'order').header).toBe('Item was not added to the order');
  });

  test('GRO-035 about 25 languages, chosen by the page language, English when it is unknown', () => {
    expect(Object.keys(FALLBACK_MODAL_TEXTS).length).toBeGreaterThanOrEqual(25);
    expect(Object.keys(FALLBACK_MODAL_TEXTS).sort()).toEqual([...PAGE_LANGUAGES].sort());
    for (const text of Object.values(FALLBACK_MODAL_TEXTS)) {
      expect(new Set([text.cartHeader, text.orderHeader]).size).toBe(2);
    }
    expect(fallbackModalLanguage('de-DE')).toBe('de');
    expect(fallbackModalLanguage('es_US')).toBe('es');
    expect(fallbackModalLanguage('pt-BR')).toBe('pt');
    expect(fallbackModalLanguage('zh-TW')).toBe('zh-TW');
    expect(fallbackModalLanguage('zh-HK')).toBe('zh-TW');
    expect(fallbackModalLanguage('zh')).toBe('zh-CN');
    expect(fallbackModalLanguage('no-NO')).toBe('nb');
    expect(fallbackModalLanguage('xx-YY')).toBe('en');
    expect(fallbackModal('de-DE', 'cart').header).toBe('Artikel wurde nicht in den Einkaufswagen gelegt');
    expect(fallbackModal('ja-JP', 'order').header).toBe('商品は注文に追加されませんでした');
    expect(fallbackModal('ar', 'cart').direction).toBe('rtl');
  });

  test('GRO-035 the page language comes from ?language= when the store knows it, else the marketplace', () => {
    expect(pageLanguageFrom('es_US', 'en-US')).toBe('es-US');
    expect(pageLanguageFrom('de', 'en-US')).toBe('de');
    expect(pageLanguageFrom('zh_TW', 'en-US')).toBe('zh-TW');
    expect(pageLanguageFrom('xx_YY', 'en-US')).toBe('en-US');
    expect(pageLanguageFrom('"><script>', 'en-US')).toBe('en-US');
    expect(pageLanguageFrom(undefined, 'en-US')).toBe('en-US');
  });
});
