import { TOKENS } from '../testing/fixtures';
import { call, startWebhooksTestApp, type WebhooksTestApp } from '../testing/webhooks-test-app';

const BASE = '/api/settings/webhooks';

describe('POST /api/settings/webhooks/{id}/test: send a test event', () => {
  let server: WebhooksTestApp;
  let id: string;

  beforeAll(async () => {
    server = await startWebhooksTestApp();
    const created = await call(server.baseUrl, 'POST', BASE, {
      token: TOKENS.aliceWrite,
      body: JSON.stringify({
        url: 'https://webhook.site/test-events',
        watched: [{ type: 'model', name: 'alice/bert' }],
      }),
    });
    expect(created.status).toBe(201);
    id = created.json.webhook.id;
  });

  afterAll(async () => {
    await server?.close();
  });

  const send = (token: string = TOKENS.aliceWrite) =>
    call(server.baseUrl, 'POST', `${BASE}/${id}/test`, { token });

  it('queues a test event for the worker through the outbox and names its delivery', async () => {
    const answer = await send();
    expect(answer.status).toBe(202);
    expect(answer.json).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      webhookId: id,
      status: 'queued',
    });
    const rows: Array<{ topic: string; key: string; value: string }> =
      await server.dataSource.query(
        `SELECT topic, key, value FROM outbox WHERE key = $1 AND value LIKE '%delivery.test_requested%'`,
        [id],
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.topic).toBe('gatehouse.delivery-replay.v1');
    expect(JSON.parse(rows[0]!.value).data).toMatchObject({
      testId: answer.json.id,
      webhookId: id,
    });
  });

  it("refuses another user's webhook (cross-tenant) and a read token", async () => {
    expect((await send(TOKENS.bobWrite)).status).toBe(404);
    expect((await send(TOKENS.aliceRead)).status).toBe(403);
  });

  it('allows 3 a minute per webhook, then answers 429 in words with Retry-After', async () => {
    await send();
    await send();
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.json.error).toMatch(
      /^This webhook was sent 3 test events in the last minute; try again in \d+ seconds$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
