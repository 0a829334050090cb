import { type FormEvent, useRef, useState } from 'react';
import { PURCHASE_BUTTONS } from '../../../domain/cart/add-to-cart-fields';
import type { PageItemChoices } from '../../../domain/cart/add-to-cart-form';
import type { AddToCartIntention } from '../../../domain/logging/instrumentation';
import type { CartApiItem } from '../../../shared/contracts/cart';
import type { AddToCartState } from '../../api/add-to-cart';
import { useOneClickGuard } from './use-one-click-guard';

type PurchasePress = typeof import('./purchase-press');

// The press code is its own chunk: loaded once, when the shopper first reaches for the form's buttons.
let pressCode: Promise<PurchasePress> | null = null;
let pressLoaded: PurchasePress | null = null;
function loadPressCode(): Promise<PurchasePress> {
  pressCode ??= import('./purchase-press').then(
    (module) => {
      pressLoaded = module;
      return module;
    },
    (error: unknown) => {
      pressCode = null;
      throw error;
    },
  );
  return pressCode;
}

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
 * The metrics and the cart call are a chunk of their own: a press that comes before it has arrived is
 * held until it has, then replayed (if it cannot load, the form posts as it would without the script).
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
  const intention = useRef<AddToCartIntention>(null);
  const [state, setState] = useState<AddToCartState>({ status: 'idle' });
  const fallback = useRef(false);
  const held = useRef(false);
  // Warmed as the shopper reaches for the form (a pointer down comes before its click, focus before a
  // key's press, a quantity or an option chosen before the press): a visitor who only reads the page
  // never downloads it.
  const warm = () => void loadPressCode().catch(() => undefined);

  const clicked = (buttonId: string) =>
    void loadPressCode()
      .then((press) => press.intentionClicked(intention, item.asin, buttonId))
      .catch(() => undefined);

  const add = async (quantity: number) => {
    if (state.status === 'adding') return;
    setState({ status: 'adding' });
    const press = await loadPressCode();
    const next = await press.addPageItem(
      {
        marketplaceId: page.marketplaceId,
        language: page.language,
        refTag: page.refTag,
        sessionId: page.sessionId,
        onCartCount: (count) => {
          press.intentionSubmitted(intention, item.asin);
          options.onCartCount(count);
        },
      },
      { ...item, quantity },
      choices,
      upsells?.items(quantity) ?? [],
    );
    setState(next);
  };

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
    // The press code has not arrived yet: hold the press and replay it once it has; if it cannot load,
    // the replay posts the form as it would without the script.
    if (!pressLoaded && !fallback.current) {
      event.preventDefault();
      // One held press at a time: a second press while the code is on its way is the same press.
      if (held.current) return;
      held.current = true;
      const replay = () => {
        held.current = false;
        if (button) form.requestSubmit(button);
        else form.requestSubmit();
      };
      loadPressCode().then(replay, () => {
        fallback.current = true;
        replay();
      });
      return;
    }
    // ACC-010/012: the accessory interstitial may hold the press back and replay it when it hides.
    if (button && upsells?.intercept(button.id, () => form.requestSubmit(button))) {
      event.preventDefault();
      return;
    }
    if (button?.name !== PURCHASE_BUTTONS.addToCart) pressLoaded?.intentionSubmitted(intention, item.asin);
    if (button?.name === PURCHASE_BUTTONS.oneClick) {
      oneClick.press();
      return;
    }
    if (!pressLoaded || button?.name !== PURCHASE_BUTTONS.addToCart || quantity === null) return;
    event.preventDefault();
    void add(quantity).catch(() =>
      setState({ status: 'failed', message: 'Something went wrong. Please reload the page and try again.' }),
    );
  };

  return { state, onSubmit, warm, clicked, oneClickBlocked: oneClick.blocked };
}
