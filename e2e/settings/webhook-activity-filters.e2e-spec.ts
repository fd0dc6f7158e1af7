import { SHAPES, type ShapeTarget, waitUntil } from '@gatehouse/testing';
import type { Page } from 'playwright-core';
import { expectAccessible, fitsAPhone } from './support/page-checks';
import {
  type ReceivedRequest,
  type RecordingReceiver,
  startRecordingReceiver,
} from './support/recording-receiver';
import { seriousAccessibilityViolations } from './support/settings-browser';
import { settingsApiCaller } from './support/settings-api';
import {
  acmeModelChange,
  DEMO_ALICE as ALICE,
  openSettingsSession,
} from './support/settings-session';

const GOOD_REPO = 'acme/filters-good';
const BAD_REPO = 'acme/filters-bad';

/** The repository of the event a receiver got. */
function repoOf(request: ReceivedRequest): string {
  return (
    (JSON.parse(request.body.toString('utf8')) as { repo?: { name?: string } }).repo?.name ?? ''
  );
}

/** A loopback receiver: 200 for events of GOOD_REPO, 500 for any other until its status is 200. */
function startReceiver(): Promise<RecordingReceiver> {
  return startRecordingReceiver({
    status: 500,
    answer: (request) => (repoOf(request) === GOOD_REPO ? 200 : undefined),
  });
}

/**
 * The Activity page's filters and "Replay all failed since…" (docs/settings.md "Webhooks"), in
 * Chromium on each shape: outcome, event scope, repository and time range narrow the deliveries the
 * worker recorded; the bulk replay shows its count before it starts and what it queued after.
 */
describe.each(SHAPES)('filtering and bulk-replaying a webhook activity on $name', (shape) => {
  let target: ShapeTarget;
  let page: Page;
  let pageErrors: string[];
  let close: (() => Promise<void>) | undefined;

  const api = settingsApiCaller(() => target.url, ALICE.token);

  /** The rows shown once the list holds `count` deliveries, each showing every one of `texts`. */
  async function rowsOnceThereAre(count: number, ...texts: string[]): Promise<string[]> {
    await page.waitForFunction(
      ([expected, wanted]) => {
        const rows = Array.from(document.querySelectorAll('.delivery'));
        return (
          rows.length === expected &&
          rows.every((row) => wanted.every((text) => row.textContent?.includes(text)))
        );
      },
      [count, texts] as const,
    );
    return page.locator('.delivery').allTextContents();
  }

  async function filter(fill: () => Promise<void>): Promise<void> {
    await fill();
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
  }

  beforeAll(async () => {
    ({ target, page, pageErrors, close } = await openSettingsSession(
      () =>
        shape.start({
          env: { GATEHOUSE_ALLOW_LOOPBACK_TARGETS: 'true', GATEHOUSE_DELIVERY_RETRY_SCHEDULE: '1' },
        }),
      { signInAt: '/settings/webhooks' },
    ));
  }, 120_000);

  afterAll(async () => {
    await close?.();
  });

  afterEach(() => {
    expect(pageErrors).toEqual([]);
  });

  it('narrows the deliveries by outcome, event scope, repository and time, and says when none match', async () => {
    const receiver = await startReceiver();
    const created = await api('POST', '/api/settings/webhooks', {
      watched: [
        { type: 'model', name: GOOD_REPO },
        { type: 'model', name: BAD_REPO },
      ],
      url: receiver.url,
      domains: ['repo'],
    });
    expect(created.status).toBe(201);
    const id: string = created.json.webhook.id;
    try {
      const published = await target.publishEvents([
        acmeModelChange(GOOD_REPO, { scope: 'repo.content', id: '66e000000000000000000401' }),
        acmeModelChange(GOOD_REPO, { scope: 'repo.config', id: '66e000000000000000000401' }),
        acmeModelChange(BAD_REPO, { scope: 'repo.content', id: '66e000000000000000000402' }),
      ]);
      expect(published.status).toBe(202);
      // The failing event is tried twice (GATEHOUSE_DELIVERY_RETRY_SCHEDULE=1), then given up.
      await waitUntil(
        'the three deliveries settled',
        async () => {
          const { json } = await api('GET', `/api/settings/webhooks/${id}/activity`);
          const statuses = (json.deliveries as Array<{ status: string }>).map((d) => d.status);
          return (
            statuses.length === 3 &&
            statuses.filter((status) => status === 'succeeded').length === 2 &&
            statuses.includes('failed')
          );
        },
        { timeoutMs: 90_000, intervalMs: 300 },
      );
      expect(receiver.received.map(repoOf).filter((repo) => repo === BAD_REPO)).toHaveLength(2);

      await page.goto(`/settings/webhooks/${id}`);
      await page.getByRole('tab', { name: 'Activity' }).click();
      expect(await rowsOnceThereAre(3)).toHaveLength(3);

      await filter(async () => {
        await page.getByLabel('Outcome').selectOption({ label: 'Failed' });
      });
      const failed = await rowsOnceThereAre(1, BAD_REPO);
      expect(failed[0]).toContain(BAD_REPO);
      expect(failed[0]).toContain('HTTP 500');

      await filter(async () => {
        await page.getByLabel('Outcome').selectOption({ label: 'Delivered' });
        await page.getByLabel('Event scope').selectOption('repo.config');
      });
      const config = await rowsOnceThereAre(1, 'repo.config');
      expect(config[0]).toContain('repo.config');
      expect(config[0]).toContain(GOOD_REPO);

      await page.getByRole('button', { name: 'Clear filters' }).click();
      expect(await rowsOnceThereAre(3)).toHaveLength(3);
      expect(await page.getByLabel('Outcome').inputValue()).toBe('');

      await filter(() => page.getByLabel('Repository').fill(BAD_REPO));
      const bad = await rowsOnceThereAre(1, BAD_REPO);
      expect(bad[0]).toContain('repo.content');

      await filter(async () => {
        await page.getByLabel('Repository').fill('');
        await page.getByLabel('From').fill('2099-01-01T00:00');
      });
      await page.getByText('No deliveries match these filters.').waitFor();
      expect(await page.locator('.delivery').count()).toBe(0);
      await expectAccessible(page, shape, 'webhook-activity-filtered');
      await fitsAPhone(page);

      await page.getByLabel('Until').fill('2098-01-01T00:00');
      await page.getByRole('button', { name: 'Filter', exact: true }).click();
      await page.getByText('Until must be later than From.').waitFor();
    } finally {
      await api('DELETE', `/api/settings/webhooks/${id}`);
      await receiver.close();
    }
  });

  it('replays all failed deliveries since a time: the count in a confirmation, then how many were queued', async () => {
    const receiver = await startReceiver();
    const created = await api('POST', '/api/settings/webhooks', {
      watched: [{ type: 'model', name: BAD_REPO }],
      url: receiver.url,
      domains: ['repo'],
    });
    const id: string = created.json.webhook.id;
    try {
      expect(
        (
          await target.publishEvents([
            acmeModelChange(BAD_REPO, { scope: 'repo.content', id: '66e000000000000000000402' }),
          ])
        ).status,
      ).toBe(202);
      await waitUntil(
        'the delivery given up',
        async () => {
          const { json } = await api('GET', `/api/settings/webhooks/${id}/activity`);
          return (json.deliveries as Array<{ status: string }>)[0]?.status === 'failed';
        },
        { timeoutMs: 90_000, intervalMs: 300 },
      );
      receiver.status = 200;

      await page.goto(`/settings/webhooks/${id}`);
      await page.getByRole('tab', { name: 'Activity' }).click();
      await page.getByRole('button', { name: 'Replay all failed since…' }).click();
      await page
        .getByText('1 failed delivery since then will be sent again to the current URL and secret')
        .waitFor();
      await page.waitForLoadState('networkidle');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Replay 1 delivery' }).click();
      await page
        .getByText('Queued 1 replay: they appear at the top of Recent deliveries.')
        .waitFor();
      await waitUntil('the replay delivered', () => receiver.received.length === 3, {
        timeoutMs: 90_000,
        intervalMs: 200,
      });
      await waitUntil(
        'the replay in the activity',
        async () => {
          const { json } = await api('GET', `/api/settings/webhooks/${id}/activity`);
          const rows = json.deliveries as Array<{ status: string; replayOf: string | null }>;
          return rows.length === 2 && rows[0]!.replayOf !== null && rows[0]!.status === 'succeeded';
        },
        { timeoutMs: 60_000, intervalMs: 300 },
      );
      const count = await api(
        'GET',
        `/api/settings/webhooks/${id}/activity/replay-failed?since=2000-01-01T00:00:00Z`,
      );
      expect(count.json.failed).toBe(0);
    } finally {
      await api('DELETE', `/api/settings/webhooks/${id}`);
      await receiver.close();
    }
  });
});
