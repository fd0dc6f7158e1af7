import type { ShapeTarget } from '@gatehouse/testing';
import type { Page } from 'playwright-core';
import { signIn } from '../auth/support/headless-chromium';
import { seriousAccessibilityViolations } from '../settings/support/settings-browser';
import { signOut, signUp } from './account-steps';

const PASSWORD = 'a passkey and a passphrase';

/**
 * Gives the page's browser a platform authenticator of its own (Chromium's virtual authenticator,
 * over the DevTools protocol): resident keys and user verification, as a laptop's fingerprint
 * reader, answering every ceremony without a person at the keyboard.
 */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('WebAuthn.enable');
  await devtools.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

/**
 * Presses a sign-in page's passkey button: the browser's authenticator answers, the page posts
 * the answer (200 when it signs in) and goes where the answer says (the sign-in page itself when
 * the page had nowhere to return to, so the URL alone does not tell).
 */
export async function usePasskey(page: Page, button: string): Promise<void> {
  const [answer] = await Promise.all([
    page.waitForResponse((res) => new URL(res.url()).pathname === '/oauth/login/passkey'),
    page.waitForNavigation(),
    page.getByRole('button', { name: button }).click(),
  ]);
  expect(answer.status()).toBe(200);
}

async function expectSignedIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/settings/account/security`);
  await page.getByRole('heading', { name: 'Passkeys' }).waitFor();
}

/**
 * A person adds a passkey in the settings (their first factor: ten recovery codes shown), signs
 * out, signs in with the passkey alone, then with the password and the passkey as the second
 * step, and removes it (the recovery codes go with the last factor). `target.url` must be a host
 * name (`localhost`): browsers refuse an IP address as a passkey's relying party.
 */
export async function signInWithAPasskey(page: Page, target: ShapeTarget): Promise<void> {
  const base = target.url;
  const username = await signUp(page, base, PASSWORD);
  await addVirtualAuthenticator(page);

  await page.goto(`${base}/oauth/login`);
  await signIn(page, username, PASSWORD);
  await page.goto(`${base}/settings/account/security`);
  await page.getByLabel('Passkey name').fill('Work laptop');
  await page.getByLabel('Your password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const codes = page.getByTestId('recovery-codes').locator('code');
  await codes.first().waitFor();
  expect(await codes.allTextContents()).toHaveLength(10);
  await page.getByRole('form', { name: 'Passkey Work laptop' }).waitFor();
  await page.getByText('10 unused recovery codes left.').waitFor();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  await signOut(page, base);
  await page.goto(`${base}/oauth/login`);
  await usePasskey(page, 'Sign in with a passkey');
  await expectSignedIn(page, base);
  await page.getByText(/, last used /).waitFor();

  await signOut(page, base);
  await page.goto(`${base}/oauth/login`);
  await signIn(page, username, PASSWORD);
  await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
  await usePasskey(page, 'Use a passkey');
  await expectSignedIn(page, base);

  await page.getByRole('button', { name: 'Remove Work laptop' }).click();
  await page.getByRole('button', { name: 'Yes, remove Work laptop' }).click();
  await page.getByText('No passkey yet.').waitFor();
  await page
    .getByRole('button', { name: 'Make new recovery codes' })
    .waitFor({ state: 'detached' });

  await signOut(page, base);
  await page.goto(`${base}/oauth/login`);
  await signIn(page, username, PASSWORD);
  expect(new URL(page.url()).pathname).not.toBe('/oauth/login/factor');
}
