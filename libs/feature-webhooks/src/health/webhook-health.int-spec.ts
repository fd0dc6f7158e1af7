import { TOKENS } from '../testing/fixtures';
import { call, startWebhooksTestApp, type WebhooksTestApp } from '../testing/webhooks-test-app';

const BASE = '/api/settings/webhooks';
const FAILING_SINCE = '2026-03-01T10:00:00.000Z';

function aHook(url: string) {
  return {
    url,
    watched: [{ type: 'user', name: 'alice' }],
    domains: ['repo'],
  };
}

describe('webhook health: GET …/{id}/health and GET …/notices', () => {
  let server: WebhooksTestApp;
  let failing: string;
  let disabled: string;
  let healthy: string;

  async function create(url: string, token = TOKENS.aliceWrite): Promise<string> {
    const created = await call(server.baseUrl, 'POST', BASE, {
      token,
      body: JSON.stringify(aHook(url)),
    });
    expect(created.status).toBe(201);
    return created.json.webhook.id;
  }

  async function storeHealth(id: string, state: string, lastError: string): Promise<void> {
    await server.dataSource.query(
      `INSERT INTO webhook_health (webhook_id, state, failing_since, last_error, changed_at)
         VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (webhook_id) DO UPDATE SET state = $2, failing_since = $3, last_error = $4`,
      [id, state, FAILING_SINCE, lastError],
    );
  }

  beforeAll(async () => {
    server = await startWebhooksTestApp();
    failing = await create('https://webhook.site/failing');
    disabled = await create('https://webhook.site/disabled');
    healthy = await create('https://webhook.site/healthy');
    await storeHealth(failing, 'failing', 'the receiver answered HTTP 500');
    const off = await call(server.baseUrl, 'POST', `${BASE}/${disabled}/disable`, {
      token: TOKENS.aliceWrite,
    });
    expect(off.status).toBe(200);
    await storeHealth(
      disabled,
      'disabled',
      'Disabled automatically: the receiver answered 410 Gone',
    );
  });

  afterAll(async () => {
    await server?.close();
  });

  it('says how a webhook is doing: since when it fails and its last error', async () => {
    const answer = await call(server.baseUrl, 'GET', `${BASE}/${failing}/health`, {
      token: TOKENS.aliceWrite,
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      health: {
        webhookId: failing,
        target: 'https://webhook.site/failing',
        state: 'failing',
        failingSince: FAILING_SINCE,
        lastError: 'the receiver answered HTTP 500',
        disabled: false,
      },
    });
    const fine = await call(server.baseUrl, 'GET', `${BASE}/${healthy}/health`, {
      token: TOKENS.aliceWrite,
    });
    expect(fine.json.health).toMatchObject({ state: 'healthy', failingSince: null });
  });

  it("lists the owner's failing and disabled webhooks for the settings home, longest failing first", async () => {
    const answer = await call(server.baseUrl, 'GET', `${BASE}/notices`, {
      token: TOKENS.aliceWrite,
    });
    expect(answer.status).toBe(200);
    expect(
      answer.json.notices.map((notice: { webhookId: string; state: string }) => [
        notice.webhookId,
        notice.state,
      ]),
    ).toEqual(
      [
        [failing, 'failing'],
        [disabled, 'disabled'],
      ].sort(([a], [b]) => a!.localeCompare(b!)),
    );
  });

  it("never shows another user's webhook health (cross-tenant): 404 and an empty list", async () => {
    const bobs = await call(server.baseUrl, 'GET', `${BASE}/${failing}/health`, {
      token: TOKENS.bobWrite,
    });
    expect(bobs.status).toBe(404);
    const notices = await call(server.baseUrl, 'GET', `${BASE}/notices`, {
      token: TOKENS.bobWrite,
    });
    expect(notices.json).toEqual({ notices: [] });
  });

  it('ends the notice when the owner enables the webhook again', async () => {
    const on = await call(server.baseUrl, 'POST', `${BASE}/${disabled}/enable`, {
      token: TOKENS.aliceWrite,
    });
    expect(on.status).toBe(200);
    const answer = await call(server.baseUrl, 'GET', `${BASE}/${disabled}/health`, {
      token: TOKENS.aliceWrite,
    });
    expect(answer.json.health).toMatchObject({ state: 'healthy', disabled: false });
    const rows = await server.dataSource.query(
      'SELECT 1 FROM webhook_health WHERE webhook_id = $1',
      [disabled],
    );
    expect(rows).toEqual([]);
  });
});
