// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { type CreatedProduct, createProduct } from '../../../../tests/factories/product-factory';
import { openProductPage } from '../../../../tests/helpers/open-product-page';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app';
import { loadPartsShown, PAGE_PARTS, type PagePart, partsShown } from './page-parts';
import type { PurchaseExtension } from './purchase-extension';
import { PURCHASE_EXTENSIONS } from './purchase-extensions';
import { PurchasePart } from './purchase-part';

// The page half of adding an area (docs/adding-an-area.md): a throwaway area, a gift note the buy box
// offers, registers its purchase extension and its page part in the lists and touches nothing else.
// The column renders it in the buy box form, and a press sends its item with the page item.

let ctx: TestContext;
let origin = '';
let pageProduct: CreatedProduct;
let giftNote: CreatedProduct;

beforeAll(async () => {
  ctx = await createTestApp('sqlite', { seed: false });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  pageProduct = await createProduct(ctx.store.db, { title: 'A product with a gift note' });
  giftNote = await createProduct(ctx.store.db, { title: 'Gift note' });
});

afterAll(async () => {
  await ctx?.close();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The throwaway area's purchase extension: a checkbox in the buy box form that adds a gift note. */
const giftNoteExtension = (): PurchaseExtension => ({
  name: 'gift-note',
  shown: (data) => data.product.asin === pageProduct.asin,
  useParts: () => {
    const [wanted, setWanted] = useState(false);
    const offer = giftNote.offers[0];
    return {
      inForm: () => (
        <label>
          <input type="checkbox" checked={wanted} onChange={(event) => setWanted(event.target.checked)} />
          Add a gift note
        </label>
      ),
      items: (pageQuantity) =>
        wanted && offer
          ? [{ asin: giftNote.asin, offerListingId: offer.offerListingId, quantity: pageQuantity }]
          : [],
      intercept: () => false,
    };
  },
});

test('a new area registers a purchase extension in the list: the buy box shows it and sends its item with the page item', async () => {
  const data = await openProductPage(origin, pageProduct.asin);
  const fetchSpy = vi.spyOn(window, 'fetch');
  const counts: number[] = [];
  render(
    <PurchasePart
      data={data}
      onCartCount={(count) => counts.push(count)}
      extensions={[...PURCHASE_EXTENSIONS, giftNoteExtension()]}
    />,
  );
  const buyBox = screen.getByRole('complementary', { name: 'Buy box' });
  fireEvent.click(screen.getByRole('checkbox', { name: 'Add a gift note' }));
  fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
  await waitFor(() => expect(counts).toEqual([2]), { timeout: 10_000 });
  const cartCall = fetchSpy.mock.calls.find(([url]) => String(url).includes('/cart/'));
  const body = JSON.parse(String(cartCall?.[1]?.body)) as { items: { asin: string; quantity: number }[] };
  expect(body.items.map((item) => [item.asin, item.quantity])).toEqual([
    [pageProduct.asin, 1],
    [giftNote.asin, 1],
  ]);
  // Inside the buy box form, above its buttons.
  expect(
    buyBox.querySelector('form')?.contains(screen.getByRole('checkbox', { name: 'Add a gift note' })),
  ).toBe(true);
});

test('a page without the extension shows nothing of it', async () => {
  const data = await openProductPage(origin, giftNote.asin);
  render(<PurchasePart data={data} onCartCount={() => undefined} extensions={[giftNoteExtension()]} />);
  expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeTruthy();
  expect(screen.queryByRole('checkbox', { name: 'Add a gift note' })).toBeNull();
});

test('a new area registers a page part in the list: a page that shows it loads its code and names its styles', async () => {
  const data = await openProductPage(origin, pageProduct.asin);
  const loaded: string[] = [];
  const giftNotePart: PagePart = {
    name: 'giftNote',
    shown: (page) => page.product.asin === pageProduct.asin,
    load: (page) => {
      loaded.push(page?.product.asin ?? 'every page');
      return Promise.resolve();
    },
    styles: ['src/web/features/gift-note/gift-note.css'],
  };
  const parts = [...PAGE_PARTS, giftNotePart];
  expect(partsShown(data, parts).map((part) => part.name)).toEqual(['lists', 'giftNote']);
  await Promise.all(loadPartsShown(data, parts));
  expect(loaded).toEqual([pageProduct.asin]);
  expect(partsShown(await openProductPage(origin, giftNote.asin), parts).map((part) => part.name)).toEqual([
    'lists',
  ]);
});
