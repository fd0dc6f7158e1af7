import { SHAPES, type ShapeTarget } from '@gatehouse/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, signIn } from '../auth/support/headless-chromium';
import {
  DESKTOP,
  newPersonContext,
  PHONE,
  seriousAccessibilityViolations,
} from './support/settings-browser';
import { settingsApiCaller } from './support/settings-api';

// The demo seed (libs/persistence/seed/demo.yaml): alice administers acme.
const ALICE = {
  login: 'alice',
  password: 'gatehouse-demo',
  token: 'hf_demoAliceWriteToken000000000000000',
};
// A plain (read) member of acme.
const BOB = { login: 'bob', password: 'gatehouse-demo-bob' };
const EXCHANGE_APP = {
  name: 'acme-token-exchange',
  clientId: '6b1c2d3e-4f50-4a61-8b72-9c83d4e5f607',
};

/**
 * The settings pages as a person who must trust them uses them: problems in the page's words,
 * all at once, with focus on the first; every outcome said in view and to screen readers; a
 * confirmation before breaking a running client; long values that never widen the page; a copy
 * button that speaks of the value it copied; kept secrets masked.
 */
describe.each(SHAPES)('settings pages a person trusts, on $name', (shape) => {
  let target: ShapeTarget;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];

  const api = settingsApiCaller(() => target.url, ALICE.token);

  /** The outcome region: the one fixed `role=status` live region of the app. */
  const outcome = () => page.locator('.status-region[role="status"][aria-live="polite"]');

  async function expectOutcomeInView(text: string | RegExp): Promise<void> {
    const message = outcome().getByText(text);
    await message.waitFor();
    const box = (await message.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  }

  const focusedName = () =>
    page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? null);

  /** How far the page is wider than the viewport; 0 when nothing overflows. */
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  async function expectNoViolations(): Promise<void> {
    await page.waitForLoadState('networkidle');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  }

  beforeAll(async () => {
    target = await shape.start({ env: { GATEHOUSE_ALLOW_LOOPBACK_TARGETS: 'true' } });
    browser = await launchChromium();
    const person = await newPersonContext(browser, target.url);
    context = person.context;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: target.url });
    page = person.page;
    page.setDefaultTimeout(15_000);
    pageErrors = person.pageErrors;
    await page.goto('/settings/tokens');
    await signIn(page, ALICE.login, ALICE.password);
    await page.getByRole('heading', { level: 1, name: 'Access tokens' }).waitFor();
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await target?.stop();
  });

  beforeEach(async () => {
    await page.setViewportSize(DESKTOP);
  });

  afterEach(() => {
    expect(pageErrors).toEqual([]);
  });

  it('an OAuth app form reports every problem at once in its own words, and focuses the first', async () => {
    const appsBefore = (await api('GET', '/api/settings/apps')).json as unknown[];
    await page.goto('/settings/applications/new');
    await page.getByRole('heading', { level: 1, name: 'New OAuth app' }).waitFor();
    await page.getByLabel('Homepage').fill('viewer.example');
    await page.getByLabel('Access token lifetime (hours)').fill('0.01');
    await page.getByRole('button', { name: 'Create app' }).click();

    const errors = page.locator('.field-error');
    await errors.first().waitFor();
    expect(await errors.allTextContents()).toEqual([
      'Give the app a name of at most 100 characters.',
      'Enter the homepage as an https URL, like https://example.com.',
      'Choose a lifetime from 0.1 hours (6 minutes) to 720 hours (30 days).',
    ]);
    expect(await focusedName()).toBe('name');
    expect(await page.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    await expectNoViolations();
    expect((await api('GET', '/api/settings/apps')).json).toEqual(appsBefore);
  });

  it('a token form and a duration in hours say what to do in the page’s words', async () => {
    await page.goto('/settings/tokens/new');
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByText('Give the token a name.').waitFor();
    expect(await focusedName()).toBe('name');
    expect(await page.content()).not.toContain('Too small');

    await page.goto('/organizations/acme/settings/token-exchange');
    const duration = page.getByLabel(/^Token duration for /);
    await duration.fill('0.01');
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText('Choose a duration from 0.1 hours (6 minutes) to 720 hours (30 days).')
      .waitFor();
    expect(await focusedName()).toBe('tokenDurationSeconds');
  });

  it('asks before making a new client secret, says every outcome in view, and keeps long values inside the page', async () => {
    // As long as the API takes (2,048 characters), in one unbreakable run of characters.
    const longUri = `https://viewer.example/${'callback/'.repeat(224)}end`;
    expect(longUri.length).toBeGreaterThan(2000);
    const created = await api('POST', '/api/settings/apps', {
      name: 'Trust viewer',
      redirectUris: [longUri],
      scopes: ['openid', 'profile'],
    });
    const clientId: string = created.json.app.clientId;
    const clientSecret: string = created.json.clientSecret;
    const secretWorks = async (secret: string) =>
      (
        await fetch(`${target.url}/oauth/token`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
          },
          body: new URLSearchParams({ grant_type: 'authorization_code', code: 'none' }),
        })
      ).status !== 401;
    expect(await secretWorks(clientSecret)).toBe(true);

    await page.goto(`/settings/applications/${clientId}`);
    await page.getByRole('heading', { level: 1, name: 'Trust viewer' }).waitFor();
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      expect(await overflow()).toBeLessThanOrEqual(0);
    }

    await page.getByRole('button', { name: 'Make a new secret' }).click();
    await page.getByText('The current secret stops working at once').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByTestId('once-value').count()).toBe(0);
    expect(await secretWorks(clientSecret)).toBe(true);

    await page.getByRole('button', { name: 'Make a new secret' }).click();
    await page.getByRole('button', { name: 'Make a new secret now' }).click();
    const newSecret = (await page.getByTestId('once-value').textContent())!;
    await expectOutcomeInView('New client secret made: copy it now.');
    expect(newSecret).not.toBe(clientSecret);
    expect(await secretWorks(newSecret)).toBe(true);

    // The save button ends a long form: its outcome is said where the person is looking.
    await page.setViewportSize(PHONE);
    await page.getByLabel('Name').fill('Trust viewer 2');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectOutcomeInView('Changes saved.');
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoViolations();

    await page.getByRole('button', { name: 'Delete app', exact: true }).click();
    await page.getByRole('button', { name: 'Delete app for good' }).click();
    await page.waitForURL(/\/settings\/applications$/);
    await expectOutcomeInView('App deleted.');
  });

  it('a 100-character token name wraps; the copy button speaks of the value it copied; deleting says so', async () => {
    const name = `${'very-long-token-name-'.repeat(5)}`.slice(0, 100);
    const created = await api('POST', '/api/settings/tokens', { name, role: 'read' });
    const id: string = created.json.id;

    await page.goto('/settings/tokens');
    await page.getByRole('link', { name, exact: true }).waitFor();
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      expect(await overflow()).toBeLessThanOrEqual(0);
    }

    await page.goto(`/settings/tokens/${id}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.setViewportSize(PHONE);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.setViewportSize(DESKTOP);

    await page.getByRole('button', { name: 'Invalidate and refresh' }).click();
    await page.getByRole('button', { name: 'Invalidate the old value' }).click();
    const first = (await page.getByTestId('once-value').textContent())!;
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

    await page.getByRole('button', { name: 'Invalidate and refresh' }).click();
    await page.getByRole('button', { name: 'Invalidate the old value' }).click();
    await page.getByTestId('once-value').filter({ hasNotText: first }).waitFor();
    expect(await page.getByRole('button', { name: 'Copy', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Copied', exact: true }).count()).toBe(0);

    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Delete token' }).click();
    const confirm = page.getByRole('button', { name: 'Delete for good' });
    const box = (await confirm.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await confirm.click();
    await page.getByRole('heading', { level: 1, name: 'Access tokens' }).waitFor();
    await expectOutcomeInView(`Token ${name} deleted.`);
    expect((await api('GET', `/api/settings/tokens/${id}`)).status).toBe(404);
  });

  it('the webhook form checks watched names as typed, focuses a new row, says it created the webhook, and masks its secret', async () => {
    await page.goto('/settings/webhooks/new');
    await page.getByLabel('Watched item 1 name').fill('acme');
    await page.getByText('A model is named owner/name').waitFor();
    await page.getByLabel('Watched item 1 name').fill('acme/trust-e2e');
    await page.getByText('A model is named owner/name').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Add another' }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('watched-name-1');
    await page.getByLabel('Watched item 2 type').selectOption('org');
    await page.getByLabel('Watched item 2 name').fill('acme/oops');
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await page.getByText('An organization name has no spaces or slashes').waitFor();
    await page
      .getByText('Enter the URL to deliver to, like https://example.com/webhook.')
      .waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('watched-name-1');
    await expectNoViolations();

    await page.getByRole('button', { name: 'Remove watched item 2' }).click();
    await page.getByLabel('Webhook URL').fill('http://127.0.0.1:9/hook');
    await page.getByLabel('Secret').fill('trust-e2e-secret');
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await page.waitForURL(/\/settings\/webhooks\/[0-9a-f]{24}$/);
    const id = page.url().split('/').pop()!;
    await expectOutcomeInView('Webhook created.');

    const secret = page.getByRole('group', { name: "The webhook's secret" });
    await secret.waitFor();
    expect(await page.content()).not.toContain('trust-e2e-secret');
    await secret.getByRole('button', { name: 'Reveal' }).click();
    expect(await secret.getByTestId('masked-secret').textContent()).toBe('trust-e2e-secret');
    await secret.getByRole('button', { name: 'Copy' }).click();
    await secret.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('trust-e2e-secret');
    await expectNoViolations();

    // Saving without touching the secret keeps it.
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectOutcomeInView('Changes saved.');
    expect((await api('GET', `/api/settings/webhooks/${id}`)).json.webhook.secret).toBe(
      'trust-e2e-secret',
    );

    await page.getByRole('button', { name: 'Delete webhook' }).click();
    await page.getByRole('button', { name: 'Delete webhook for good' }).click();
    await page.waitForURL(/\/settings\/webhooks$/);
    await expectOutcomeInView('Webhook deleted.');
  });

  it('the audit log finds what its table shows: a member by e-mail or username, an app by name; a duration change shows old and new', async () => {
    expect(
      (
        await api(
          'PUT',
          `/api/organizations/acme/settings/token-exchange-apps/${EXCHANGE_APP.clientId}`,
          { tokenDurationSeconds: 10_800 },
        )
      ).status,
    ).toBe(200);
    await page.goto('/organizations/acme/settings/token-exchange');
    const rows = page.getByRole('row').filter({ hasText: 'settings.token_duration_changed' });
    await rows.first().waitFor();
    expect(await rows.first().getByText('Token duration 8 h → 3 h').isVisible()).toBe(true);
    expect(await rows.first().getByRole('cell', { name: 'alice (you)' }).isVisible()).toBe(true);

    for (const member of ['alice@example.com', 'ALICE']) {
      await page.getByLabel('Member (username or e-mail)').fill(member);
      await page.getByRole('button', { name: 'Filter' }).click();
      await rows.getByText('Token duration 8 h → 3 h').first().waitFor();
      expect(await page.getByText('No entries match.').count()).toBe(0);
    }
    await page.getByLabel('Member (username or e-mail)').fill('');
    await page.getByLabel('App (name or client ID)').fill(EXCHANGE_APP.name);
    await page.getByRole('button', { name: 'Filter' }).click();
    await rows.getByText('Token duration 8 h → 3 h').first().waitFor();
    await page.getByLabel('App (name or client ID)').fill('no-such-app');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('No entries match.').waitFor();
    await expectNoViolations();
    await api(
      'PUT',
      `/api/organizations/acme/settings/token-exchange-apps/${EXCHANGE_APP.clientId}`,
      { tokenDurationSeconds: 28_800 },
    );
  });

  it('a plain member sees the organization’s settings as a stranger does: Not found', async () => {
    const bob = await newPersonContext(browser, target.url);
    try {
      await bob.page.goto('/organizations/acme/settings/token-exchange');
      await signIn(bob.page, BOB.login, BOB.password);
      for (const path of [
        '/organizations/acme/settings/token-exchange',
        '/organizations/acme/settings/service-accounts',
        '/organizations/acme/settings/tokens',
        '/organizations/nowhere/settings/token-exchange',
      ]) {
        await bob.page.goto(path);
        await bob.page.getByRole('heading', { level: 1, name: 'Not found' }).waitFor();
        expect(await bob.page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
        expect(await bob.page.content()).not.toContain('Only organization administrators');
      }
      expect(bob.pageErrors).toEqual([]);
    } finally {
      await bob.context.close();
    }
  });
});
