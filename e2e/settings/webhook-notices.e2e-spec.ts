import {
  ALL_IN_ONE,
  SHAPES,
  type ShapeTarget,
  type SmtpTestServer,
  startSmtpTestServer,
  waitUntil,
} from '@gatehouse/testing';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { expectAccessible, fitsAPhone } from './support/page-checks';
import { startRecordingReceiver } from './support/recording-receiver';
import { settingsApiCaller } from './support/settings-api';
import {
  acmeModelChange,
  DEMO_ALICE as ALICE,
  openSettingsSession,
} from './support/settings-session';
import { mailboxOf, type ShapeMailbox } from './support/shape-mailbox';

const REPO = 'acme/notices-page';

/**
 * A webhook owner is told when a receiver fails (docs/settings.md "When a webhook fails"), in
 * Chromium on each shape: a notice on the webhook's page and on the settings home, an e-mail (the
 * all-in-one's mailbox, the distributed shape's SMTP server) when it starts failing and when the
 * worker disables it, and Re-enable in one click.
 */
describe.each(SHAPES)('webhook notices on $name', (shape) => {
  let smtp: SmtpTestServer;
  let target: ShapeTarget;
  let page: Page;
  let pageErrors: string[];
  let mailbox: ShapeMailbox;
  let close: (() => Promise<void>) | undefined;

  const api = settingsApiCaller(() => target.url, ALICE.token);

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    ({ target, page, pageErrors, close } = await openSettingsSession(
      () =>
        shape.start({
          env: {
            GATEHOUSE_ALLOW_LOOPBACK_TARGETS: 'true',
            ...(shape === ALL_IN_ONE ? {} : { GATEHOUSE_SMTP_URL: smtp.url }),
          },
        }),
      { signInAt: '/settings/webhooks' },
    ));
    mailbox = mailboxOf(shape, target, smtp);
  }, 120_000);

  afterAll(async () => {
    await close?.();
    await smtp?.close();
  });

  afterEach(() => {
    expect(pageErrors).toEqual([]);
  });

  it('tells the owner on the page, the settings home and by e-mail, and re-enables in one click', async () => {
    const receiver = await startRecordingReceiver({ status: 500 });
    const created = await api('POST', '/api/settings/webhooks', {
      watched: [{ type: 'model', name: REPO }],
      url: receiver.url,
      domains: ['repo'],
    });
    expect(created.status).toBe(201);
    const id: string = created.json.webhook.id;
    const health = async () => (await api('GET', `/api/settings/webhooks/${id}/health`)).json;
    try {
      expect(
        (await target.publishEvents([acmeModelChange(REPO, { id: '66e000000000000000000401' })]))
          .status,
      ).toBe(202);
      await waitUntil(
        'the webhook failing',
        async () => (await health()).health.state !== 'healthy',
      );

      await page.goto(`/settings/webhooks/${id}`);
      await page.getByRole('heading', { level: 2, name: 'This webhook is failing' }).waitFor();
      await page.getByText('Last error: the receiver answered HTTP 500').waitFor();
      await expectAccessible(page, shape, 'webhook-failing');
      await fitsAPhone(page);

      await page.goto('/');
      const notices = page.getByRole('region', { name: 'Webhooks that need you' });
      await notices.getByRole('link', { name: receiver.url }).click();
      await page.waitForURL(`${target.url}/settings/webhooks/${id}`);
      await page.getByRole('heading', { level: 2, name: 'This webhook is failing' }).waitFor();

      const started = await mailbox.text(ALICE.email, 'A webhook of yours started failing');
      expect(started).toContain(`Your webhook to ${receiver.url} started failing`);
      expect(started).toContain('The last error: the receiver answered HTTP 500.');
      expect(started).toContain(`${target.url}/settings/webhooks/${id}`);

      // The receiver says it is gone: the worker disables the webhook at once.
      receiver.status = 410;
      await target.publishEvents([acmeModelChange(REPO, { id: '66e000000000000000000402' })]);
      await waitUntil('the webhook disabled', async () => (await health()).health.disabled);
      const disabledMail = await mailbox.text(ALICE.email, 'A webhook of yours was disabled');
      expect(disabledMail).toContain(`Gatehouse disabled your webhook to ${receiver.url}`);

      await page.goto(`/settings/webhooks/${id}`);
      await page
        .getByRole('heading', {
          level: 2,
          name: 'This webhook was disabled because it kept failing',
        })
        .waitFor();
      await expectAccessible(page, shape, 'webhook-disabled-notice');
      receiver.status = 200;
      await page.getByRole('button', { name: 'Re-enable' }).click();
      await page.getByText('Webhook enabled again.').waitFor();
      await page.getByRole('heading', { level: 2, name: /This webhook/ }).waitFor({
        state: 'detached',
      });
      expect((await health()).health).toMatchObject({ state: 'healthy', disabled: false });
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: /Hello/ }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByRole('region', { name: 'Webhooks that need you' }).count()).toBe(0);
    } finally {
      await api('DELETE', `/api/settings/webhooks/${id}`);
      await receiver.close();
    }
  });

  it('shows the exact bytes that were signed in the delivery detail, verified with standardwebhooks', async () => {
    const receiver = await startRecordingReceiver();
    const secret = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
    const created = await api('POST', '/api/settings/webhooks', {
      watched: [{ type: 'model', name: REPO }],
      url: receiver.url,
      domains: ['repo'],
      secret,
    });
    const id: string = created.json.webhook.id;
    try {
      await target.publishEvents([
        {
          ...acmeModelChange(REPO, { id: '66e000000000000000000403' }),
          updatedRefs: [{ ref: 'refs/heads/main', oldSha: null, newSha: 'c0ffee'.padEnd(40, '0') }],
        },
      ]);
      await waitUntil('the delivery', () => receiver.received.length > 0, { intervalMs: 200 });
      const [sent] = receiver.received;
      const activity = (await api('GET', `/api/settings/webhooks/${id}/activity`)).json;
      const deliveryId: string = activity.deliveries[0].id;
      const detail = (await api('GET', `/api/settings/webhooks/${id}/activity/${deliveryId}`)).json;
      expect(Buffer.from(detail.request.body, 'utf8').equals(sent!.body)).toBe(true);
      const headers = {
        'webhook-id': String(sent!.headers['webhook-id']),
        'webhook-timestamp': String(sent!.headers['webhook-timestamp']),
        'webhook-signature': String(sent!.headers['webhook-signature']),
      };
      expect(new Webhook(secret).verify(detail.request.body, headers)).toEqual(
        JSON.parse(detail.request.body),
      );

      await page.goto(`/settings/webhooks/${id}#activity`);
      await page.getByRole('button', { name: 'Details' }).first().click();
      const shown = page.getByTestId('signed-body');
      await shown.waitFor();
      expect(await shown.textContent()).toBe(sent!.body.toString('utf8'));
      expect(await page.content()).not.toContain(secret);
    } finally {
      await api('DELETE', `/api/settings/webhooks/${id}`);
      await receiver.close();
    }
  });

  it('sends a test event from the page through the pipeline and shows its outcome', async () => {
    const receiver = await startRecordingReceiver();
    const secret = `whsec_${Buffer.alloc(24, 9).toString('base64')}`;
    const created = await api('POST', '/api/settings/webhooks', {
      watched: [{ type: 'model', name: REPO }],
      url: receiver.url,
      domains: ['repo'],
      secret,
    });
    const id: string = created.json.webhook.id;
    try {
      await page.goto(`/settings/webhooks/${id}`);
      await page.getByRole('button', { name: 'Send a test event' }).click();
      await page.getByText(/^Delivered: HTTP 200 in \d+ ms\.$/).waitFor({ timeout: 60_000 });
      expect(receiver.received).toHaveLength(1);
      const [ping] = receiver.received;
      const verified = new Webhook(secret).verify(ping!.body.toString('utf8'), {
        'webhook-id': String(ping!.headers['webhook-id']),
        'webhook-timestamp': String(ping!.headers['webhook-timestamp']),
        'webhook-signature': String(ping!.headers['webhook-signature']),
      }) as { event: unknown; repo: { name: string }; webhook: { id: string } };
      expect(verified.event).toEqual({ action: 'update', scope: 'ping' });
      expect(verified.repo.name).toBe(REPO);
      expect(verified.webhook.id).toBe(id);
      await expectAccessible(page, shape, 'webhook-test-event');
      await fitsAPhone(page);

      receiver.status = 500;
      await page.getByRole('button', { name: 'Send a test event' }).click();
      await page
        .getByText('Failed: the receiver answered HTTP 500. It will be retried.')
        .waitFor({ timeout: 60_000 });
    } finally {
      await api('DELETE', `/api/settings/webhooks/${id}`);
      await receiver.close();
    }
  });

  it('says Jobs are disabled on this server and offers no Job target', async () => {
    await page.goto('/settings/webhooks/new');
    await page.getByText('Jobs are disabled on this server').waitFor();
    expect(await page.getByRole('radio', { name: /A Job/ }).isDisabled()).toBe(true);
    await expectAccessible(page, shape, 'webhook-new-jobs-disabled');
  });
});
