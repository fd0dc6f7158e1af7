import { SHAPES, type ShapeTarget, waitUntil } from '@gatehouse/testing';
import type { Page } from 'playwright-core';
import { expectAccessible, fitsAPhone } from './support/page-checks';
import { type ReceivedRequest, startRecordingReceiver } from './support/recording-receiver';
import { settingsApiCaller } from './support/settings-api';
import {
  acmeModelChange,
  DEMO_ALICE as ALICE,
  openSettingsSession,
} from './support/settings-session';

const OLD_SECRET = 'rotation-page-old-secret';

/** What a delivery carried: the secret header and how many signatures. */
function seenIn(request: ReceivedRequest): { secret: string | undefined; signatures: number } {
  return {
    secret: request.headers['x-webhook-secret'] as string | undefined,
    signatures: String(request.headers['webhook-signature'] ?? '')
      .split(' ')
      .filter(Boolean).length,
  };
}

/**
 * "Rotate secret" on a webhook's page (docs/settings.md "Webhooks"), clicked through in Chromium on
 * each shape: the overlap is chosen, the rotation confirmed, the new secret shown once, and the next
 * delivery carries the old secret in X-Webhook-Secret with a signature made with each.
 */
describe.each(SHAPES)('rotating a webhook secret on its page on $name', (shape) => {
  let target: ShapeTarget;
  let page: Page;
  let pageErrors: string[];
  let close: (() => Promise<void>) | undefined;

  const api = settingsApiCaller(() => target.url, ALICE.token);

  async function openSecretCard(id: string): Promise<void> {
    await page.goto(`/settings/webhooks/${id}`);
    await page.getByRole('tab', { name: 'Activity' }).click();
    await page.getByRole('heading', { level: 2, name: 'Secret' }).waitFor();
  }

  beforeAll(async () => {
    ({ target, page, pageErrors, close } = await openSettingsSession(
      () => shape.start({ env: { GATEHOUSE_ALLOW_LOOPBACK_TARGETS: 'true' } }),
      { signInAt: '/settings/webhooks' },
    ));
  }, 120_000);

  afterAll(async () => {
    await close?.();
  });

  afterEach(() => {
    expect(pageErrors).toEqual([]);
  });

  it('rotates with the overlap chosen, shows the new secret once, and the next delivery carries both', async () => {
    const receiver = await startRecordingReceiver();
    const created = await api('POST', '/api/settings/webhooks', {
      watched: [{ type: 'model', name: 'acme/rotation-page' }],
      url: receiver.url,
      domains: ['repo'],
      secret: OLD_SECRET,
    });
    expect(created.status).toBe(201);
    const id: string = created.json.webhook.id;
    try {
      await openSecretCard(id);
      await page.getByLabel('Keep sending the old secret for').selectOption({ label: '1 hour' });
      await page.getByRole('button', { name: 'Rotate secret' }).click();
      await page
        .getByRole('button', { name: 'Rotate: the old secret goes out 1 hour more' })
        .click();
      const shown = page.getByTestId('once-value');
      await shown.waitFor();
      const secret = (await shown.textContent())!;
      expect(secret).toMatch(/^whsec_/);
      await page.getByText(/Deliveries carry the old secret in X-Webhook-Secret until/).waitFor();
      expect((await api('GET', `/api/settings/webhooks/${id}`)).json.webhook.secret).toBe(secret);
      await expectAccessible(page, shape, 'webhook-secret-rotated');
      await fitsAPhone(page);

      const event = acmeModelChange('acme/rotation-page', { id: '66e000000000000000000301' });
      expect((await target.publishEvents([event])).status).toBe(202);
      await waitUntil('the delivery', () => receiver.received.length > 0, { intervalMs: 200 });
      expect(seenIn(receiver.received[0]!)).toEqual({ secret: OLD_SECRET, signatures: 2 });
    } finally {
      await api('DELETE', `/api/settings/webhooks/${id}`);
      await receiver.close();
    }
  });

  it('says a webhook without a secret gets one, switches at once when asked, and shows a refusal', async () => {
    const created = await api('POST', '/api/settings/webhooks', {
      watched: [{ type: 'model', name: 'acme/rotation-page-bare' }],
      url: 'http://127.0.0.1:9/hook',
      domains: ['repo'],
    });
    const id: string = created.json.webhook.id;
    await openSecretCard(id);
    await page.getByText('This webhook has no secret').waitFor();
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('button', { name: 'Set a new secret' }).click();
    await page.getByText('Deliveries carry the new secret from now on.').waitFor();
    const secret = (await api('GET', `/api/settings/webhooks/${id}`)).json.webhook.secret;
    expect(await page.getByTestId('once-value').textContent()).toBe(secret);

    await openSecretCard(id);
    await page
      .getByLabel('Keep sending the old secret for')
      .selectOption({ label: 'No overlap: switch now' });
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page
      .getByRole('button', { name: 'Rotate now: receivers with the old secret start failing' })
      .waitFor();
    // Deleted meanwhile (another tab): the rotation is refused in words, not a blank page.
    expect((await api('DELETE', `/api/settings/webhooks/${id}`)).status).toBe(204);
    await page
      .getByRole('button', { name: 'Rotate now: receivers with the old secret start failing' })
      .click();
    await page.getByText('Webhook not found').waitFor();
    await expectAccessible(page, shape, 'webhook-secret-refused');
  });
});
