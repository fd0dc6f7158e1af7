import { WebhooksServer, type LaunchedWebhooksServer, type WebhookPayload } from '@gatehouse/sdk';
import { type ShapeTarget, waitUntil } from '@gatehouse/testing';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

// The demo seed's write token of alice and her Job (libs/persistence/seed/demo.yaml).
const ALICE_TOKEN = 'hf_demoAliceWriteToken000000000000000';
const ALICE_JOB_ID = '66a1f0c0d0e0f0a0b0c0d0e1';
const SECRET = 'e2e-delivery-secret';
const run = promisify(execFile);

interface Received {
  payload: WebhookPayload;
  webhookId: string;
}

/**
 * The delivery path on each shape, with the project's own clients only: a webhook created with
 * `gatehouse webhooks create`, an event published with `gatehouse events publish` (to the
 * address serving /internal/*), received by the SDK's WebhooksServer (which checks
 * X-Webhook-Secret and the Standard Webhooks signature), then read back in the activity view.
 */
export function webhookDeliverySuite(target: () => ShapeTarget): void {
  describe('webhook delivery (CLI, ingestion route, SDK receiver)', () => {
    let gatehouse: ShapeTarget;
    let base: string;
    let eventsDir: string;
    let receiver: LaunchedWebhooksServer;
    const received: Received[] = [];
    let webhookId: string;

    const cli = async (...args: string[]) =>
      (
        await run(process.execPath, ['dist/apps/cli/src/main.js', ...args], {
          env: { ...process.env, GATEHOUSE_TOKEN: '', HF_TOKEN: '' },
        })
      ).stdout;

    /** Publishes a change of one of acme's models with `gatehouse events publish`; the event ids it printed. */
    async function publishWithCli(
      fileName: string,
      repo: { name: string; id: string },
      updatedRefs: unknown[] = [],
    ): Promise<string[]> {
      const file = join(eventsDir, fileName);
      writeFileSync(
        file,
        JSON.stringify({
          event: { action: 'update', scope: 'repo.content' },
          repo: {
            type: 'model',
            ...repo,
            private: false,
            owner: { id: '66e000000000000000000002', name: 'acme' },
          },
          updatedRefs,
        }),
      );
      const printed = await cli(
        'events',
        'publish',
        file,
        '--endpoint',
        gatehouse.internalUrl,
        '--internal-token',
        gatehouse.internalToken,
      );
      return printed.trim().split('\n');
    }

    beforeAll(async () => {
      eventsDir = mkdtempSync(join(tmpdir(), 'gatehouse-delivery-e2e-'));
      gatehouse = target();
      base = gatehouse.url;
      const server = new WebhooksServer({
        webhookSecret: SECRET,
        autoStart: false,
        env: {},
        logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
      });
      server.add('repo_updates', (payload, request) => {
        received.push({ payload, webhookId: String(request.headers['webhook-id']) });
        return { ok: true };
      });
      receiver = await server.launch({ port: 0, host: '127.0.0.1' });
    });

    afterAll(async () => {
      await receiver?.close();
      if (eventsDir) rmSync(eventsDir, { recursive: true, force: true });
    });

    it('creates a webhook with the CLI', async () => {
      const output = await cli(
        'webhooks',
        'create',
        '--url',
        `${receiver.url}/webhooks/repo_updates`,
        '--watch',
        'model:acme/e2e-model',
        '--secret',
        SECRET,
        '--format',
        'json',
        '--endpoint',
        base,
        '--token',
        ALICE_TOKEN,
      );
      const webhook = JSON.parse(output) as { id: string; disabled: boolean };
      expect(webhook.disabled).toBe(false);
      webhookId = webhook.id;
    });

    it('delivers an event published with gatehouse events publish to the SDK receiver', async () => {
      const ids = await publishWithCli(
        'event.json',
        { name: 'acme/e2e-model', id: '66e000000000000000000001' },
        [
          {
            ref: 'refs/heads/main',
            oldSha: null,
            newSha: 'c379e821c9c95d613899e8c4343e4bfee2b0c600',
          },
        ],
      );
      expect(ids).toEqual([expect.stringMatching(/^evt_[0-9a-f]{24}$/)]);

      await waitUntil('the delivery', () => received.length === 1, {
        detail: () => `\n${gatehouse.output()}`,
      });
      expect(received[0]!.payload).toMatchObject({
        event: { action: 'update', scope: 'repo.content' },
        repo: {
          type: 'model',
          name: 'acme/e2e-model',
          id: '66e000000000000000000001',
          private: false,
          owner: { id: '66e000000000000000000002' },
        },
        webhook: { id: webhookId, version: 3 },
        updatedRefs: [
          {
            ref: 'refs/heads/main',
            oldSha: null,
            newSha: 'c379e821c9c95d613899e8c4343e4bfee2b0c600',
          },
        ],
      });
    });

    it('shows the delivery, with its attempt, in the activity view', async () => {
      let deliveries: Array<Record<string, unknown>> = [];
      // The receiver answers before the worker records the answer: wait for the record.
      await waitUntil(
        'the attempt recorded',
        async () => {
          const response = await fetch(`${base}/api/settings/webhooks/${webhookId}/activity`, {
            headers: { authorization: `Bearer ${ALICE_TOKEN}` },
          });
          expect(response.status).toBe(200);
          deliveries = ((await response.json()) as { deliveries: typeof deliveries }).deliveries;
          return deliveries[0]?.status !== 'pending';
        },
        { intervalMs: 100, detail: () => JSON.stringify(deliveries) },
      );
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0]).toMatchObject({
        id: received[0]!.webhookId,
        event: { action: 'update', scope: 'repo.content' },
        repo: 'acme/e2e-model',
        status: 'succeeded',
        statusCode: 200,
        error: null,
        attempts: 1,
      });
    });

    describe('Job webhooks', () => {
      const api = (path: string, body: unknown) =>
        fetch(`${base}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${ALICE_TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });

      it.each([
        ['LD_PRELOAD', '/tmp/evil.so'],
        ['BASH_ENV', '/tmp/evil.sh'],
        ['PYTHONWARNINGS', 'ignore::antigravity.x'],
      ])('refuses a secret named %s', async (name, value) => {
        const response = await api('/api/settings/webhooks', {
          watched: [{ type: 'model', name: 'acme/e2e-job' }],
          jobSourceId: ALICE_JOB_ID,
          secrets: { HF_TOKEN: 'hf_x', [name]: value },
        });
        expect(response.status).toBe(400);
        const message = `secrets.${name}: ${name} changes how programs load or run and cannot be a secret`;
        expect(await response.json()).toEqual({ error: message });
        expect(response.headers.get('x-error-message')).toBe(message);
      });

      it('starts no Job by default: the delivery fails, saying Jobs are disabled', async () => {
        const created = await api('/api/settings/webhooks', {
          watched: [{ type: 'model', name: 'acme/e2e-job' }],
          jobSourceId: ALICE_JOB_ID,
          secrets: { HF_TOKEN: 'hf_x' },
        });
        expect(created.status).toBe(201);
        const jobWebhookId = ((await created.json()) as { webhook: { id: string } }).webhook.id;
        await publishWithCli('job-event.json', {
          name: 'acme/e2e-job',
          id: '66e000000000000000000003',
        });
        let deliveries: Array<Record<string, unknown>> = [];
        const activity = async () => {
          const response = await fetch(`${base}/api/settings/webhooks/${jobWebhookId}/activity`, {
            headers: { authorization: `Bearer ${ALICE_TOKEN}` },
          });
          deliveries = ((await response.json()) as { deliveries: Array<Record<string, unknown>> })
            .deliveries;
          return deliveries[0]?.status === 'failed';
        };
        await waitUntil('the Job delivery to fail', activity, {
          intervalMs: 200,
          detail: () => `${JSON.stringify(deliveries)}\n${gatehouse.output()}`,
        });
        expect(deliveries).toEqual([
          expect.objectContaining({
            status: 'failed',
            attempts: 1,
            error: 'Job webhooks are disabled on this server (GATEHOUSE_JOB_LAUNCHER=disabled)',
          }),
        ]);
      });
    });

    describe('secret rotation with an overlap', () => {
      const OLD = 'e2e-rotation-old-secret';
      const NEW = 'e2e-rotation-new-secret';
      /** Long enough for two deliveries on a loaded machine, short enough to wait out. */
      const OVERLAP_SECONDS = 40;
      const seen: Array<{ holder: 'old' | 'new'; secretHeader: string; signatures: number }> = [];
      const receivers: LaunchedWebhooksServer[] = [];
      let rotatedId: string;
      let overlapEnd: number;

      const api = async (path: string, body: unknown) => {
        const response = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${ALICE_TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: response.status, json: (await response.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- read as the API answers
      };

      async function receiver(holder: 'old' | 'new', secret: string): Promise<string> {
        const server = new WebhooksServer({
          webhookSecret: secret,
          autoStart: false,
          env: {},
          logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
        });
        server.add('rotation', (_payload, request) => {
          seen.push({
            holder,
            secretHeader: String(request.headers['x-webhook-secret']),
            signatures: String(request.headers['webhook-signature']).split(' ').length,
          });
          return { ok: true };
        });
        const launched = await server.launch({ port: 0, host: '127.0.0.1' });
        receivers.push(launched);
        return `${launched.url}/webhooks/rotation`;
      }

      async function publishAndReceive(count: number): Promise<void> {
        await publishWithCli(`rotation-${count}.json`, {
          name: 'acme/e2e-rotation',
          id: '66e000000000000000000004',
        });
        await waitUntil(`delivery ${count} of the rotated webhook`, () => seen.length === count, {
          detail: () => `${JSON.stringify(seen)}\n${gatehouse.output()}`,
        });
      }

      afterAll(async () => {
        await Promise.all(receivers.map((launched) => launched.close()));
      });

      it('reaches a receiver still holding the old secret during the overlap', async () => {
        const created = await api('/api/settings/webhooks', {
          watched: [{ type: 'model', name: 'acme/e2e-rotation' }],
          url: await receiver('old', OLD),
          secret: OLD,
        });
        expect(created.status).toBe(201);
        rotatedId = created.json.webhook.id;
        const rotated = await api(`/api/settings/webhooks/${rotatedId}/rotate-secret`, {
          secret: NEW,
          overlapSeconds: OVERLAP_SECONDS,
        });
        expect(rotated.status).toBe(200);
        expect(rotated.json.webhook.secret).toBe(NEW);
        overlapEnd = Date.parse(rotated.json.previousSecretUntil);

        await publishAndReceive(1);
        expect(seen[0]).toEqual({ holder: 'old', secretHeader: OLD, signatures: 2 });
      });

      it('reaches a receiver already holding the new secret during the overlap, by its signature', async () => {
        const moved = await api(`/api/settings/webhooks/${rotatedId}`, {
          url: await receiver('new', NEW),
        });
        expect(moved.status).toBe(200);
        await publishAndReceive(2);
        expect(Date.now()).toBeLessThan(overlapEnd);
        expect(seen[1]).toEqual({ holder: 'new', secretHeader: OLD, signatures: 2 });
      });

      it('sends the new secret alone once the overlap is over', async () => {
        await waitUntil('the end of the overlap', () => Date.now() > overlapEnd, {
          timeoutMs: OVERLAP_SECONDS * 1000,
          intervalMs: 250,
        });
        await publishAndReceive(3);
        expect(seen[2]).toEqual({ holder: 'new', secretHeader: NEW, signatures: 1 });
      });
    });
  });
}
