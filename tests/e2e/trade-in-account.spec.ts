import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Store } from '../../src/server/db/database';
import { creditGiftCard } from '../../src/server/db/repositories/gift-card-repository';
import type { Customer } from '../../src/server/db/repositories/session-repository';
import { addToTradeInCart, submitTradeIn } from '../../src/server/services/trade-in/trade-in';
import { receiveTradeIn } from '../../src/server/services/trade-in/trade-in-operator';
import type { CreatedCustomer } from '../factories/customer-factory';
import { ANSWERS, createTradeInDevice } from '../factories/trade-in-factory';
import { expect, test } from './fixtures';
import { CheckoutPage } from './pages/checkout-page';
import { signIn } from './pages/sign-in-page';

const ACCOUNT = '/gp/css/homepage.html';
const quiet = { warn: () => {} };

/**
 * A trade-in the shopper submitted (a $100 device answered LikeNew, paid now: $90 credited) and the
 * operator received in a worse condition (Damaged, $25): the account page asks the shopper to choose.
 */
async function appraisedTradeIn(store: Store, shopper: CreatedCustomer): Promise<string> {
  const device = await createTradeInDevice(store.db, {
    productGroup: 'gl_wireless',
    newValue: 100,
    title: 'Old phone',
  });
  const customer: Customer = {
    id: shopper.id,
    email: shopper.email,
    name: shopper.name,
    isPrime: false,
    isBusiness: false,
    postalCode: null,
    hasSavedAddress: false,
  };
  const now = Date.now();
  await addToTradeInCart(
    store.db,
    customer,
    { asin: device.asin, answers: { ...ANSWERS.LikeNew } },
    now,
    quiet,
  );
  const submitted = await submitTradeIn(store.db, customer, now, quiet);
  if (!submitted.ok) throw new Error(`submit refused: ${submitted.refusal.message}`);
  await receiveTradeIn(store.db, submitted.value.tradeInId, 'Damaged', now, quiet);
  return submitted.value.tradeInId;
}

async function pressByKeyboard(page: Page, name: string) {
  const button = page.getByRole('button', { name });
  await button.focus();
  await page.keyboard.press('Enter');
}

test('TI-011 the account page lists each answer beside what was found; accepting by keyboard leaves the lower value', async ({
  page,
  world,
  store,
}) => {
  const shopper = await world.customer();
  const tradeInId = await appraisedTradeIn(store, shopper);
  await signIn(page, shopper, ACCOUNT);
  const section = page.getByRole('region', { name: 'Gift card balance and trade-ins' });
  await expect(section.getByText('Gift card balance: $90.00')).toBeVisible();
  await expect(section.getByRole('heading', { name: `Trade-in ${tradeInId}` })).toBeVisible();
  await expect(section.getByText('Appraised: your choice is needed')).toBeVisible();
  const table = section.getByRole('table', { name: 'What you told us and what we found' });
  await expect(table.getByRole('row', { name: /How does it look\? No marks Cracked/ })).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((v) => `${v.id} ${v.help}`)).toEqual([]);

  await pressByKeyboard(page, 'Accept the lower value');
  await expect(page).toHaveURL(new RegExp(`${ACCOUNT}$`));
  await expect(section.getByText('Gift card balance: $25.00')).toBeVisible();
  await expect(section.getByText('Credited', { exact: true })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Accept the lower value' })).toHaveCount(0);
});

test('TI-001 the trade-in credit pays at checkout: the gift card line and the rest charged, then the balance left', async ({
  page,
  world,
  store,
}) => {
  const product = await world.standaloneProduct('B0PDPSPK01', { accessories: undefined });
  const shopper = await world.customer({ prime: true, paymentMethod: 'Visa ending 4242' });
  await creditGiftCard(store.db, {
    customerId: shopper.id,
    amountMinor: 2_000,
    currencyCode: 'USD',
    reason: 'tradeInCredit',
    now: Date.now(),
  });
  const checkoutPath = `/gp/buy/spc/handlers/display.html?asin=${product.asin}&offerListingId=OL-${product.asin}-NEW&quantity=1`;
  await signIn(page, shopper, checkoutPath);
  const giftCard = page.getByRole('checkbox', { name: /Use your gift card balance \(\$20\.00\) first/ });
  await expect(giftCard).toBeChecked();
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary.getByText('Gift card:')).toBeVisible();
  await expect(summary.getByText('-$20.00')).toBeVisible();
  const checkout = new CheckoutPage(page);
  await checkout.fillAddress();
  await pressByKeyboard(page, 'Place your order');
  await checkout.expectOrderPlaced();
  await expect(page.getByText('Gift card:')).toBeVisible();
  await page.goto(ACCOUNT);
  await expect(page.getByText('Gift card balance: $0.00')).toBeVisible();
});

test.describe('without script', () => {
  test.use({ javaScriptEnabled: false });

  test('TI-011 returning the device by keyboard takes its credit back with the plain form', async ({
    page,
    world,
    store,
  }) => {
    const shopper = await world.customer();
    await appraisedTradeIn(store, shopper);
    await signIn(page, shopper, ACCOUNT);
    const section = page.getByRole('region', { name: 'Gift card balance and trade-ins' });
    await pressByKeyboard(page, 'Return my device');
    await expect(page).toHaveURL(new RegExp(`${ACCOUNT}$`));
    await expect(section.getByText('Gift card balance: $0.00')).toBeVisible();
    await expect(section.getByText('Returned', { exact: true })).toBeVisible();
  });
});
