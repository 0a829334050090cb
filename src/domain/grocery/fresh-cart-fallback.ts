// GRO-034/035: the built-in error modal a failed grocery add shows when even the generic modal cannot
// be fetched, in the page's language (about 25 of them), English when the language is not known.

import type { PageLanguage } from '../../shared/page-languages';

export type FallbackModalText = {
  cartHeader: string;
  orderHeader: string;
  message: string;
  ok: string;
  direction: 'ltr' | 'rtl';
};

const ltr = (cartHeader: string, orderHeader: string, message: string, ok = 'OK'): FallbackModalText => ({
  cartHeader,
  orderHeader,
  message,
  ok,
  direction: 'ltr',
});
const rtl = (cartHeader: string, orderHeader: string, message: string, ok: string): FallbackModalText => ({
  ...ltr(cartHeader, orderHeader, message, ok),
  direction: 'rtl',
});

export const FALLBACK_MODAL_TEXTS: Record<PageLanguage, FallbackModalText> = {
  en: ltr(
    'Item was not added to the cart',
    'Item was not added to the order',
    'The item was not added. Please try again.',
  ),
  es: ltr(
    'El producto no se agregó al carrito',
    'El producto no se agregó al pedido',
    'No se agregó el producto. Inténtalo de nuevo.',
    'Aceptar',
  ),
  fr: ltr(
    'L’article n’a pas été ajouté au panier',
    'L’article n’a pas été ajouté à la commande',
    'L’article n’a pas été ajouté. Veuillez réessayer.',
  ),
  de: ltr(
    'Artikel wurde nicht in den Einkaufswagen gelegt',
    'Artikel wurde der Bestellung nicht hinzugefügt',
    'Der Artikel wurde nicht hinzugefügt. Bitte versuche es erneut.',
  ),
  it: ltr(
    'L’articolo non è stato aggiunto al carrello',
    'L’articolo non è stato aggiunto all’ordine',
    'L’articolo non è stato aggiunto. Riprova.',
  ),
  pt: ltr(
    'O item não foi adicionado ao carrinho',
    'O item não foi adicionado ao pedido',
    'O item não foi adicionado. Tente novamente.',
  ),
  nl: ltr(
    'Artikel is niet aan de winkelwagen toegevoegd',
    'Artikel is niet aan de bestelling toegevoegd',
    'Het artikel is niet toegevoegd. Probeer het opnieuw.',
  ),
  sv: ltr(
    'Artikeln lades inte i varukorgen',
    'Artikeln lades inte till i beställningen',
    'Artikeln lades inte till. Försök igen.',
  ),
  da: ltr(
    'Varen blev ikke lagt i indkøbskurven',
    'Varen blev ikke føjet til ordren',
    'Varen blev ikke tilføjet. Prøv igen.',
  ),
  nb: ltr(
    'Varen ble ikke lagt i handlekurven',
    'Varen ble ikke lagt til i bestillingen',
    'Varen ble ikke lagt til. Prøv igjen.',
  ),
  fi: ltr(
    'Tuotetta ei lisätty ostoskoriin',
    'Tuotetta ei lisätty tilaukseen',
    'Tuotetta ei lisätty. Yritä uudelleen.',
  ),
  pl: ltr(
    'Produkt nie został dodany do koszyka',
    'Produkt nie został dodany do zamówienia',
    'Produkt nie został dodany. Spróbuj ponownie.',
  ),
  cs: ltr(
    'Položka nebyla přidána do košíku',
    'Položka nebyla přidána do objednávky',
    'Položka nebyla přidána. Zkuste to prosím znovu.',
  ),
  tr: ltr(
    'Ürün sepete eklenmedi',
    'Ürün siparişe eklenmedi',
    'Ürün eklenmedi. Lütfen tekrar deneyin.',
    'Tamam',
  ),
  ru: ltr(
    'Товар не добавлен в корзину',
    'Товар не добавлен в заказ',
    'Товар не добавлен. Повторите попытку.',
    'ОК',
  ),
  uk: ltr(
    'Товар не додано до кошика',
    'Товар не додано до замовлення',
    'Товар не додано. Спробуйте ще раз.',
    'OK',
  ),
  el: ltr(
    'Το προϊόν δεν προστέθηκε στο καλάθι',
    'Το προϊόν δεν προστέθηκε στην παραγγελία',
    'Το προϊόν δεν προστέθηκε. Δοκιμάστε ξανά.',
  ),
  ar: rtl(
    'لم تتم إضافة المنتج إلى عربة التسوق',
    'لم تتم إضافة المنتج إلى الطلب',
    'لم تتم إضافة المنتج. يرجى المحاولة مرة أخرى.',
    'موافق',
  ),
  he: rtl('הפריט לא נוסף לעגלה', 'הפריט לא נוסף להזמנה', 'הפריט לא נוסף. נסו שוב.', 'אישור'),
  hi: ltr(
    'आइटम कार्ट में नहीं जोड़ा गया',
    'आइटम ऑर्डर में नहीं जोड़ा गया',
    'आइटम नहीं जोड़ा गया. कृपया फिर से कोशिश करें.',
    'ठीक है',
  ),
  ja: ltr(
    '商品はカートに追加されませんでした',
    '商品は注文に追加されませんでした',
    '商品は追加されませんでした。もう一度お試しください。',
  ),
  'zh-CN': ltr('商品未加入购物车', '商品未加入订单', '商品未添加，请重试。', '确定'),
  'zh-TW': ltr('商品未加入購物車', '商品未加入訂單', '商品未新增，請再試一次。', '確定'),
  ko: ltr(
    '상품이 장바구니에 추가되지 않았습니다',
    '상품이 주문에 추가되지 않았습니다',
    '상품이 추가되지 않았습니다. 다시 시도해 주세요.',
    '확인',
  ),
  th: ltr('ไม่ได้เพิ่มสินค้าลงในรถเข็น', 'ไม่ได้เพิ่มสินค้าลงในคำสั่งซื้อ', 'ไม่ได้เพิ่มสินค้า โปรดลองอีกครั้ง', 'ตกลง'),
  vi: ltr(
    'Sản phẩm chưa được thêm vào giỏ hàng',
    'Sản phẩm chưa được thêm vào đơn hàng',
    'Sản phẩm chưa được thêm. Vui lòng thử lại.',
  ),
  id: ltr(
    'Item tidak ditambahkan ke troli',
    'Item tidak ditambahkan ke pesanan',
    'Item tidak ditambahkan. Silakan coba lagi.',
  ),
};

/** The language whose texts a page language gets: the exact tag, else its primary language, else English. */
export function fallbackModalLanguage(pageLanguage: string): PageLanguage {
  const tag = pageLanguage.replace('_', '-');
  const [primary = '', region = ''] = tag.split('-');
  const exact = `${primary.toLowerCase()}-${region.toUpperCase()}`;
  if (exact in FALLBACK_MODAL_TEXTS) return exact as PageLanguage;
  if (primary.toLowerCase() === 'zh') return region.toUpperCase() === 'HK' ? 'zh-TW' : 'zh-CN';
  if (primary.toLowerCase() === 'no' || primary.toLowerCase() === 'nn') return 'nb';
  const base = primary.toLowerCase();
  return base in FALLBACK_MODAL_TEXTS ? (base as PageLanguage) : 'en';
}

/** GRO-034: the fallback modal for a failed add to the cart or to a fresh order. */
export function fallbackModal(
  pageLanguage: string,
  kind: 'cart' | 'order',
): { header: string; message: string; ok: string; language: PageLanguage; direction: 'ltr' | 'rtl' } {
  const language = fallbackModalLanguage(pageLanguage);
  const text = FALLBACK_MODAL_TEXTS[language];
  return {
    header: kind === 'cart' ? text.cartHeader : text.orderHeader,
    message: text.message,
    ok: text.ok,
    language,
    direction: text.direction,
  };
}
