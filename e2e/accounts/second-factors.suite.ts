import type { ShapeTarget } from '@gatehouse/testing';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { signIn } from '../auth/support/headless-chromium';
import {
  DESKTOP,
  PHONE,
  seriousAccessibilityViolations,
} from '../settings/support/settings-browser';
import { signOut, signUp } from './account-steps';

const PASSWORD = 'two factors beat one';

/** The code an authenticator app shows `stepsAhead` 30-second steps from now. */
export function codeOf(secret: string, stepsAhead: number): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: Date.now() + stepsAhead * 30_000,
  });
}

async function expectAccessibleAtBothWidths(page: Page): Promise<void> {
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.setViewportSize(PHONE);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.setViewportSize(DESKTOP);
}

/**
 * Turns on an authenticator app for the signed-in person from the account page (the code
 * computed from the secret read off the page): the secret and the recovery codes shown.
 * `whileEnrolling` runs while the QR code is on the page.
 */
export async function turnOnAuthenticatorApp(
  page: Page,
  base: string,
  whileEnrolling: () => Promise<void> = async () => undefined,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  await page.goto(`${base}/settings/account`);
  await page.getByRole('link', { name: 'Two-factor authentication' }).click();
  await page.getByRole('heading', { name: 'Two-factor authentication', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await page.getByRole('img', { name: /QR code/ }).waitFor();
  await whileEnrolling();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Code from the app').fill(codeOf(secret, 0));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByTestId('recovery-codes').locator('code');
  await codes.first().waitFor();
  const recoveryCodes = await codes.allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  await page.getByText('10 unused recovery codes left.').waitFor();
  return { secret, recoveryCodes };
}

/**
 * A person sets up an authenticator app in the settings (the code computed from the secret read
 * off the page), signs out, signs in with a code after the password, then with a recovery code.
 */
export async function signInWithAnAuthenticatorApp(page: Page, target: ShapeTarget) {
  const base = target.url;
  const username = await signUp(page, base, PASSWORD);

  await page.goto(`${base}/oauth/login`);
  await signIn(page, username, PASSWORD);
  const { secret, recoveryCodes } = await turnOnAuthenticatorApp(page, base, () =>
    expectAccessibleAtBothWidths(page),
  );
  await expectAccessibleAtBothWidths(page);

  await signOut(page, base);
  await page.goto(`${base}/oauth/login`);
  await signIn(page, username, PASSWORD);
  await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
  await expectAccessibleAtBothWidths(page);
  // The step after the one the confirmation used: a code is good once.
  await page.getByLabel('Authentication code').fill(codeOf(secret, 1));
  await Promise.all([
    page.waitForNavigation(),
    page.getByRole('button', { name: 'Verify' }).click(),
  ]);
  await page.goto(`${base}/settings/account/security`);
  await page.getByText('Signing in asks for a code from your app.').waitFor();

  await signOut(page, base);
  await page.goto(`${base}/oauth/login`);
  await signIn(page, username, PASSWORD);
  await page.getByLabel('Authentication code').fill(recoveryCodes[0]!);
  await Promise.all([
    page.waitForNavigation(),
    page.getByRole('button', { name: 'Verify' }).click(),
  ]);
  await page.goto(`${base}/settings/account/security`);
  await page.getByText('9 unused recovery codes left.').waitFor();
}
