import {
  RecordingHttpServer,
  type RecordedRequest,
  type ScriptedAnswer,
} from '../testing/recording-http-server';
import { GatehouseClient } from './gatehouse-client';
import {
  BadRequestError,
  ForbiddenError,
  GatehouseHttpError,
  NotFoundError,
  RateLimitError,
  UnauthorizedError,
} from './gatehouse-http.error';
import { GatehouseResponseError } from './gatehouse-response.error';

const ID = '654bbbc16f2ec14d77f109cc';
const served = {
  id: ID,
  url: 'https://ci.example.test/hook',
  job: null,
  watched: [{ type: 'model', name: 'acme/sentiment-small' }],
  domains: ['repo', 'discussion'],
  secret: 's3cr3t',
  disabled: false,
  createdAt: '2026-01-15T12:00:00.000Z',
};
const parsed = {
  id: ID,
  url: 'https://ci.example.test/hook',
  job: null,
  watched: [{ type: 'model', name: 'acme/sentiment-small' }],
  domains: ['repo', 'discussion'],
  secret: 's3cr3t',
  disabled: false,
};

function managementApi(request: RecordedRequest): ScriptedAnswer {
  const { method, path } = request;
  if (path === '/api/whoami-v2')
    return { status: 200, body: { type: 'user', id: 'u1', name: 'ada', orgs: [] } };
  if (method === 'GET' && path === '/api/settings/webhooks') return { status: 200, body: [served] };
  if (method === 'DELETE') return { status: 204 };
  if (path.endsWith('/disable'))
    return { status: 200, body: { webhook: { ...served, disabled: true } } };
  return { status: 200, body: { webhook: served } };
}

describe('GatehouseClient', () => {
  let api: RecordingHttpServer;
  let client: GatehouseClient;

  beforeEach(async () => {
    api = await RecordingHttpServer.start(managementApi);
    client = new GatehouseClient({ endpoint: `${api.url}/`, token: 'hf_test_token', env: {} });
  });

  afterEach(() => api.close());

  const sent = () => api.requests.map(({ method, path, body }) => ({ method, path, body }));

  it('creates a URL webhook with the body the Python client sends', async () => {
    const webhook = await client.createWebhook({
      url: 'https://ci.example.test/hook',
      watched: [{ type: 'model', name: 'acme/sentiment-small' }, 'org:acme'],
      domains: ['repo', 'discussion'],
      secret: 's3cr3t',
    });
    expect(webhook).toEqual(parsed);
    expect(sent()).toEqual([
      {
        method: 'POST',
        path: '/api/settings/webhooks',
        body: '{"watched":[{"type":"model","name":"acme/sentiment-small"},{"type":"org","name":"acme"}],"domains":["repo","discussion"],"secret":"s3cr3t","url":"https://ci.example.test/hook"}',
      },
    ]);
    const headers = api.requests[0]?.headers;
    expect(headers?.authorization).toBe('Bearer hf_test_token');
    expect(headers?.['content-type']).toBe('application/json');
    expect(headers?.['user-agent']).toMatch(/^gatehouse-sdk\/0\.1\.0 node\//);
  });

  it('creates a Job webhook with jobSourceId and its secrets', async () => {
    await client.createWebhook({
      jobId: '687f911eaea852de79c4a50a',
      watched: ['user:ada'],
      secrets: { HF_TOKEN: 'hf_job' },
    });
    expect(sent()).toEqual([
      {
        method: 'POST',
        path: '/api/settings/webhooks',
        body: '{"watched":[{"type":"user","name":"ada"}],"jobSourceId":"687f911eaea852de79c4a50a","secrets":{"HF_TOKEN":"hf_job"}}',
      },
    ]);
  });

  it('refuses locally a create with both or neither of url and jobId, and a malformed watched item', async () => {
    await expect(client.createWebhook({ watched: ['model:x'] })).rejects.toThrow(
      'createWebhook needs exactly one of `url` and `jobId`.',
    );
    await expect(
      client.createWebhook({ url: 'https://a.test', jobId: 'j', watched: [] }),
    ).rejects.toThrow(TypeError);
    await expect(
      client.createWebhook({ url: 'https://a.test', watched: ['repo:x'] }),
    ).rejects.toThrow(/<type>:<name>/);
    expect(api.requests).toEqual([]);
  });

  it('updates with a POST that always carries watched, [] when not given', async () => {
    await client.updateWebhook(ID, { url: 'https://ci.example.test/v2', domains: ['discussions'] });
    await client.updateWebhook(ID, { watched: ['dataset:acme/reviews'], secret: 'n3w' });
    await client.updateWebhook(ID, {
      jobId: '687f911eaea852de79c4a50a',
      secrets: { HF_TOKEN: 'rotated', OLD: '' },
    });
    expect(sent()).toEqual([
      {
        method: 'POST',
        path: `/api/settings/webhooks/${ID}`,
        body: '{"watched":[],"url":"https://ci.example.test/v2","domains":["discussions"]}',
      },
      {
        method: 'POST',
        path: `/api/settings/webhooks/${ID}`,
        body: '{"watched":[{"type":"dataset","name":"acme/reviews"}],"secret":"n3w"}',
      },
      {
        method: 'POST',
        path: `/api/settings/webhooks/${ID}`,
        body: '{"watched":[],"jobSourceId":"687f911eaea852de79c4a50a","secrets":{"HF_TOKEN":"rotated","OLD":""}}',
      },
    ]);
  });

  it('refuses locally Job secrets without the job id, and the reverse', async () => {
    await expect(client.updateWebhook(ID, { secrets: { A: 'b' } })).rejects.toThrow(
      'On a Job webhook, `jobId` and `secrets` are passed together.',
    );
    await expect(client.updateWebhook(ID, { jobId: 'j' })).rejects.toThrow(TypeError);
    await expect(client.getWebhook('')).rejects.toThrow('A webhook id is required.');
    expect(api.requests).toEqual([]);
  });

  it('enables and disables with a bodiless POST, deletes with DELETE', async () => {
    expect((await client.enableWebhook(ID)).disabled).toBe(false);
    expect((await client.disableWebhook(ID)).disabled).toBe(true);
    await expect(client.deleteWebhook(ID)).resolves.toBeUndefined();
    expect(sent()).toEqual([
      { method: 'POST', path: `/api/settings/webhooks/${ID}/enable`, body: '' },
      { method: 'POST', path: `/api/settings/webhooks/${ID}/disable`, body: '' },
      { method: 'DELETE', path: `/api/settings/webhooks/${ID}`, body: '' },
    ]);
    expect(api.requests[0]?.headers['content-type']).toBeUndefined();
  });

  it('lists from a bare array, gets one, and asks who the token belongs to', async () => {
    expect(await client.listWebhooks()).toEqual([parsed]);
    expect(await client.getWebhook(ID)).toEqual(parsed);
    expect(await client.whoami()).toEqual({ type: 'user', id: 'u1', name: 'ada', orgs: [] });
    expect(sent()).toEqual([
      { method: 'GET', path: '/api/settings/webhooks', body: '' },
      { method: 'GET', path: `/api/settings/webhooks/${ID}`, body: '' },
      { method: 'GET', path: '/api/whoami-v2', body: '' },
    ]);
  });

  it('encodes the id into the path', async () => {
    await client.getWebhook('../whoami-v2');
    expect(api.requests[0]?.path).toBe('/api/settings/webhooks/..%2Fwhoami-v2');
  });

  const failures: Array<
    [number, typeof GatehouseHttpError, { headers?: Record<string, string>; body: unknown }, string]
  > = [
    [
      400,
      BadRequestError,
      {
        body: { error: 'watched[0].type must be one of model, dataset, space, org, user, bucket' },
      },
      'watched[0].type must be one of model, dataset, space, org, user, bucket',
    ],
    [
      401,
      UnauthorizedError,
      {
        headers: { 'x-error-message': 'Invalid credentials in Authorization header' },
        body: { error: 'Invalid credentials in Authorization header' },
      },
      'Invalid credentials in Authorization header',
    ],
    [
      403,
      ForbiddenError,
      { body: { error: 'insufficient_scope', error_description: 'webhooks scope required' } },
      'insufficient_scope: webhooks scope required',
    ],
    [404, NotFoundError, { body: { error: 'Webhook not found' } }, 'Webhook not found'],
    [
      429,
      RateLimitError,
      { headers: { 'retry-after': '55' }, body: { errors: [{ message: 'Slow down' }] } },
      'Slow down',
    ],
    [502, GatehouseHttpError, { body: 'upstream unavailable' }, 'upstream unavailable'],
  ];

  it.each(failures)(
    'raises %d as %p with the server message and request id',
    async (status, ErrorClass, answer, message) => {
      api.respondWith(() => ({
        status,
        ...answer,
        headers: { 'x-request-id': 'req-7f3a', ...answer.headers },
      }));
      const failure = await client.getWebhook(ID).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ErrorClass);
      expect(failure).toBeInstanceOf(GatehouseHttpError);
      expect(failure).toMatchObject({
        status,
        serverMessage: message,
        requestId: 'req-7f3a',
        method: 'GET',
        url: `${api.url}/api/settings/webhooks/${ID}`,
      });
      expect((failure as Error).message).toBe(
        `${status} for GET ${api.url}/api/settings/webhooks/${ID}: ${message} (Request ID: req-7f3a)`,
      );
      if (status === 429) expect((failure as RateLimitError).retryAfterSeconds).toBe(55);
    },
  );

  it('raises GatehouseResponseError when a webhook lacks a key the clients require', async () => {
    const { disabled: _dropped, ...incomplete } = served;
    api.respondWith(() => ({ status: 200, body: { webhook: incomplete } }));
    await expect(client.getWebhook(ID)).rejects.toThrow(
      new GatehouseResponseError(
        'webhook.disabled: expected a boolean',
        'GET',
        `${api.url}/api/settings/webhooks/${ID}`,
      ),
    );
    api.respondWith(() => ({ status: 200, body: { webhooks: [] } }));
    await expect(client.listWebhooks()).rejects.toThrow(GatehouseResponseError);
  });

  it('takes endpoint and token from the environment: GATEHOUSE_TOKEN first, then HF_TOKEN', async () => {
    await new GatehouseClient({
      env: { GATEHOUSE_ENDPOINT: api.url, GATEHOUSE_TOKEN: 'gh', HF_TOKEN: 'hf' },
    }).whoami();
    await new GatehouseClient({ env: { GATEHOUSE_ENDPOINT: api.url, HF_TOKEN: 'hf' } }).whoami();
    await new GatehouseClient({ env: { GATEHOUSE_ENDPOINT: api.url } }).whoami();
    expect(api.requests.map((r) => r.headers.authorization)).toEqual([
      'Bearer gh',
      'Bearer hf',
      undefined,
    ]);
    expect(() => new GatehouseClient({ env: {} })).toThrow(
      'No Gatehouse endpoint: pass `endpoint` or set GATEHOUSE_ENDPOINT.',
    );
  });
});
