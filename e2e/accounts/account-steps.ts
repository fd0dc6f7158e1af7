import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';

/** Signs a new person up on the sign-up page (open sign-up); their username. */
export async function signUp(page: Page, base: string, password: string): Promise<string> {
  const username = `ada${randomInt(1e9)}`;
  await page.context().clearCookies();
  await page.goto(`${base}/oauth/signup`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.org`);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
  return username;
}

/** Signs out from the account page's button. */
export async function signOut(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/settings/account`);
  await Promise.all([
    page.waitForURL(`${base}/`),
    page.getByRole('button', { name: 'Sign out' }).click(),
  ]);
}
