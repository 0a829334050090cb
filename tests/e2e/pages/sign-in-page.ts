import { expect, type Page } from '@playwright/test';

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Signs in through the sign-in page and waits to be back on `path`. */
export async function signIn(page: Page, account: { email: string; password: string }, path: string) {
  await page.goto(`/gp/sign-in.html?path=${encodeURIComponent(path)}`);
  await fillSignIn(page, account);
  await expect(page).toHaveURL(new RegExp(`${literal(path)}$`));
}

/** Fills and sends the sign-in form the page shows now (e.g. after a redirect to sign in). */
export async function fillSignIn(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
