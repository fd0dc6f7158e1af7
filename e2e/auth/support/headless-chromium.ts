import { existsSync } from 'node:fs';
import { Browser, chromium, Page } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';

/** Debian's chromium, headless. Missing: the suite fails saying how to install it. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `${CHROMIUM} is missing: install Debian's chromium package (apt-get install chromium)`,
    );
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Fills and sends the sign-in page the browser is on. */
export async function signIn(page: Page, login: string, password: string): Promise<void> {
  await page.getByLabel('Username or email').fill(login);
  await page.getByLabel('Password').fill(password);
  await Promise.all([
    page.waitForNavigation(),
    page.getByRole('button', { name: 'Sign in', exact: true }).click(),
  ]);
}
