import type { FormEvent } from 'react';
import {
  type PageItemChoices,
  PURCHASE_BUTTONS,
  pageItemPayload,
} from '../../../domain/cart/add-to-cart-form';
import type { CartApiItem } from '../../../shared/contracts/cart';
import { useAddToCart } from '../../api/use-add-to-cart';
import { useAddToCartMetrics } from './use-add-to-cart-metrics';
import { useOneClickGuard } from './use-one-click-guard';

/** The accessories' part in a purchase: their cart items, and the interstitial that may hold a press back. */
export type PurchaseUpsells = {
  items: (pageQuantity: number) => CartApiItem[];
  /** A press on a purchase button; true when it was held back (to be replayed by `replay`). */
  intercept: (buttonId: string, replay: () => void) => boolean;
};

/**
 * What a press on a buy box button does. The form posts to /gp/product/handle-buy-box by itself;
 * with the script, a locked quantity or a blocked 1-Click sends nothing, the accessory interstitial may
 * hold the press back, the metrics record it, and add to cart goes through the cart API instead.
 */
export function usePurchaseForm(options: {
  page: { marketplaceId: string; language: string; refTag: string | null; sessionId: string };
  item: { asin: string; offerListingId: string };
  quantity: number | null;
  /** BB-024: no purchase while the minimum order quantity is not chosen. */
  locked: boolean;
  choices: PageItemChoices;
  upsells?: PurchaseUpsells | undefined;
  onCartCount: (count: number) => void;
}) {
  const { page, item, quantity, locked, choices, upsells } = options;
  const oneClick = useOneClickGuard();
  const metrics = useAddToCartMetrics(item.asin);
  const { state, add } = useAddToCart({
    marketplaceId: page.marketplaceId,
    language: page.language,
    refTag: page.refTag,
    sessionId: page.sessionId,
    onCartCount: (count) => {
      metrics.submitted();
      options.onCartCount(count);
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const button = submitter instanceof HTMLButtonElement ? submitter : null;
    if (locked) {
      event.preventDefault();
      return;
    }
    const form = event.currentTarget;
    if (button?.name === PURCHASE_BUTTONS.oneClick && oneClick.blocked) {
      event.preventDefault();
      return;
    }
    // ACC-010/012: the accessory interstitial may hold the press back and replay it when it hides.
    if (button && upsells?.intercept(button.id, () => form.requestSubmit(button))) {
      event.preventDefault();
      return;
    }
    if (button?.name !== PURCHASE_BUTTONS.addToCart) metrics.submitted();
    if (button?.name === PURCHASE_BUTTONS.oneClick) {
      oneClick.press();
      return;
    }
    if (button?.name !== PURCHASE_BUTTONS.addToCart || quantity === null) return;
    event.preventDefault();
    void add(pageItemPayload({ ...item, quantity }, choices), upsells?.items(quantity) ?? []);
  };

  return { state, onSubmit, clicked: metrics.clicked, oneClickBlocked: oneClick.blocked };
}
