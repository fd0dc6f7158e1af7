import { Browser, chromium } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Headless Chromium as the e2e tier runs it; a missing binary fails naming it. */
export async function launchChromium(): Promise<Browser> {
  try {
    return await chromium.launch({
      executablePath: CHROMIUM_PATH,
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
  } catch (error) {
    throw new Error(
      `Chromium could not be started from ${CHROMIUM_PATH} (install the Debian chromium package): ${(error as Error).message}`,
    );
  }
}

export interface VerificationResult {
  /** The heading of the page the browser ends on. */
  heading: string;
  /** The text of the consent page, as the user saw it. */
  consentText: string;
}

/**
 * What a user does with the link a device shows: opens it in a fresh browser, signs in, checks
 * the prefilled code and continues, then answers the device consent page.
 */
export async function answerOnVerificationPage(
  browser: Browser,
  link: string,
  userCode: string,
  user: { username: string; password: string },
  decision: 'Authorize' | 'Deny',
): Promise<VerificationResult> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(link);
    await page.getByLabel('Username or email').fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/oauth/device');
    const prefilled = await page.getByLabel('Code').inputValue();
    if (prefilled !== userCode)
      throw new Error(`the verification page prefilled ${prefilled}, expected ${userCode}`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/oauth/device/consent');
    const consentText = await page.locator('main').innerText();
    await page.getByRole('button', { name: decision }).click();
    await page.waitForLoadState();
    return { heading: await page.locator('h1').innerText(), consentText };
  } finally {
    await context.close();
  }
}
