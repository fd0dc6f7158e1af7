import { WebhooksServer, type LaunchedWebhooksServer, type WebhookPayload } from '@gatehouse/sdk';
import { type RunningAllInOne, startAllInOne } from '@gatehouse/testing';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

// The demo seed's write token of alice (libs/persistence/seed/demo.yaml).
const ALICE_TOKEN = 'hf_demoAliceWriteToken000000000000000';
const SECRET = 'e2e-delivery-secret';
const run = promisify(execFile);

interface Received {
  payload: WebhookPayload;
  webhookId: string;
}

/**
 * The delivery path in the all-in-one, with the project's own clients only: a webhook created
 * with `gatehouse webhooks create`, an event published with `gatehouse events publish`, received
 * by the SDK's WebhooksServer (which checks X-Webhook-Secret and the Standard Webhooks
 * signature), then read back in the activity view.
 */
describe('webhook delivery in the all-in-one (CLI, ingestion route, SDK receiver)', () => {
  let gatehouse: RunningAllInOne;
  let base: string;
  let receiver: LaunchedWebhooksServer;
  const received: Received[] = [];
  let webhookId: string;

  const cli = async (...args: string[]) => (await run(process.execPath, ['dist/apps/cli/src/main.js', ...args], { env: { ...process.env, GATEHOUSE_TOKEN: '', HF_TOKEN: '' } })).stdout;

  async function until(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${gatehouse.process.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    gatehouse = await startAllInOne({ env: { GATEHOUSE_ALLOW_LOOPBACK_TARGETS: 'true' } });
    base = gatehouse.url;
    const server = new WebhooksServer({ webhookSecret: SECRET, autoStart: false, env: {}, logger: { info: () => undefined, warn: () => undefined, error: () => undefined } });
    server.add('repo_updates', (payload, request) => {
      received.push({ payload, webhookId: String(request.headers['webhook-id']) });
      return { ok: true };
    });
    receiver = await server.launch({ port: 0, host: '127.0.0.1' });
  }, 90_000);

  afterAll(async () => {
    await receiver?.close();
    await gatehouse?.stop();
  });

  it('creates a webhook with the CLI', async () => {
    const output = await cli(
      'webhooks', 'create', '--url', `${receiver.url}/webhooks/repo_updates`, '--watch', 'model:acme/e2e-model', '--secret', SECRET,
      '--format', 'json', '--endpoint', base, '--token', ALICE_TOKEN,
    );
    const webhook = JSON.parse(output) as { id: string; disabled: boolean };
    expect(webhook.disabled).toBe(false);
    webhookId = webhook.id;
  });

  it('delivers an event published with gatehouse events publish to the SDK receiver', async () => {
    const file = join(gatehouse.dataDir, 'event.json');
    writeFileSync(
      file,
      JSON.stringify({
        event: { action: 'update', scope: 'repo.content' },
        repo: { type: 'model', name: 'acme/e2e-model', id: '66e000000000000000000001', private: false, owner: { id: '66e000000000000000000002', name: 'acme' } },
        updatedRefs: [{ ref: 'refs/heads/main', oldSha: null, newSha: 'c379e821c9c95d613899e8c4343e4bfee2b0c600' }],
      }),
    );
    const ids = (await cli('events', 'publish', file, '--endpoint', base, '--internal-token', gatehouse.internalToken())).trim().split('\n');
    expect(ids).toEqual([expect.stringMatching(/^evt_[0-9a-f]{24}$/)]);

    await until(() => received.length === 1, 'the delivery');
    expect(received[0]!.payload).toMatchObject({
      event: { action: 'update', scope: 'repo.content' },
      repo: { type: 'model', name: 'acme/e2e-model', id: '66e000000000000000000001', private: false, owner: { id: '66e000000000000000000002' } },
      webhook: { id: webhookId, version: 3 },
      updatedRefs: [{ ref: 'refs/heads/main', oldSha: null, newSha: 'c379e821c9c95d613899e8c4343e4bfee2b0c600' }],
    });
  });

  it('shows the delivery, with its attempt, in the activity view', async () => {
    const response = await fetch(`${base}/api/settings/webhooks/${webhookId}/activity`, { headers: { authorization: `Bearer ${ALICE_TOKEN}` } });
    expect(response.status).toBe(200);
    const activity = (await response.json()) as { deliveries: Array<Record<string, unknown>> };
    expect(activity.deliveries).toHaveLength(1);
    expect(activity.deliveries[0]).toMatchObject({
      id: received[0]!.webhookId,
      event: { action: 'update', scope: 'repo.content' },
      repo: 'acme/e2e-model',
      status: 'succeeded',
      statusCode: 200,
      error: null,
      attempts: 1,
    });
  });
});
