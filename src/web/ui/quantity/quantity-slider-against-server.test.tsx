// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { createGroceryProduct } from '../../../../tests/factories/grocery-factory';
import { createProduct } from '../../../../tests/factories/product-factory';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app';
import { type SliderModel, sliderAnswerLine, sliderRefusalInCart } from '../../../domain/quantity/slider';
import { sendSliderRequest } from '../../api/grocery-api';
import { QuantitySlider } from './quantity-slider';
import type { SliderAnswer } from './use-quantity-slider';

// The slider in a DOM against the real server (listening, real HTTP, real database): random presses,
// rapid repeats and injected failures, and after each sequence the slider shows what the cart holds.

let ctx: TestContext;
let origin = '';
let sessionId = '';
const http = window.fetch.bind(window);
const DEBOUNCE = 25;

beforeAll(async () => {
  ctx = await createTestApp('sqlite', { seed: false });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const product = await createProduct(ctx.store.db, {});
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${origin}/dp/${product.asin}`,
  );
  const html = await (await http(`${origin}/dp/${product.asin}`, { credentials: 'include' })).text();
  const meta = (name: string) => new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1] ?? '';
  document.head.innerHTML = `<meta name="csrf-token" content="${meta('csrf-token')}"><meta name="encrypted-slate-token" content="${meta('encrypted-slate-token')}">`;
  sessionId = JSON.parse(
    /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}',
  ).shopper.sessionId;
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

async function cartQuantity(asin: string, cartType: 'RETAIL' | 'FRESH'): Promise<number> {
  const response = await http(`${origin}/api/marketplaces/ATVPDKIKX0DER/cart/items?cartTypes=${cartType}`, {
    credentials: 'include',
  });
  const items = (await response.json()).entity.items as { asin: string; quantity: number }[];
  return items.find((item) => item.asin === asin)?.quantity ?? 0;
}

/** What the slider shows: its number, or 0 while it is the add button. */
function shown(): number {
  const number = document.querySelector('.qty-stepper__number');
  return number ? Number(number.textContent) : 0;
}

/** Waits until no press waits for its debounce and no request runs. */
async function settle() {
  for (let quiet = 0; quiet < 3; ) {
    await pause(DEBOUNCE * 3);
    quiet = document.querySelector('[aria-busy="true"]') ? 0 : quiet + 1;
  }
}

type Step =
  | { kind: 'plus' }
  | { kind: 'minus' }
  | { kind: 'rapid'; presses: number }
  | { kind: 'fail-next' }
  | { kind: 'outage'; presses: ('plus' | 'minus')[] }
  | { kind: 'wait' };
const steps = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: fc.constant<Step>({ kind: 'plus' }) },
    { weight: 3, arbitrary: fc.constant<Step>({ kind: 'minus' }) },
    {
      weight: 2,
      arbitrary: fc.integer({ min: 2, max: 5 }).map((presses): Step => ({ kind: 'rapid', presses })),
    },
    { weight: 1, arbitrary: fc.constant<Step>({ kind: 'fail-next' }) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.constantFrom<'plus' | 'minus'>('plus', 'minus'), { minLength: 1, maxLength: 3 })
        .map((presses): Step => ({ kind: 'outage', presses })),
    },
    { weight: 2, arbitrary: fc.constant<Step>({ kind: 'wait' }) },
  ),
  { minLength: 1, maxLength: 10 },
);

/** Presses the way a shopper does: the add button at 0, plus or minus once the slider shows. */
function press(kind: 'plus' | 'minus') {
  const add = screen.queryByRole('button', { name: 'Add to Cart' });
  if (add) {
    if (kind === 'plus') fireEvent.click(add);
    return;
  }
  const button = screen.queryByRole('button', {
    name: kind === 'plus' ? 'Increase quantity' : /^(Decrease quantity|Delete )/,
  });
  if (button) fireEvent.click(button);
}

async function runSequence(model: SliderModel, cartType: 'RETAIL' | 'FRESH', sequence: Step[]) {
  let failNext = false;
  let down = false;
  let sentWhileDown = 0;
  const realFetch = window.fetch;
  vi.spyOn(window, 'fetch').mockImplementation((input, init) => {
    const url = String(input);
    if (down && url.startsWith(model.ajaxCartUrl)) {
      sentWhileDown++;
      return Promise.reject(new TypeError('injected outage'));
    }
    if (failNext && url.startsWith(model.ajaxCartUrl)) {
      failNext = false;
      return Promise.reject(new TypeError('injected network failure'));
    }
    return realFetch(input, init);
  });
  const send = async (request: Parameters<typeof sendSliderRequest>[0]): Promise<SliderAnswer> => {
    const result = await sendSliderRequest(request, model);
    const line = result.ok ? sliderAnswerLine(result.answer, model) : null;
    if (line) return { ok: true, ...line };
    const inCart = result.ok ? undefined : sliderRefusalInCart(result.refusal, model.asinId);
    return {
      ok: false,
      reason: result.ok ? 'invalid' : 'refused',
      ...(inCart !== undefined ? { inCart } : {}),
    };
  };
  render(<QuantitySlider model={model} send={send} debounceMs={DEBOUNCE} itemLabel="Test item" />);
  for (const step of sequence) {
    if (step.kind === 'plus' || step.kind === 'minus') press(step.kind);
    if (step.kind === 'rapid') for (let i = 0; i < step.presses; i++) press('plus');
    if (step.kind === 'fail-next') failNext = true;
    if (step.kind === 'outage') {
      // While the cart cannot be reached, each gesture fails and rolls back: the slider shows the
      // cart's quantity, and it does not keep retrying.
      down = true;
      sentWhileDown = 0;
      for (const kind of step.presses) press(kind);
      await settle();
      expect(shown()).toBe(await cartQuantity(model.asinId, cartType));
      expect(sentWhileDown).toBeLessThanOrEqual(1);
      down = false;
    }
    if (step.kind === 'wait') await pause(DEBOUNCE * 4);
    await pause(5);
  }
  await settle();
  expect(shown()).toBe(await cartQuantity(model.asinId, cartType));
  cleanup();
  vi.restoreAllMocks();
}

const baseModel = (asin: string, offerListingId: string): SliderModel => ({
  asinId: asin,
  offerListingId,
  quantityInCart: 0,
  minOrderQuantity: 1,
  maxOrderQuantity: 6,
  cartItemId: null,
  cartType: 'DEFAULT',
  ajaxCartUrl: `${origin}/api/marketplaces/ATVPDKIKX0DER/cart/carts/retail/items`,
  addToCartUrl: `${origin}/gp/add-to-cart/json/`,
  csrfToken: '',
  clientName: 'pdp-slider',
  sessionId,
  loggingUrl: `${origin}/api/metrics/events`,
  enableQuantityLimitMessage: true,
  additionalInput: null,
  additionalParams: {},
});

describe('the slider against the server', () => {
  test('SL-013 SL-014 QS-010 random presses, rapid repeats and injected failures on the default cart: the slider always ends at the cart’s quantity', async () => {
    await fc.assert(
      fc.asyncProperty(steps, fc.integer({ min: 1, max: 3 }), async (sequence, minOrderQuantity) => {
        const product = await createProduct(ctx.store.db, {
          offers: [{ minOrderQuantity, maxOrderQuantity: 6 }],
        });
        const model = { ...baseModel(product.asin, `OL-${product.asin}-NEW`), minOrderQuantity };
        await runSequence(model, 'RETAIL', sequence);
      }),
      { numRuns: 12 },
    );
  }, 240_000);

  test('SL-015 SL-010 the same on the fresh (UFG) cart, with a minimum order quantity and a maximum the presses run into', async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (sequence) => {
        const product = await createGroceryProduct(ctx.store.db, {
          offer: { minOrderQuantity: 2, maxOrderQuantity: 5 },
        });
        const store = product.grocery.stores[0]?.storeId ?? '';
        const model: SliderModel = {
          ...baseModel(product.asin, `OL-${product.asin}-NEW`),
          cartType: 'UFG',
          minOrderQuantity: 2,
          maxOrderQuantity: 5,
          ajaxCartUrl: `${origin}/alm/addtofreshcart`,
          clientName: 'dp-atfc',
          additionalInput: { storeId: store },
          additionalParams: {
            storeId: store,
            brandId: product.grocery.brandId,
            offerListingDiscriminator: product.grocery.offerListingDiscriminator,
          },
        };
        await runSequence(model, 'FRESH', sequence);
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});
