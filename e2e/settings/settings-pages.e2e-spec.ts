import { SHAPES, type ShapeTarget, waitUntil } from '@gatehouse/testing';
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { CallbackServer } from '../auth/support/callback-server';
import { signIn } from '../auth/support/headless-chromium';
import { serviceAccountsPageSuite } from './service-accounts.suite';
import { expectAccessible as checkAccessible } from './support/page-checks';
import { startRecordingReceiver } from './support/recording-receiver';
import { settingsApiCaller } from './support/settings-api';
import {
  acmeModelChange,
  DEMO_ALICE as ALICE,
  openSettingsSession,
} from './support/settings-session';

describe.each(SHAPES)('the settings pages on $name', (shape) => {
  let target: ShapeTarget;
  let page: Page;
  let pageErrors: string[];
  let close: (() => Promise<void>) | undefined;

  const api = settingsApiCaller(() => target.url, ALICE.token);

  const expectAccessible = (name: string): Promise<void> => checkAccessible(page, shape, name);

  beforeAll(async () => {
    ({ target, page, pageErrors, close } = await openSettingsSession(() =>
      shape.start({ env: { GATEHOUSE_ALLOW_LOOPBACK_TARGETS: 'true' } }),
    ));
  }, 120_000);

  afterAll(async () => {
    await close?.();
  });

  afterEach(() => {
    expect(pageErrors).toEqual([]);
  });

  it('/ : says what Gatehouse is to a visitor, and a settings page sends them to sign in and back', async () => {
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Gatehouse' }).waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: 'Sign in' }).isVisible()).toBe(
      true,
    );
    await expectAccessible('home-signed-out');

    await page.goto('/settings/tokens');
    await page.waitForURL(/\/oauth\/login\?return_to=%2Fsettings%2Ftokens$/);
    await signIn(page, ALICE.login, ALICE.password);
    await page.waitForURL(`${target.url}/settings/tokens`);
    await page.getByRole('heading', { level: 1, name: 'Access tokens' }).waitFor();

    await page.getByRole('link', { name: 'Gatehouse' }).click();
    await page.getByRole('heading', { level: 1, name: /^Hello, / }).waitFor();
    expect(await page.getByText('Signed in as alice').isVisible()).toBe(true);
    for (const name of [
      'Access tokens',
      'OAuth apps',
      'Connected apps',
      'Webhooks',
      'Token exchange and audit log',
      'Service accounts',
    ]) {
      expect(await page.getByRole('link', { name }).first().isVisible()).toBe(true);
    }
    await expectAccessible('home');
  });

  it('/settings/tokens: creates a token shown once that works with the API, and deletes it', async () => {
    await page.getByRole('link', { name: 'Access tokens' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Access tokens' }).waitFor();
    await page.getByRole('link', { name: 'New token' }).click();
    await page.waitForURL(/\/settings\/tokens\/new$/);
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByText('Give the token a name.').first().waitFor();

    await page.getByLabel('Name', { exact: true }).fill('laptop CLI');
    await page.getByLabel('Write: everything you can do').check();
    await page.getByRole('button', { name: 'Create token' }).click();
    const value = (await page.getByTestId('once-value').textContent())!;
    expect(value).toMatch(/^hf_[0-9A-Za-z]{30,}$/);
    const whoami = await fetch(`${target.url}/api/whoami-v2`, {
      headers: { authorization: `Bearer ${value}` },
    });
    expect(((await whoami.json()) as { name: string }).name).toBe('alice');
    await page.getByRole('link', { name: 'Back to your tokens' }).click();
    await page.getByRole('cell', { name: 'laptop CLI', exact: true }).waitFor();
    expect(
      await page.getByRole('cell', { name: `hf_…${value.slice(-4)}`, exact: true }).isVisible(),
    ).toBe(true);
    await expectAccessible('tokens');

    await page.getByRole('link', { name: 'laptop CLI', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'laptop CLI' }).waitFor();
    await page.getByRole('button', { name: 'Delete token' }).click();
    await page.getByRole('button', { name: 'Delete for good' }).click();
    await page.getByRole('heading', { level: 1, name: 'Access tokens' }).waitFor();
    await page
      .getByRole('cell', { name: 'laptop CLI', exact: true })
      .waitFor({ state: 'detached' });
    const tokens = (await api('GET', '/api/settings/tokens')).json as Array<{ name: string }>;
    expect(tokens.map((token) => token.name)).not.toContain('laptop CLI');
    expect(
      (
        await fetch(`${target.url}/api/whoami-v2`, {
          headers: { authorization: `Bearer ${value}` },
        })
      ).status,
    ).toBe(401);
  });

  it('/settings/tokens/new and /settings/tokens/{id}: a fine-grained token from the Hub’s link, a preset and an organization entry; refreshed and edited on its page', async () => {
    const whoamiOf = async (token: string) => {
      const res = await fetch(`${target.url}/api/whoami-v2`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return {
        status: res.status,
        auth: res.status === 200 ? ((await res.json()) as { auth: unknown }).auth : null,
      };
    };
    await page.goto(
      '/settings/tokens/new?tokenType=fineGrained&ownUserPermissions=inference.serverless.write',
    );
    await page.getByRole('heading', { level: 1, name: 'New access token' }).waitFor();
    expect(await page.getByLabel('Fine-grained', { exact: false }).first().isChecked()).toBe(true);
    expect(
      await page.getByRole('checkbox', { name: /^Make calls to inference providers/ }).isChecked(),
    ).toBe(true);

    await page.getByLabel('Name', { exact: true }).fill('deploy acme');
    await page.getByRole('radio', { name: /CI\/CD/ }).check();
    expect(
      await page.getByRole('checkbox', { name: /^Make calls to inference providers/ }).isChecked(),
    ).toBe(false);
    await page.getByRole('button', { name: 'Add an organization or repository' }).click();
    const entry = page.getByRole('group', { name: 'Entry 1' });
    await entry.getByLabel('Kind').selectOption('model');
    await entry.getByLabel('Organization or repository name').fill('acme');
    await entry.getByText('A model is named owner/name').waitFor();
    await entry.getByLabel('Kind').selectOption('org');
    await entry.getByText('A model is named owner/name').waitFor({ state: 'detached' });
    await entry.getByRole('checkbox', { name: /^Read the files of repositories/ }).check();
    await entry.getByRole('checkbox', { name: /^Read the organization's members/ }).check();
    await page.getByLabel('Expires').selectOption('7');
    await expectAccessible('token-new');

    await page.getByRole('button', { name: 'Create token' }).click();
    const value = (await page.getByTestId('once-value').textContent())!;
    // "Your account" is a scoped entry naming the owner, as the Hub's form writes it.
    const fineGrained = {
      global: [],
      scoped: [
        {
          entity: { _id: expect.any(String), type: 'user', name: 'alice' },
          permissions: ['repo.content.read', 'repo.write', 'job.write'],
        },
        {
          entity: { _id: expect.any(String), type: 'org', name: 'acme' },
          permissions: ['repo.content.read', 'org.read'],
        },
      ],
      canReadGatedRepos: false,
    };
    expect(await whoamiOf(value)).toMatchObject({
      status: 200,
      auth: { accessToken: { displayName: 'deploy acme', role: 'fineGrained', fineGrained } },
    });

    await page.getByRole('link', { name: 'Back to your tokens' }).click();
    const row = page.getByRole('row').filter({ hasText: 'deploy acme' });
    await row.getByRole('cell', { name: `hf_…${value.slice(-4)}`, exact: true }).waitFor();
    expect(await row.getByText('Fine-grained', { exact: true }).isVisible()).toBe(true);

    await row.getByRole('link', { name: 'deploy acme' }).click();
    await page.getByRole('heading', { level: 1, name: 'deploy acme' }).waitFor();
    expect(await page.getByTestId('token-preview').textContent()).toBe(`hf_…${value.slice(-4)}`);
    await expectAccessible('token-detail');

    await page.getByRole('button', { name: 'Invalidate and refresh' }).click();
    await page.getByRole('button', { name: 'Invalidate the old value' }).click();
    const refreshed = (await page.getByTestId('once-value').textContent())!;
    await page
      .getByTestId('token-preview')
      .filter({ hasText: `hf_…${refreshed.slice(-4)}` })
      .waitFor();
    expect((await whoamiOf(value)).status).toBe(401);
    expect(await whoamiOf(refreshed)).toMatchObject({
      status: 200,
      auth: { accessToken: { displayName: 'deploy acme', role: 'fineGrained', fineGrained } },
    });

    await page
      .getByRole('group', { name: 'Entry 1' })
      .getByRole('checkbox', { name: /^Read the organization's members/ })
      .uncheck();
    await page.getByRole('button', { name: 'Save permissions' }).click();
    await page.getByText('Permissions saved.').waitFor();
    const { id, fineGrained: saved } = (
      (await api('GET', '/api/settings/tokens')).json as Array<{
        id: string;
        name: string;
        fineGrained: { scoped: Array<{ permissions: string[] }> };
      }>
    ).find((token) => token.name === 'deploy acme')!;
    expect(saved.scoped.map((entry) => entry.permissions)).toEqual([
      ['repo.content.read', 'repo.write', 'job.write'],
      ['repo.content.read'],
    ]);
    expect((await api('DELETE', `/api/settings/tokens/${id}`)).status).toBe(204);
  });

  it('/settings/tokens: shows a token reported leaked as revoked, until dismissed', async () => {
    const created = await api('POST', '/api/settings/tokens', {
      name: 'pasted in a gist',
      role: 'read',
    });
    const { token } = created.json as { token: string };
    const reported = await fetch(`${target.url}/api/credentials/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ credentials: [token] }),
    });
    expect(reported.status).toBe(202);
    await waitUntil('the reported token to be revoked', async () => {
      const notices = (await api('GET', '/api/settings/token-notices')).json as unknown[];
      return notices.length > 0;
    });

    await page.goto('/settings/tokens');
    const heading = page.getByRole('heading', { name: 'Tokens found in public, and revoked' });
    await heading.waitFor();
    expect(await page.getByText('Access token “pasted in a gist”, revoked').isVisible()).toBe(true);
    await expectAccessible('tokens-leaked');

    await page
      .getByRole('button', { name: 'Dismiss the notice about Access token “pasted in a gist”' })
      .click();
    await heading.waitFor({ state: 'detached' });
    expect((await api('GET', '/api/settings/token-notices')).json).toEqual([]);
  });

  it('/settings/applications: creates an app with its secret shown once, shows field errors, edits it, drops its secret and deletes it', async () => {
    await page.getByRole('link', { name: 'OAuth apps' }).first().click();
    await page.getByRole('link', { name: 'New OAuth app' }).click();
    await page.waitForURL(/\/settings\/applications\/new$/);
    await page.getByLabel('Name').fill('Notebook viewer');
    await page.getByLabel('Homepage').fill('https://viewer.example');
    await page.getByLabel('Redirect URIs', { exact: true }).fill('http://viewer.example/callback');
    await page.getByRole('button', { name: 'Create app' }).click();
    const uriError = page.locator('.field-error').first();
    await uriError.waitFor();
    expect(await uriError.textContent()).toContain('Each redirect URI must be https');

    await page.getByLabel('Redirect URIs', { exact: true }).fill('https://viewer.example/callback');
    expect(await page.locator('.field-error').count()).toBe(0);
    await page.getByLabel('read-repos').check();
    await expectAccessible('application-new');
    await page.getByRole('button', { name: 'Create app' }).click();
    await page.getByRole('heading', { name: 'Notebook viewer is ready' }).waitFor();
    const clientId = (await page.getByTestId('client-id').textContent())!;
    const secret = (await page.getByTestId('once-value').textContent())!;
    const created = await api('GET', `/api/settings/apps/${clientId}`);
    expect(created.json.app).toMatchObject({
      name: 'Notebook viewer',
      homepageUrl: 'https://viewer.example',
      redirectUris: ['https://viewer.example/callback'],
      public: false,
    });
    expect(created.json.app.scopes).toEqual(
      expect.arrayContaining(['openid', 'profile', 'read-repos']),
    );
    expect(secret.length).toBeGreaterThan(20);

    await page.getByRole('link', { name: 'Go to the app' }).click();
    await page.getByLabel('Name').fill('Notebook viewer 2');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Notebook viewer 2' }).waitFor();
    expect((await api('GET', `/api/settings/apps/${clientId}`)).json.app.name).toBe(
      'Notebook viewer 2',
    );
    await expectAccessible('application-edit');

    await page.getByRole('button', { name: 'Delete the secret' }).click();
    await page.getByRole('button', { name: 'Delete secret: the app becomes public' }).click();
    await page.getByText('Public (PKCE, no secret)').waitFor();
    expect((await api('GET', `/api/settings/apps/${clientId}`)).json.app.public).toBe(true);

    await page.getByRole('button', { name: 'Delete app', exact: true }).click();
    await page.getByRole('button', { name: 'Delete app for good' }).click();
    await page.waitForURL(/\/settings\/applications$/);
    expect((await api('GET', `/api/settings/apps/${clientId}`)).status).toBe(404);

    await page.goto(`/settings/applications/${clientId}`);
    await page.getByRole('heading', { level: 1, name: 'Not found' }).waitFor();
  });

  it('/settings/connected-applications: lists an app the user signed in to, and revoking ends its tokens', async () => {
    const app = await api('POST', '/api/settings/apps', {
      name: 'Reading list',
      public: true,
      redirectUris: ['http://127.0.0.1/callback'],
      scopes: ['openid', 'profile'],
    });
    const clientId: string = app.json.app.clientId;
    const callback = await new CallbackServer().start();
    try {
      const verifier = randomBytes(32).toString('base64url');
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      const authorize = new URL('/oauth/authorize', target.url);
      Object.entries({
        client_id: clientId,
        response_type: 'code',
        redirect_uri: callback.url(),
        scope: 'openid profile',
        state: 's1',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }).forEach(([key, value]) => authorize.searchParams.set(key, value));
      await page.goto(authorize.toString());
      await page.getByRole('button', { name: 'Authorize' }).click();
      await page.waitForURL(/127\.0\.0\.1:\d+\/callback/);
      const code = callback.last().searchParams.get('code')!;
      const tokenResponse = await fetch(`${target.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: callback.url(),
          client_id: clientId,
          code_verifier: verifier,
        }),
      });
      const tokens = (await tokenResponse.json()) as {
        access_token: string;
        refresh_token: string;
      };
      expect(
        (
          await fetch(`${target.url}/oauth/userinfo`, {
            headers: { authorization: `Bearer ${tokens.access_token}` },
          })
        ).status,
      ).toBe(200);

      await page.goto('/settings/connected-applications');
      await page.getByRole('heading', { level: 2, name: 'Reading list' }).waitFor();
      await expectAccessible('connected-applications');
      await page.getByRole('button', { name: 'Revoke access for Reading list' }).click();
      await page.getByRole('button', { name: 'Revoke Reading list' }).click();
      await page.getByText('Reading list no longer has access to your account.').waitFor();

      expect(
        (
          await fetch(`${target.url}/oauth/userinfo`, {
            headers: { authorization: `Bearer ${tokens.access_token}` },
          })
        ).status,
      ).toBe(401);
      const refresh = await fetch(`${target.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token,
          client_id: clientId,
        }),
      });
      expect(refresh.status).toBe(400);
      expect(((await refresh.json()) as { error: string }).error).toBe('invalid_grant');
      const listed = (await api('GET', '/api/settings/connected-applications')).json as Array<{
        clientId: string;
      }>;
      expect(listed.map((connected) => connected.clientId)).not.toContain(clientId);
    } finally {
      await callback.stop();
    }
  });

  it('/settings/webhooks: creates a webhook in the form, disables and enables it, shows a delivery in Activity and replays it', async () => {
    const receiver = await startRecordingReceiver();
    try {
      await page.goto('/settings/webhooks');
      await page.getByText('No webhooks yet.').waitFor();
      await expectAccessible('webhooks-empty');
      await page.getByRole('link', { name: 'New webhook' }).click();
      await page.getByLabel('Watched item 1 type').selectOption('model');
      await page.getByLabel('Watched item 1 name').fill('acme/settings-e2e');
      await page.getByLabel('Webhook URL').fill(receiver.url);
      await page.getByLabel('Secret').fill('settings-e2e-secret');
      await expectAccessible('webhook-new');
      await page.getByRole('button', { name: 'Create webhook' }).click();
      await page.waitForURL(/\/settings\/webhooks\/[0-9a-f]{24}$/);
      const id = page.url().split('/').pop()!;
      const listed = (await api('GET', '/api/settings/webhooks')).json as Array<{
        id: string;
        url: string;
        watched: unknown[];
      }>;
      expect(listed).toEqual([
        expect.objectContaining({
          id,
          url: receiver.url,
          watched: [{ type: 'model', name: 'acme/settings-e2e' }],
        }),
      ]);

      await page.getByRole('button', { name: 'Disable' }).click();
      await page.getByText('Disabled', { exact: true }).first().waitFor();
      expect((await api('GET', `/api/settings/webhooks/${id}`)).json.webhook.disabled).toBe(true);
      await page.getByRole('button', { name: 'Enable' }).click();
      await page.getByText('Enabled', { exact: true }).first().waitFor();
      expect((await api('GET', `/api/settings/webhooks/${id}`)).json.webhook.disabled).toBe(false);

      const event = acmeModelChange('acme/settings-e2e', {
        id: '66e000000000000000000101',
        updatedRefs: [
          {
            ref: 'refs/heads/main',
            oldSha: null,
            newSha: 'c379e821c9c95d613899e8c4343e4bfee2b0c600',
          },
        ],
      });
      expect((await target.publishEvents([event])).status).toBe(202);
      await waitUntil('the delivery', () => receiver.received.length > 0, { intervalMs: 200 });
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]!.headers['x-webhook-secret']).toBe('settings-e2e-secret');

      await page.getByRole('tab', { name: 'Activity' }).click();
      await page.getByText('HTTP 200').first().waitFor();
      await page.getByRole('button', { name: 'Details' }).first().click();
      const headers = page.getByLabel('Request headers');
      await headers.waitFor();
      expect(await headers.textContent()).toContain('x-webhook-secret: ********');
      expect(await page.content()).not.toContain('settings-e2e-secret');
      await expectAccessible('webhook-activity');

      await page.getByRole('button', { name: 'Replay' }).first().click();
      // Behind the gateway the replay crosses the outbox and Kafka to a worker replica: generous on a loaded machine.
      await page
        .getByText('Replay queued: its new delivery is at the top of the list.')
        .waitFor({ timeout: 90_000 });
      await page.locator('.delivery').nth(1).waitFor();
      expect(await page.locator('.delivery').count()).toBe(2);
      const activity = (await api('GET', `/api/settings/webhooks/${id}/activity`)).json as {
        deliveries: Array<{ replayOf: string | null }>;
      };
      expect(activity.deliveries).toHaveLength(2);
      expect(activity.deliveries[0]!.replayOf).toBe(receiver.received[0]!.headers['webhook-id']);

      await page.getByRole('link', { name: 'Webhooks', exact: true }).first().click();
      await page.getByText('Enabled', { exact: true }).waitFor();
      await page.getByText('HTTP 200').waitFor();
      await expectAccessible('webhooks');

      await page.goto(`/settings/webhooks/${id}`);
      await page.getByRole('button', { name: 'Delete webhook' }).click();
      await page.getByRole('button', { name: 'Delete webhook for good' }).click();
      await page.waitForURL(/\/settings\/webhooks$/);
      expect((await api('GET', `/api/settings/webhooks/${id}`)).status).toBe(404);
      await page.goto(`/settings/webhooks/${id}`);
      await page.getByRole('heading', { level: 1, name: 'Not found' }).waitFor();
    } finally {
      await receiver.close();
    }
  });

  it('/settings/webhooks/{id} Activity: pages newest first, and Load older reads the next page', async () => {
    const receiver = await startRecordingReceiver();
    // Setup through the API; the paging under test is clicked through.
    const created = await api('POST', '/api/settings/webhooks', {
      watched: [{ type: 'model', name: 'acme/paging-e2e' }],
      url: receiver.url,
      domains: ['repo'],
    });
    const id: string = created.json.webhook.id;
    try {
      const events = Array.from({ length: 21 }, (_, index) =>
        acmeModelChange('acme/paging-e2e', {
          id: '66e000000000000000000201',
          updatedRefs: [
            { ref: 'refs/heads/main', oldSha: null, newSha: index.toString(16).padStart(40, '0') },
          ],
        }),
      );
      expect((await target.publishEvents(events)).status).toBe(202);
      let recorded = 0;
      await waitUntil(
        'the 21 deliveries in the activity',
        async () => {
          const first = (await api('GET', `/api/settings/webhooks/${id}/activity?limit=21`))
            .json as { deliveries: unknown[] };
          recorded = first.deliveries.length;
          return recorded >= 21;
        },
        { timeoutMs: 90_000, intervalMs: 300, detail: () => `${recorded} so far` },
      );
      expect(recorded).toBe(21);

      await page.goto(`/settings/webhooks/${id}`);
      // By keyboard: the tabs are one Tab stop, the arrow key moves to Activity.
      await page.getByRole('tab', { name: 'Settings' }).focus();
      await page.keyboard.press('ArrowRight');
      expect(
        await page
          .getByRole('tab', { name: 'Activity' })
          .evaluate((tab) => tab === document.activeElement && tab.getAttribute('aria-selected')),
      ).toBe('true');
      await page.locator('.delivery').nth(19).waitFor();
      expect(await page.locator('.delivery').count()).toBe(20);
      await page.getByRole('button', { name: 'Load older deliveries' }).click();
      await page.locator('.delivery').nth(20).waitFor();
      expect(await page.locator('.delivery').count()).toBe(21);
      await page
        .getByRole('button', { name: 'Load older deliveries' })
        .waitFor({ state: 'detached' });
      const ids = await page
        .locator('.delivery')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-delivery-id')));
      const all = (await api('GET', `/api/settings/webhooks/${id}/activity?limit=21`)).json as {
        deliveries: Array<{ id: string }>;
      };
      expect(ids).toEqual(all.deliveries.map((delivery) => delivery.id));
    } finally {
      await api('DELETE', `/api/settings/webhooks/${id}`);
      await receiver.close();
    }
  });

  it('/organizations/{name}/settings/token-exchange: sets the token duration, reads, verifies and exports the audit log', async () => {
    await page.goto('/organizations/acme/settings/token-exchange');
    await page.getByRole('heading', { level: 1, name: 'Token exchange' }).waitFor();
    const duration = page.getByLabel(/^Token duration for /);
    expect(await duration.inputValue()).toBe('8');
    await duration.fill('2');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/Saved: new tokens of .* live 2 hours\./).waitFor();
    const { apps } = (await api('GET', '/api/organizations/acme/settings/token-exchange-apps'))
      .json as { apps: Array<{ tokenDurationSeconds: number }> };
    expect(apps[0]!.tokenDurationSeconds).toBe(7200);

    await page.getByText('settings.token_duration_changed').first().waitFor();
    expect(await page.getByRole('cell', { name: 'alice (you)' }).first().isVisible()).toBe(true);
    await page.getByText(/^Chain verified \(\d+ entr(y|ies)\)$/).waitFor();
    await page.getByLabel('Member (username or e-mail)').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('No entries match.').waitFor();
    await page.getByLabel('Member (username or e-mail)').fill('');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('settings.token_duration_changed').first().waitFor();
    await expectAccessible('organization-token-exchange');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('acme-audit-log.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      'seq,createdAt,action,outcome,errorCode,clientId,actorUserId,subject,detail,prevHash,hash',
    );
    expect(csv).toContain(',settings.token_duration_changed,success,');

    await page.goto('/organizations/nowhere/settings/token-exchange');
    await page.getByRole('heading', { level: 1, name: 'Not found' }).waitFor();
  });

  serviceAccountsPageSuite(() => ({ target, page, expectAccessible }), ALICE);

  it('Sign out in the header ends the browser session', async () => {
    await page.goto('/settings/tokens');
    await page
      .getByRole('link', { name: 'Access tokens', exact: true })
      .and(page.locator('[aria-current="page"]'))
      .waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Gatehouse' }).waitFor();
    const session = await page.evaluate(async () => (await fetch('/api/session')).status);
    expect(session).toBe(401);
    await page.goto('/settings/webhooks');
    await page.waitForURL(/\/oauth\/login\?return_to=%2Fsettings%2Fwebhooks$/);
  });
});
