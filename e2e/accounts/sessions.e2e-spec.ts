import { SHAPES, type ShapeTarget } from '@gatehouse/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, signIn } from '../auth/support/headless-chromium';
import { PHONE, seriousAccessibilityViolations } from '../settings/support/settings-browser';

// The demo seed (libs/persistence/seed/demo.yaml).
const BOB = { login: 'bob', password: 'gatehouse-demo-bob' };
const FIREFOX_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe.each(SHAPES)('the sessions page in Chromium on $name', (shape) => {
  let target: ShapeTarget;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  /** A browser profile of its own (cookies and User-Agent), signed in as Bob. */
  async function signedInBrowser(userAgent: string): Promise<Page> {
    const context = await browser.newContext({ baseURL: target.url, userAgent });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${target.url}/oauth/login`);
    await signIn(page, BOB.login, BOB.password);
    return page;
  }

  beforeAll(async () => {
    target = await shape.start();
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await target?.stop();
  });

  it('shows both signed-in browsers and signs the other one out', async () => {
    const laptop = await signedInBrowser(FIREFOX_ON_WINDOWS);
    const phone = await signedInBrowser(SAFARI_ON_IPHONE);

    await laptop.goto(`${target.url}/settings/account`);
    await laptop.getByRole('link', { name: 'Sessions' }).click();
    await laptop.getByRole('heading', { name: 'Sessions', level: 1 }).waitFor();
    const rows = laptop.getByRole('list', { name: 'Signed-in browsers' }).getByRole('listitem');
    await rows.filter({ hasText: 'Firefox on Windows' }).getByText('this browser').waitFor();
    await rows.filter({ hasText: 'Safari on iPhone' }).waitFor();
    await laptop.waitForLoadState('networkidle');
    expect(await seriousAccessibilityViolations(laptop)).toEqual([]);
    await laptop.setViewportSize(PHONE);
    expect(await seriousAccessibilityViolations(laptop)).toEqual([]);

    await laptop.getByRole('button', { name: /^Sign out Safari on iPhone from / }).click();
    await laptop.getByRole('button', { name: 'Sign out Safari on iPhone' }).click();
    await laptop.getByRole('status').getByText('Safari on iPhone is signed out.').waitFor();
    await rows.filter({ hasText: 'Safari on iPhone' }).waitFor({ state: 'detached' });

    expect((await phone.request.get(`${target.url}/api/session`)).status()).toBe(401);
    expect((await laptop.request.get(`${target.url}/api/session`)).status()).toBe(200);
  });
});
