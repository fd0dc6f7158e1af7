import { ALICE_JOB_ID, SOURCE_JOB_SECRET } from '../testing/fixtures';
import {
  JOB_SPEC_KEYS,
  parseLikePythonClient,
  PYTHON_HEADERS,
  PYTHON_TOKEN,
  pythonJsonHeaders,
} from '../testing/python-client';
import { call, startWebhooksTestApp, type WebhooksTestApp } from '../testing/webhooks-test-app';

const OBJECT_ID = /^[0-9a-f]{24}$/;

/**
 * Each request huggingface_hub's webhook methods send, byte for byte, and every key its parser
 * reads from the answers (docs/hf-clients.md "Webhook management API").
 */
describe('webhook management as the Python client uses it', () => {
  let server: WebhooksTestApp;
  const send = (method: string, path: string, body?: string) =>
    call(server.baseUrl, method, path, {
      token: PYTHON_TOKEN,
      body,
      headers: body === undefined ? { ...PYTHON_HEADERS } : pythonJsonHeaders(),
    });

  beforeAll(async () => {
    server = await startWebhooksTestApp();
  });

  afterAll(async () => {
    await server?.close();
  });

  let urlWebhookId: string;
  let jobWebhookId: string;
  let plainWebhookId: string;

  it('create_webhook(url=..., watched=[...], domains=[...], secret=...) as sent by requests', async () => {
    const body =
      '{"watched": [{"type": "user", "name": "alice"}, {"type": "model", "name": "openai-community/gpt2"}], ' +
      '"domains": ["repo", "discussion"], "secret": "my-secret", "url": "https://webhook.site/a1b2c3"}';
    const response = await send('POST', '/api/settings/webhooks', body);
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const webhook = parseLikePythonClient(response.json.webhook);
    expect(webhook).toEqual({
      id: expect.stringMatching(OBJECT_ID),
      url: 'https://webhook.site/a1b2c3',
      job: null,
      watched: [
        { type: 'user', name: 'alice' },
        { type: 'model', name: 'openai-community/gpt2' },
      ],
      domains: ['repo', 'discussion'],
      secret: 'my-secret',
      disabled: false,
    });
    urlWebhookId = webhook.id;
  });

  it('create_webhook with unset options (null domains and secret) as sent by httpx', async () => {
    const body =
      '{"watched":[{"type":"dataset","name":"acme/corpus"}],"domains":null,"secret":null,"url":"https://hooks.example.com/in"}';
    const response = await send('POST', '/api/settings/webhooks', body);
    expect(response.status).toBe(201);
    const webhook = parseLikePythonClient(response.json.webhook);
    expect(webhook).toMatchObject({
      url: 'https://hooks.example.com/in',
      domains: ['repo', 'discussion'],
      secret: null,
      disabled: false,
    });
    plainWebhookId = webhook.id;
  });

  it('create_webhook(job_id=...) sends jobSourceId; the answer carries the Job spec, not its secrets', async () => {
    const body = `{"watched": [{"type": "org", "name": "HuggingFaceH4"}], "domains": ["repo"], "secret": null, "jobSourceId": "${ALICE_JOB_ID}"}`;
    const response = await send('POST', '/api/settings/webhooks', body);
    expect(response.status).toBe(201);
    expect(response.text).not.toContain(SOURCE_JOB_SECRET);
    const webhook = parseLikePythonClient(response.json.webhook);
    expect(webhook.url).toBeNull();
    expect(webhook.job).toEqual({
      dockerImage: 'python:3.12-slim',
      command: ['python', '-c', "import os; print(os.environ['WEBHOOK_PAYLOAD'])"],
      arguments: [],
      environment: { LOG_LEVEL: 'info' },
      secrets: [],
      flavor: 'cpu-basic',
      timeout: 600,
      tags: [],
      arch: null,
      labels: {},
    });
    for (const key of Object.keys(webhook.job!)) expect(JOB_SPEC_KEYS).toContain(key);
    jobWebhookId = webhook.id;
  });

  it('list_webhooks gets a bare array in which every item parses', async () => {
    const response = await send('GET', '/api/settings/webhooks');
    expect(response.status).toBe(200);
    expect(Array.isArray(response.json)).toBe(true);
    const webhooks = (response.json as Array<Record<string, unknown>>).map(parseLikePythonClient);
    expect(webhooks.map((webhook) => webhook.id)).toEqual([
      urlWebhookId,
      plainWebhookId,
      jobWebhookId,
    ]);
  });

  it('get_webhook answers {"webhook": {...}}', async () => {
    const response = await send('GET', `/api/settings/webhooks/${urlWebhookId}`);
    expect(response.status).toBe(200);
    expect(parseLikePythonClient(response.json.webhook)).toMatchObject({
      id: urlWebhookId,
      url: 'https://webhook.site/a1b2c3',
      secret: 'my-secret',
    });
  });

  it('update_webhook without options sends {"watched": [], ...nulls} and changes nothing', async () => {
    const body = '{"watched": [], "url": null, "domains": null, "secret": null}';
    const response = await send('POST', `/api/settings/webhooks/${urlWebhookId}`, body);
    expect(response.status).toBe(200);
    expect(parseLikePythonClient(response.json.webhook)).toEqual({
      id: urlWebhookId,
      url: 'https://webhook.site/a1b2c3',
      job: null,
      watched: [
        { type: 'user', name: 'alice' },
        { type: 'model', name: 'openai-community/gpt2' },
      ],
      domains: ['repo', 'discussion'],
      secret: 'my-secret',
      disabled: false,
    });
  });

  it('update_webhook with options (the CLI sends "discussions") changes only those', async () => {
    const body =
      '{"watched":[{"type":"space","name":"acme/demo"}],"url":"https://hooks.example.com/moved","domains":["discussions"],"secret":null}';
    const response = await send('POST', `/api/settings/webhooks/${urlWebhookId}`, body);
    expect(response.status).toBe(200);
    expect(parseLikePythonClient(response.json.webhook)).toMatchObject({
      url: 'https://hooks.example.com/moved',
      watched: [{ type: 'space', name: 'acme/demo' }],
      domains: ['discussion'],
      secret: 'my-secret',
    });
  });

  it('disable_webhook and enable_webhook (POST without a body) answer the webhook in its new state', async () => {
    const disabled = await send('POST', `/api/settings/webhooks/${urlWebhookId}/disable`);
    expect(disabled.status).toBe(200);
    expect(parseLikePythonClient(disabled.json.webhook)).toMatchObject({
      id: urlWebhookId,
      disabled: true,
    });
    const enabled = await send('POST', `/api/settings/webhooks/${urlWebhookId}/enable`);
    expect(enabled.status).toBe(200);
    expect(parseLikePythonClient(enabled.json.webhook)).toMatchObject({
      id: urlWebhookId,
      disabled: false,
    });
  });

  it('delete_webhook succeeds (2xx); get_webhook afterwards raises (404 with the error shape)', async () => {
    const deleted = await send('DELETE', `/api/settings/webhooks/${urlWebhookId}`);
    expect(deleted.status).toBe(204);
    const gone = await send('GET', `/api/settings/webhooks/${urlWebhookId}`);
    expect(gone.status).toBe(404);
    expect(gone.json).toEqual({ error: 'Webhook not found' });
    expect(gone.headers.get('x-error-message')).toBe('Webhook not found');
    const list = await send('GET', '/api/settings/webhooks');
    expect((list.json as Array<{ id: string }>).map((webhook) => webhook.id)).toEqual([
      plainWebhookId,
      jobWebhookId,
    ]);
  });
});
