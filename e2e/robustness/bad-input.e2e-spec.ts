import { RunningAllInOne, startAllInOne, waitUntil } from '@gatehouse/testing';

// Standards: bad input gets a clear error in the right shape and no request makes the process
// crash or answer 500. Every public and internal route of the all-in-one gets malformed bodies,
// wrong content types, missing and forged credentials; none may answer 5xx, and the process
// must still be ready afterwards.
const WEBHOOK = '654bbbc16f2ec14d77f109cc';
const ROUTES: Array<[method: string, path: string]> = [
  ['POST', '/oauth/token'],
  ['POST', '/oauth/device'],
  ['POST', '/oauth/device/verify'],
  ['POST', '/oauth/revoke'],
  ['POST', '/oauth/introspect'],
  ['GET', '/oauth/userinfo'],
  ['POST', '/oauth/userinfo'],
  ['GET', '/oauth/authorize'],
  ['POST', '/oauth/authorize'],
  ['POST', '/oauth/login'],
  ['POST', '/oauth/consent'],
  ['POST', '/oauth/logout'],
  ['POST', '/api/credentials/revoke'],
  ['GET', '/api/whoami-v2'],
  ['GET', '/api/settings/tokens'],
  ['POST', '/api/settings/tokens'],
  ['GET', '/api/settings/token-notices'],
  ['DELETE', `/api/settings/token-notices/${WEBHOOK}`],
  ['POST', '/api/settings/apps'],
  ['GET', '/api/settings/webhooks'],
  ['POST', '/api/settings/webhooks'],
  ['POST', `/api/settings/webhooks/${WEBHOOK}`],
  ['POST', `/api/settings/webhooks/${WEBHOOK}/enable`],
  ['DELETE', `/api/settings/webhooks/${WEBHOOK}`],
  ['GET', `/api/settings/webhooks/${WEBHOOK}/activity`],
  ['POST', `/api/settings/webhooks/${WEBHOOK}/activity/${WEBHOOK}/replay`],
  ['GET', '/api/organizations/acme/audit-log'],
  ['PUT', '/api/organizations/acme/settings/token-exchange-apps/x'],
  ['POST', '/internal/events'],
  ['POST', '/internal/token-exchange'],
  ['POST', '/internal/authorize'],
];

const AUTHORIZATIONS: Array<string | undefined> = [
  undefined,
  'Bearer hf_not-a-real-token',
  'Bearer hf_demoAliceWriteToken000000000000000',
  'Basic !!!notbase64',
  'Basic ' + Buffer.from('6b1c2d3e-4f50-4a61-8b72-9c83d4e5f607:wrong').toString('base64'),
  'Bearer ' + 'x'.repeat(5000),
];

const BODIES: Array<[contentType: string | undefined, body: string | undefined]> = [
  [undefined, undefined],
  ['application/json', '{not json'],
  ['application/json', '[1,2,3]'],
  ['application/json', 'null'],
  [
    'application/json',
    JSON.stringify({
      grant_type: ['a', 'b'],
      watched: 'everything',
      url: 42,
      secret: { nested: true },
      events: [{}],
    }),
  ],
  [
    'application/json',
    JSON.stringify({
      watched: [{ type: 'model', name: '../../etc' }],
      url: 'http://169.254.169.254/latest',
      domains: ['nope'],
    }),
  ],
  [
    'application/x-www-form-urlencoded',
    'grant_type=authorization_code&code=%E0%A4%A&redirect_uri=javascript:alert(1)',
  ],
  [
    'application/x-www-form-urlencoded',
    'grant_type=urn:ietf:params:oauth:grant-type:token-exchange&subject_token=&subject_token_type=x&scope=%00',
  ],
  ['text/plain', 'hello'],
  ['application/xml', '<a/>'],
];

describe('bad input on every route of the all-in-one', () => {
  let gatehouse: RunningAllInOne;
  let base: string;

  beforeAll(async () => {
    gatehouse = await startAllInOne({ env: { LOG_LEVEL: 'warn' } });
    base = gatehouse.url;
    // The internal routes' own credential, so their validation is exercised too.
    AUTHORIZATIONS.push(`Bearer ${gatehouse.internalToken()}`);
  });

  afterAll(async () => {
    await gatehouse?.stop();
  });

  it.each(ROUTES)('%s %s never answers 5xx', async (method, path) => {
    const failures: string[] = [];
    for (const authorization of AUTHORIZATIONS) {
      for (const [contentType, body] of BODIES) {
        if (method === 'GET' && body !== undefined) continue;
        const headers: Record<string, string> = {};
        if (authorization) headers.authorization = authorization;
        if (contentType) headers['content-type'] = contentType;
        const response = await fetch(`${base}${path}?state=%FF&client_id=&redirect_uri=x`, {
          method,
          headers,
          body,
          redirect: 'manual',
        });
        const text = await response.text();
        if (response.status >= 500)
          failures.push(
            `${response.status} with ${authorization ?? 'no credentials'} and ${contentType}: ${text.slice(0, 200)}`,
          );
        if (
          response.status >= 400 &&
          (response.headers.get('content-type') ?? '').includes('json')
        ) {
          const parsed = JSON.parse(text) as { error?: unknown };
          if (typeof parsed.error !== 'string')
            failures.push(
              `${response.status} JSON without an "error" string: ${text.slice(0, 200)}`,
            );
          if (text.includes('    at ')) failures.push(`stack trace leaked: ${text.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  // The leak endpoint tells nothing about what it was sent: every batch, well-formed or not, gets
  // 202 and the same body (docs/security.md "Leaked tokens").
  it('answers 202 and the same body to every batch sent to POST /api/credentials/revoke', async () => {
    const answers = new Set<string>();
    const made = `hf_${'M'.repeat(43)}`;
    const batches: Array<[contentType: string | undefined, body: string | undefined]> = [
      ...BODIES,
      ['application/json', JSON.stringify({ credentials: [made] })],
      ['application/json', JSON.stringify({ credentials: [made, 'hf_demoAliceWriteToken', 7] })],
      [
        'application/json',
        JSON.stringify({ credentials: Array.from({ length: 5000 }, () => made) }),
      ],
      ['application/json', JSON.stringify({ credentials: ['x'.repeat(2_000_000)] })],
      ['application/json', '{"credentials": "hf_' + 'A'.repeat(43) + '"}'],
    ];
    for (const [contentType, body] of batches) {
      const response = await fetch(`${base}/api/credentials/revoke`, {
        method: 'POST',
        headers: contentType ? { 'content-type': contentType } : {},
        body,
      });
      answers.add(`${response.status} ${await response.text()}`);
    }
    expect([...answers]).toEqual(['202 {"status":"accepted"}']);
  });

  it('revokes a live token reported there, and tells its owner', async () => {
    const demo = { authorization: 'Bearer hf_demoAliceWriteToken000000000000000' };
    const created = await fetch(`${base}/api/settings/tokens`, {
      method: 'POST',
      headers: { ...demo, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'leaked in a notebook', role: 'read' }),
    });
    expect(created.status).toBe(201);
    const { token } = (await created.json()) as { token: string };
    const works = async () =>
      (await fetch(`${base}/api/whoami-v2`, { headers: { authorization: `Bearer ${token}` } }))
        .status === 200;
    expect(await works()).toBe(true);

    const reported = await fetch(`${base}/api/credentials/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ credentials: [`hf_${'N'.repeat(43)}`, token] }),
    });
    expect(reported.status).toBe(202);
    await waitUntil('the reported token to stop working', async () => !(await works()));
    const notices = (await (
      await fetch(`${base}/api/settings/token-notices`, { headers: demo })
    ).json()) as Array<{ tokenKind: string; tokenName: string }>;
    expect(notices).toContainEqual(
      expect.objectContaining({ tokenKind: 'personal', tokenName: 'leaked in a notebook' }),
    );
  });

  it('is still ready after all of it', async () => {
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(200);
    expect(gatehouse.process.child.exitCode).toBeNull();
  });
});
