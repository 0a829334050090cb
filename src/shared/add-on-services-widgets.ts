// The add-on widget variants alone (S1 §2): the product page's first script names them to load the
// widget of the variant shown, and nothing else of the add-on constants should ride in with it.

/** VAS-003: the widget variants, chosen by the product's winning widget name. */
export const VAS_WIDGETS = [
  'twister',
  'twister_xl',
  'enhancedPPD',
  'ppdBundle',
  'regularPPD',
  'brandMessagingDesktop',
  'serviceBanner',
  'prePurchase',
] as const;
export type VasWidgetName = (typeof VAS_WIDGETS)[number];
