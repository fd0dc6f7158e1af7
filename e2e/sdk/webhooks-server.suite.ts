import type * as GatehouseSdk from '@gatehouse/sdk';
import {
  NodeProcess,
  type ShapeTarget,
  startNodeProcess,
  staysTrueFor,
  waitUntil,
} from '@gatehouse/testing';
import { createRequire } from 'node:module';
import { type BuiltSdk, placeFixture } from './support/built-sdk';
import { repoPushEvent, type RepoPushEvent } from './support/repo-push-event';
import { waitForOutput } from './support/wait-for-output';

// Each shape delivers a real event, through a webhook created with the management client, to a
// WebhooksServer started by a user's script (e2e/sdk/fixtures).

// The demo seed (libs/persistence/seed/demo.yaml): Alice's personal token, role write.
const ALICE_TOKEN = 'hf_demoAliceWriteToken000000000000000';
const SECRET = 'sdk-e2e-shared-secret';
const WATCHED_REPO = { name: 'alice/sdk-e2e-model', id: '65f0000000000000000e2e01' };
const OTHER_REPO = { name: 'alice/unwatched-model', id: '65f0000000000000000e2e02' };
const PROBE_REPO = { name: 'alice/sdk-e2e-probe', id: '65f0000000000000000e2e03' };
const HEAD_SHA = 'c379e821c9c95d613899e8c4343e4bfee2b0c600';

/** A line the fixture prints per delivery a handler saw. */
interface ReceivedDelivery {
  msg: 'received';
  route: 'acknowledge' | 'audit-log';
  webhookId: string | null;
  body: string;
}

interface ActivityDelivery {
  id: string;
  eventId: string;
  status: string;
  statusCode: number | null;
  attemptLog: Array<Record<string, unknown>>;
  [key: string]: unknown;
}

interface Activity {
  webhookId: string;
  deliveries: ActivityDelivery[];
  [key: string]: unknown;
}

/** `built`: the SDK compiled into a scratch project once for the file, shared by the shapes. */
export function webhooksServerSuite(target: () => ShapeTarget, built: () => BuiltSdk): void {
  describe('a WebhooksServer script receiving deliveries', () => {
    let sdk: typeof GatehouseSdk;
    let gatehouse: ShapeTarget;
    let receiver: NodeProcess;
    let base: string;
    let receiverUrl: string;

    const received = (route: ReceivedDelivery['route']) =>
      receiver.logs.filter(
        (entry): entry is ReceivedDelivery & Record<string, unknown> =>
          entry.msg === 'received' && entry.route === route,
      );

    /** A payload v3 exactly as the delivery worker builds it for `webhookId` (keys in the docs' order). */
    const expectedPayload = (event: RepoPushEvent, webhookId: string) => ({
      event: { action: 'update', scope: 'repo.content' },
      repo: {
        type: 'model',
        name: event.repo.name,
        id: event.repo.id,
        private: false,
        url: { web: `${base}/${event.repo.name}`, api: `${base}/api/models/${event.repo.name}` },
        headSha: event.repo.headSha,
        owner: { id: event.repo.owner.id },
      },
      webhook: { id: webhookId, version: 3 },
      updatedRefs: event.updatedRefs,
    });

    async function publish(...events: RepoPushEvent[]): Promise<void> {
      const response = await gatehouse.publishEvents(events);
      expect({ status: response.status, body: await response.json() }).toEqual({
        status: 202,
        body: { ids: events.map((event) => event.id) },
      });
    }

    async function activity(webhookId: string): Promise<Activity> {
      const response = await fetch(`${base}/api/settings/webhooks/${webhookId}/activity`, {
        headers: { authorization: `Bearer ${ALICE_TOKEN}` },
      });
      expect(response.status).toBe(200);
      return (await response.json()) as Activity;
    }

    /**
     * Waits until the delivery worker matches events against the webhooks created so far. It learns
     * of a new webhook asynchronously (outbox relay, then the webhook-changed consumer reloads the
     * row), and an event published before that is matched against the old subscriptions and
     * dropped: measured on the all-in-one, an event sent within ~50 ms of the create call never
     * reaches the new webhook (reported). So a probe webhook, created after the one under test and
     * pointing at the other route, is sent probe events until one arrives: the worker has then
     * applied both creations (the changes are relayed in outbox order and every partition is
     * consumed at once).
     */
    async function untilWorkerKnowsNewWebhooks(
      client: GatehouseSdk.GatehouseClient,
    ): Promise<void> {
      const probe = await client.createWebhook({
        url: `${receiverUrl}/webhooks/audit-log`,
        watched: [`model:${PROBE_REPO.name}`],
        secret: SECRET,
      });
      // One more probe event each round, until one reaches the handler.
      let attempt = 0;
      await waitUntil(
        'the delivery worker to pick up a new webhook',
        async () => {
          if (received('audit-log').length > 0) return true;
          attempt += 1;
          await publish(repoPushEvent(`evt_sdk_e2e_probe_${attempt}`, PROBE_REPO, HEAD_SHA));
          return false;
        },
        { intervalMs: 500 },
      );
      // The handler returning nothing answered an empty 200: recorded as a success without a response.
      const probed = await waitUntil('the probe delivery to succeed', async () => {
        const current = await activity(probe.id);
        return current.deliveries.find((delivery) => delivery.status === 'succeeded');
      });
      expect(probed).toMatchObject({
        statusCode: 200,
        attemptLog: [expect.objectContaining({ statusCode: 200, error: null, response: null })],
      });
      await client.deleteWebhook(probe.id);
    }

    /** The activity once the delivery of `eventId` has succeeded. */
    const succeeded = (webhookId: string, eventId: string) =>
      waitUntil(`the delivery of ${eventId} to succeed`, async () => {
        const current = await activity(webhookId);
        return current.deliveries.some(
          (delivery) => delivery.eventId === eventId && delivery.status === 'succeeded',
        )
          ? current
          : undefined;
      });

    beforeAll(async () => {
      sdk = createRequire(__filename)(built().packageDir) as typeof GatehouseSdk;
      gatehouse = target();
      // The public URL too: the links in payloads start with it.
      base = gatehouse.url;

      // Only what a user would set: the secret, a free port, and the Gatehouse to link to.
      receiver = startNodeProcess(await placeFixture(built(), 'webhooks-receiver.mjs'), {
        cwd: built().projectDir,
        env: {
          PORT: '0',
          WEBHOOK_SECRET: SECRET,
          GATEHOUSE_ENDPOINT: base,
          SPACE_ID: undefined,
          SPACE_HOST: undefined,
          GATEHOUSE_TUNNEL_HOST: undefined,
        },
      });
      [, receiverUrl] = (await waitForOutput(
        receiver,
        /Webhooks server running at (http:\/\/127\.0\.0\.1:\d+) /,
      )) as [string, string];
      await waitForOutput(receiver, /Register one with/);
    });

    afterAll(async () => {
      await receiver?.stop();
    });

    it('started by itself and printed both routes', () => {
      expect(receiver.output()).toContain(
        `  - POST ${receiverUrl}/webhooks/acknowledge\n  - POST ${receiverUrl}/webhooks/audit-log\n`,
      );
      expect(receiver.output()).toContain(
        `Register one with: gatehouse webhooks create --url ${receiverUrl}/webhooks/acknowledge --watch model:<name> --secret "$WEBHOOK_SECRET"\n`,
      );
      expect(receiver.output().match(/Webhooks server running at/g)).toHaveLength(1);
    });

    it('lists both registered routes on its landing page, with the Gatehouse settings page', async () => {
      const page = await fetch(`${receiverUrl}/`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await page.text();
      expect(html).toContain(
        `<li><code>POST ${receiverUrl}/webhooks/acknowledge</code></li>\n<li><code>POST ${receiverUrl}/webhooks/audit-log</code></li>`,
      );
      expect(html).toContain(`<a href="${base}/settings/webhooks">`);
    });

    it('answers 401 without the secret and 403 with a wrong one, and never calls the handler', async () => {
      const body = JSON.stringify(
        expectedPayload(
          repoPushEvent('evt_direct', WATCHED_REPO, HEAD_SHA),
          '65f0000000000000000000ff',
        ),
      );
      const post = (route: string, headers: Record<string, string>) =>
        fetch(`${receiverUrl}/webhooks/${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
        });
      for (const route of ['acknowledge', 'audit-log']) {
        const missing = await post(route, {});
        expect({ status: missing.status, body: await missing.json() }).toEqual({
          status: 401,
          body: { error: 'x-webhook-secret header not set.' },
        });
        const wrong = await post(route, { 'x-webhook-secret': `${SECRET}-wrong` });
        expect({ status: wrong.status, body: await wrong.json() }).toEqual({
          status: 403,
          body: { error: 'Invalid webhook secret.' },
        });
      }
      expect([...received('acknowledge'), ...received('audit-log')]).toEqual([]);
    });

    let webhook: GatehouseSdk.WebhookInfo;
    let firstEvent: RepoPushEvent;

    it('delivers a repo change event through a webhook created with GatehouseClient: exact payload v3, return value recorded', async () => {
      const client = new sdk.GatehouseClient({ endpoint: base, token: ALICE_TOKEN, env: {} });
      const target = `${receiverUrl}/webhooks/acknowledge`;
      webhook = await client.createWebhook({
        url: target,
        watched: [`model:${WATCHED_REPO.name}`],
        domains: ['repo'],
        secret: SECRET,
      });
      expect(webhook).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        url: target,
        job: null,
        jobToken: 'none',
        watched: [{ type: 'model', name: WATCHED_REPO.name }],
        domains: ['repo'],
        secret: SECRET,
        disabled: false,
      });
      await untilWorkerKnowsNewWebhooks(client);

      firstEvent = repoPushEvent('evt_sdk_e2e_push_1', WATCHED_REPO, HEAD_SHA);
      await publish(firstEvent);
      const [delivered, ...more] = await waitUntil(
        'the handler to receive the delivery',
        async () => (received('acknowledge').length > 0 ? received('acknowledge') : undefined),
      );
      expect(more).toEqual([]);
      const payload = expectedPayload(firstEvent, webhook.id);
      expect(delivered).toEqual({
        msg: 'received',
        route: 'acknowledge',
        webhookId: expect.any(String),
        body: JSON.stringify(payload),
      });

      const recorded = await succeeded(webhook.id, firstEvent.id);
      expect(recorded).toMatchObject({
        webhookId: webhook.id,
        disabled: false,
        disabledReason: null,
      });
      expect(recorded.deliveries).toEqual([
        {
          id: delivered!.webhookId,
          eventId: firstEvent.id,
          event: { action: 'update', scope: 'repo.content' },
          repo: WATCHED_REPO.name,
          createdAt: expect.any(String),
          status: 'succeeded',
          statusCode: 200,
          error: null,
          attempts: 1,
          durationMs: expect.any(Number),
          nextAttemptAt: null,
          replayOf: null,
          payload,
          attemptLog: [
            {
              attempt: 1,
              startedAt: expect.any(String),
              durationMs: expect.any(Number),
              statusCode: 200,
              error: null,
              // The handler's return value, as the receiver answered it.
              response: JSON.stringify({
                acknowledged: WATCHED_REPO.name,
                scope: 'repo.content',
                deliveryId: delivered!.webhookId,
              }),
            },
          ],
        },
      ]);
    });

    it('never delivers an event of a repository the webhook does not watch', async () => {
      const unwatched = repoPushEvent('evt_sdk_e2e_other_1', OTHER_REPO, HEAD_SHA);
      const watchedAgain = repoPushEvent('evt_sdk_e2e_push_2', WATCHED_REPO, HEAD_SHA);
      await publish(unwatched, watchedAgain);
      // The watched event published with it arrives; the other must not, within a grace period.
      const recorded = await succeeded(webhook.id, watchedAgain.id);
      await staysTrueFor(
        'no delivery of the unwatched repository',
        () => !received('audit-log').some((delivery) => delivery.body.includes(OTHER_REPO.name)),
        1_500,
      );

      expect(
        received('acknowledge').map(
          (delivery) => (JSON.parse(delivery.body) as { repo: { name: string } }).repo.name,
        ),
      ).toEqual([WATCHED_REPO.name, WATCHED_REPO.name]);
      expect(
        received('audit-log').some((delivery) => delivery.body.includes(OTHER_REPO.name)),
      ).toBe(false);
      expect(recorded.deliveries.map((delivery) => delivery.eventId)).toEqual([
        watchedAgain.id,
        firstEvent.id,
      ]);
      expect((await activity(webhook.id)).deliveries.map((delivery) => delivery.eventId)).toEqual([
        watchedAgain.id,
        firstEvent.id,
      ]);
    });
  });
}
