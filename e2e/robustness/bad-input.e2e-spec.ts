import { RunningAllInOne, startAllInOne } from '@gatehouse/testing';

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
  ['GET', '/api/whoami-v2'],
  ['GET', '/api/settings/tokens'],
  ['POST', '/api/settings/tokens'],
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

  it('is still ready after all of it', async () => {
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(200);
    expect(gatehouse.process.child.exitCode).toBeNull();
  });
});
