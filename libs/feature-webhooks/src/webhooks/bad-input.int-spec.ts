import { ALICE_JOB_ID, TOKENS } from '../testing/fixtures';
import { call, startWebhooksTestApp, type WebhooksTestApp } from '../testing/webhooks-test-app';

const WATCHED = [{ type: 'model', name: 'acme/bert' }];
const REFUSED_TARGET =
  'url: must not target a private or special-use address or a name that does not resolve';

/** Every refused input: 400 (or the status named) with {"error": ...} and X-Error-Message naming the field. */
describe('bad inputs', () => {
  let server: WebhooksTestApp;
  let urlHook: string;

  const post = (path: string, body: string) =>
    call(server.baseUrl, 'POST', path, { token: TOKENS.aliceWrite, body });

  beforeAll(async () => {
    server = await startWebhooksTestApp({ maxWebhooksPerUser: 2 });
    urlHook = (
      await post(
        '/api/settings/webhooks',
        JSON.stringify({ watched: WATCHED, url: 'https://hooks.example.com/a' }),
      )
    ).json.webhook.id;
  });

  afterAll(async () => {
    await server?.close();
  });

  it.each([
    ['no watched', { url: 'https://hooks.example.com/' }, 'watched: is required'],
    [
      'an empty watched list',
      { watched: [], url: 'https://hooks.example.com/' },
      'watched: must list at least one item',
    ],
    [
      'an unknown watched type',
      { watched: [{ type: 'repo', name: 'x' }], url: 'https://hooks.example.com/' },
      /^watched\[0\]\.type: must be one of model, dataset, space, org, user, bucket/,
    ],
    [
      'a bucket without owner',
      { watched: [{ type: 'bucket', name: 'logs' }], url: 'https://hooks.example.com/' },
      'watched[0].name: a bucket is named "owner/name"',
    ],
    [
      'an unknown domain',
      { watched: WATCHED, url: 'https://hooks.example.com/', domains: ['pulls'] },
      /^domains\[0\]: /,
    ],
    [
      'neither url nor job',
      { watched: WATCHED },
      'url: give a url, or a jobSourceId for a Job webhook',
    ],
    [
      'both url and job',
      {
        watched: WATCHED,
        url: 'https://hooks.example.com/',
        jobSourceId: '66a1f0c0d0e0f0a0b0c0d0e1',
      },
      'url: give either url or jobSourceId, not both',
    ],
    [
      'a plain http url',
      { watched: WATCHED, url: 'http://hooks.example.com/' },
      'url: must use https',
    ],
    ['a loopback url', { watched: WATCHED, url: 'https://localhost/hook' }, REFUSED_TARGET],
    [
      'a private IP literal',
      { watched: WATCHED, url: 'https://192.168.1.10/hook' },
      REFUSED_TARGET,
    ],
    [
      'a name resolving to a private address',
      { watched: WATCHED, url: 'https://intranet.example.com/hook' },
      REFUSED_TARGET,
    ],
    [
      'a name that does not resolve',
      { watched: WATCHED, url: 'https://nowhere.example.com/hook' },
      REFUSED_TARGET,
    ],
    [
      'a malformed Job id',
      { watched: WATCHED, jobSourceId: 'job-1' },
      'jobSourceId: must be a Job id (24 hexadecimal characters)',
    ],
    [
      'a non-ASCII secret',
      { watched: WATCHED, url: 'https://hooks.example.com/', secret: 'sécret' },
      /^secret: must be printable ASCII/,
    ],
    [
      'secrets on a URL webhook',
      { watched: WATCHED, url: 'https://hooks.example.com/', secrets: { A: 'b' } },
      'secrets: only Job webhooks take secrets',
    ],
    [
      'a secret named LD_PRELOAD',
      {
        watched: WATCHED,
        jobSourceId: ALICE_JOB_ID,
        secrets: { HF_TOKEN: 'hf_x', LD_PRELOAD: '/tmp/x.so' },
      },
      'secrets.LD_PRELOAD: LD_PRELOAD changes how programs load or run and cannot be a secret',
    ],
    [
      'a secret named NODE_OPTIONS',
      {
        watched: WATCHED,
        jobSourceId: ALICE_JOB_ID,
        secrets: { NODE_OPTIONS: '--require /tmp/x.js' },
      },
      'secrets.NODE_OPTIONS: NODE_OPTIONS changes how programs load or run and cannot be a secret',
    ],
  ])('create with %s', async (_case, body, message) => {
    const response = await post('/api/settings/webhooks', JSON.stringify(body));
    expect(response.status).toBe(400);
    const expected = typeof message === 'string' ? message : expect.stringMatching(message);
    expect(response.json).toEqual({ error: expected });
    expect(response.headers.get('x-error-message')).toEqual(expected);
  });

  it.each([
    ['not JSON', '{"watched": [', 'The request body could not be parsed'],
    ['a JSON array', '[1, 2]', 'the body must be a JSON object'],
  ])('create with a body that is %s', async (_case, body, message) => {
    const response = await post('/api/settings/webhooks', body);
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: message });
    expect(response.headers.get('x-error-message')).toBe(message);
  });

  it.each([
    [
      'a Job id on a URL webhook',
      { watched: [], jobSourceId: '66a1f0c0d0e0f0a0b0c0d0e1', secrets: {} },
      'jobSourceId: a URL webhook has no Job; create a Job webhook instead',
    ],
    ['an empty domain list', { watched: [], domains: [] }, /^domains: must list at least one/],
    ['a non-string url', { watched: [], url: 42 }, 'url: must be a non-empty string'],
  ])('update with %s', async (_case, body, message) => {
    const response = await post(`/api/settings/webhooks/${urlHook}`, JSON.stringify(body));
    expect(response.status).toBe(400);
    expect(response.json.error).toEqual(
      typeof message === 'string' ? message : expect.stringMatching(message),
    );
  });

  // docs/security.md "SSRF refusals mapping internal DNS"
  it('answers every refused or unresolvable host alike, on create and on update, and stores nothing', async () => {
    server.resolver.answers.set('loopback.example.com', ['127.0.0.1']);
    server.resolver.answers.set('metadata.example.com', ['93.184.215.16', '169.254.169.254']);
    const hosts = [
      'localhost',
      '127.0.0.1',
      '[::1]',
      '192.168.1.10',
      'intranet.example.com',
      'loopback.example.com',
      'metadata.example.com',
      'nowhere.example.com',
      'nowhere.internal',
    ];
    const answers = new Map<string, string[]>();
    const asked: string[] = [];
    for (const host of hosts) {
      const url = `https://${host}/hook`;
      for (const [path, body] of [
        ['/api/settings/webhooks', { watched: WATCHED, url }],
        [`/api/settings/webhooks/${urlHook}`, { watched: [], url }],
      ] as const) {
        asked.push(`${path} ${host}`);
        const response = await post(path, JSON.stringify(body));
        const answer = JSON.stringify({
          status: response.status,
          body: response.json,
          message: response.headers.get('x-error-message'),
        });
        answers.set(answer, [...(answers.get(answer) ?? []), `${path} ${host}`]);
      }
    }
    expect(Object.fromEntries(answers)).toEqual({
      [JSON.stringify({ status: 400, body: { error: REFUSED_TARGET }, message: REFUSED_TARGET })]:
        asked,
    });
    const stored = await call(server.baseUrl, 'GET', '/api/settings/webhooks', {
      token: TOKENS.aliceWrite,
    });
    expect(stored.json.map((webhook: { url: string }) => webhook.url)).toEqual([
      'https://hooks.example.com/a',
    ]);
  });

  it('update of a Job webhook with a secret named PATH, leaving the stored secrets as they were', async () => {
    const created = await post(
      '/api/settings/webhooks',
      JSON.stringify({
        watched: WATCHED,
        jobSourceId: ALICE_JOB_ID,
        secrets: { HF_TOKEN: 'hf_x' },
      }),
    );
    expect(created.status).toBe(201);
    const id = created.json.webhook.id;
    const response = await post(
      `/api/settings/webhooks/${id}`,
      JSON.stringify({ job_id: ALICE_JOB_ID, secrets: { PATH: '/tmp/evil:/usr/bin' } }),
    );
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      error: 'secrets.PATH: PATH changes how programs load or run and cannot be a secret',
    });
    expect(response.headers.get('x-error-message')).toBe(
      'secrets.PATH: PATH changes how programs load or run and cannot be a secret',
    );
    const stored = await call(server.baseUrl, 'GET', `/api/settings/webhooks/${id}`, {
      token: TOKENS.aliceWrite,
    });
    expect(stored.json.webhook.job.secrets).toEqual(['HF_TOKEN']);
    expect(
      (
        await call(server.baseUrl, 'DELETE', `/api/settings/webhooks/${id}`, {
          token: TOKENS.aliceWrite,
        })
      ).status,
    ).toBe(204);
  });

  it('activity with a bad limit', async () => {
    const response = await call(
      server.baseUrl,
      'GET',
      `/api/settings/webhooks/${urlHook}/activity?limit=1000`,
      { token: TOKENS.aliceWrite },
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('x-error-message')).toBe(
      'limit: must be a whole number from 1 to 100',
    );
  });

  it('an id that is not an ObjectId is simply not found (404)', async () => {
    const response = await call(server.baseUrl, 'GET', '/api/settings/webhooks/..%2Fsecrets', {
      token: TOKENS.aliceWrite,
    });
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ error: 'Webhook not found' });
  });

  it('refuses a create beyond the per-user limit (403), and allows it again after a delete', async () => {
    const second = await post(
      '/api/settings/webhooks',
      JSON.stringify({ watched: WATCHED, url: 'https://hooks.example.com/b' }),
    );
    expect(second.status).toBe(201);
    const third = await post(
      '/api/settings/webhooks',
      JSON.stringify({ watched: WATCHED, url: 'https://hooks.example.com/c' }),
    );
    expect(third.status).toBe(403);
    expect(third.json).toEqual({
      error: 'You have reached the limit of 2 webhooks; delete one to create another',
    });
    expect(
      (
        await call(server.baseUrl, 'DELETE', `/api/settings/webhooks/${second.json.webhook.id}`, {
          token: TOKENS.aliceWrite,
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await post(
          '/api/settings/webhooks',
          JSON.stringify({ watched: WATCHED, url: 'https://hooks.example.com/c' }),
        )
      ).status,
    ).toBe(201);
  });

  it('the limit holds under concurrent creates', async () => {
    const bobCreates = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(server.baseUrl, 'POST', '/api/settings/webhooks', {
          token: TOKENS.bobWrite,
          body: JSON.stringify({ watched: WATCHED, url: `https://hooks.example.com/${i}` }),
        }),
      ),
    );
    expect(bobCreates.map((response) => response.status).sort()).toEqual([
      201, 201, 403, 403, 403, 403,
    ]);
  });
});
