import type { ShapeTarget } from '@gatehouse/testing';
import type { Browser, Page } from 'playwright-core';
import { signIn } from '../auth/support/headless-chromium';
import { screenshots, seriousAccessibilityViolations } from '../settings/support/settings-browser';
import type { ShapeMailbox } from '../settings/support/shape-mailbox';
import { signOut, signUp } from './account-steps';
import { addVirtualAuthenticator, usePasskey } from './passkeys.suite';
import { codeOf, turnOnAuthenticatorApp } from './second-factors.suite';

const PASSWORD = 'a whole life of an account';
const NEW_PASSWORD = 'a whole life, after the reset';
const FIREFOX_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** Types the code of the sign-in's factor step and waits for where it leads. */
async function passFactorStep(page: Page, code: string): Promise<void> {
  await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
  await page.getByLabel('Authentication code').fill(code);
  await Promise.all([
    page.waitForNavigation(),
    page.getByRole('button', { name: 'Verify' }).click(),
  ]);
}

async function sessionStatus(page: Page, base: string): Promise<number> {
  return (await page.request.get(`${base}/api/session`)).status();
}

/**
 * One person's whole account, in order, in one browser (and a second one for the sessions page):
 * signs up and confirms the address by the mail; turns on an authenticator app and adds a
 * passkey; signs out and in with the password and a code, then with the passkey alone; resets the
 * password by the mail and signs in with the new one and a recovery code; ends the session of
 * another browser from the sessions page; and asks for the account to be deleted (password and a
 * recovery code asked again), which signs every browser out. `target.url` must name a host
 * (`localhost`): browsers refuse an IP address as a passkey's relying party.
 */
export async function livesAWholeAccountLife(
  browser: Browser,
  page: Page,
  target: ShapeTarget,
  mailbox: ShapeMailbox,
): Promise<void> {
  const base = target.url;
  const username = await signUp(page, base, PASSWORD);
  const email = `${username}@example.org`;
  await page.goto(
    await mailbox.link(email, 'Confirm your e-mail address', `${base}/oauth/confirm-email?token=`),
  );
  await page.getByRole('button', { name: 'Confirm my address' }).click();
  await page.getByRole('heading', { name: 'Address confirmed' }).waitFor();

  await page.goto(`${base}/oauth/login`);
  await signIn(page, username, PASSWORD);
  const { secret, recoveryCodes } = await turnOnAuthenticatorApp(page, base);
  await addVirtualAuthenticator(page);
  await page.getByLabel('Passkey name').fill('Work laptop');
  await page.getByLabel('Your password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByRole('form', { name: 'Passkey Work laptop' }).waitFor();
  await screenshots(page, 'account-security');

  await signOut(page, base);
  await page.goto(`${base}/oauth/login`);
  await signIn(page, username, PASSWORD);
  // The step after the one the set-up used: a code is good once.
  await passFactorStep(page, codeOf(secret, 1));
  expect(await sessionStatus(page, base)).toBe(200);

  await signOut(page, base);
  await page.goto(`${base}/oauth/login`);
  await usePasskey(page, 'Sign in with a passkey');
  expect(await sessionStatus(page, base)).toBe(200);

  await signOut(page, base);
  await page.goto(`${base}/oauth/login`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
  await page.goto(
    await mailbox.link(email, 'Reset your password', `${base}/oauth/reset-password?token=`),
  );
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.getByRole('heading', { name: 'Password changed' }).waitFor();
  await page.goto(`${base}/oauth/login`);
  await signIn(page, username, NEW_PASSWORD);
  await passFactorStep(page, recoveryCodes[0]!);
  expect(await sessionStatus(page, base)).toBe(200);

  const elsewhere = await browser.newContext({ baseURL: base, userAgent: FIREFOX_ON_WINDOWS });
  try {
    const other = await elsewhere.newPage();
    other.setDefaultTimeout(15_000);
    await other.goto(`${base}/oauth/login`);
    await signIn(other, username, NEW_PASSWORD);
    await passFactorStep(other, recoveryCodes[1]!);
    expect(await sessionStatus(other, base)).toBe(200);

    await page.goto(`${base}/settings/sessions`);
    const rows = page.getByRole('list', { name: 'Signed-in browsers' }).getByRole('listitem');
    await rows.filter({ hasText: 'Firefox on Windows' }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshots(page, 'sessions');
    await page.getByRole('button', { name: /^Sign out Firefox on Windows from / }).click();
    await page.getByRole('button', { name: 'Sign out Firefox on Windows' }).click();
    await page.getByRole('status').getByText('Firefox on Windows is signed out.').waitFor();
    expect(await sessionStatus(other, base)).toBe(401);
    expect(await sessionStatus(page, base)).toBe(200);
  } finally {
    await elsewhere.close();
  }

  await page.goto(`${base}/settings/account`);
  await page.getByRole('region', { name: 'Recent security events' }).waitFor();
  await page.waitForLoadState('networkidle');
  await screenshots(page, 'account');
  const leaving = page.getByRole('region', { name: 'Delete my account' });
  await leaving.getByRole('button', { name: 'Delete my account' }).click();
  await leaving.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await leaving.getByLabel('Second factor code').fill(recoveryCodes[2]!);
  await page.waitForLoadState('networkidle');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await leaving.getByRole('button', { name: 'Delete my account' }).click();
  await leaving.getByRole('status').getByText('Your account will be deleted on').waitFor();
  expect(await sessionStatus(page, base)).toBe(401);
}
