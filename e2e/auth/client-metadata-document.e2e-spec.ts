import * as client from 'openid-client';
import { Browser } from 'playwright-core';
import { CallbackServer } from './support/callback-server';
import { RunningGatehouse, startGatehouse } from './support/gatehouse-process';
import { launchChromium, signIn } from './support/headless-chromium';
import { MetadataDocumentSite } from './support/metadata-document-site';
import { ADA, AUTH_E2E_SEED } from './support/seed';

// An app registered by nothing but its client-ID metadata document (docs/oauth.md "Apps"), served on
// https://127.0.0.1 (loopback allowed in this all-in-one), signs a user in end to end; documents
// that break the retrieval or validation rules are refused before anyone signs in.
describe('client-ID metadata documents', () => {
  let site: MetadataDocumentSite;
  let gatehouse: RunningGatehouse;
  let callback: CallbackServer;
  let chromium: Browser;

  beforeAll(async () => {
    // One at a time, so whatever started is stopped in afterAll even when a later start fails.
    chromium = await launchChromium();
    callback = await new CallbackServer().start();
    site = await new MetadataDocumentSite().start();
    gatehouse = await startGatehouse(AUTH_E2E_SEED, { NODE_EXTRA_CA_CERTS: site.certificatePath });
    const document = (name: string, fields: object = {}) => ({
      client_id: site.clientId(name),
      client_name: 'Loopback Tool',
      redirect_uris: ['http://127.0.0.1/callback'],
      token_endpoint_auth_method: 'none',
      client_uri: 'https://tool.example',
      software_statement_unknown_to_us: 'ignored',
      ...fields,
    });
    site.serveJson('tool', document('tool'), { 'cache-control': 'max-age=600' });
    site.serveJson('slow', document('slow'), {}, 300);
    site.serveJson('mismatch', document('tool'));
    site.serveJson(
      'secret',
      document('secret', {
        client_secret: 'shh',
        token_endpoint_auth_method: 'client_secret_basic',
      }),
    );
    site.serveJson('big', document('big', { padding: 'x'.repeat(6000) }));
    site.routes.set('moved', (res, server) =>
      res.writeHead(302, { location: server.clientId('tool') }).end(),
    );
  });

  afterAll(async () => {
    await chromium?.close();
    await callback?.stop();
    await gatehouse?.stop();
    await site?.stop();
  });

  const authorizeUrl = (clientId: string, extra: Record<string, string> = {}) =>
    `${gatehouse.base}/oauth/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: callback.url(), response_type: 'code', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256', ...extra })}`;

  it('signs a user in to the app its document describes, showing its host and a loopback warning', async () => {
    const clientId = site.clientId('tool');
    const config = await client.discovery(
      new URL(gatehouse.base),
      clientId,
      undefined,
      client.None(),
      { execute: [client.allowInsecureRequests] },
    );
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: callback.url(),
      scope: 'openid profile read-repos',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
    });

    const page = await chromium.newPage();
    await page.goto(url.href);
    await signIn(page, ADA.username, ADA.password);
    await expect(
      page.getByRole('heading', { name: 'Authorize Loopback Tool' }).isVisible(),
    ).resolves.toBe(true);
    await expect(page.getByText('This app is published by 127.0.0.1.').isVisible()).resolves.toBe(
      true,
    );
    await expect(page.getByRole('note').textContent()).resolves.toContain(
      'This app only returns to addresses on your own computer.',
    );
    await Promise.all([
      page.waitForURL(`${callback.url()}?**`),
      page.getByRole('button', { name: 'Authorize' }).click(),
    ]);
    await page.close();

    const tokens = await client.authorizationCodeGrant(config, callback.last(), {
      pkceCodeVerifier: codeVerifier,
      expectedState: state,
    });
    expect(tokens.scope).toBe('openid profile read-repos');
    expect(tokens.claims()).toMatchObject({ aud: clientId, preferred_username: 'ada' });
    expect(
      (await client.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub))
        .preferred_username,
    ).toBe('ada');

    // The document was fetched once and is cached within its Cache-Control.
    expect((await fetch(authorizeUrl(clientId), { redirect: 'manual' })).status).toBe(303);
    expect(site.hits.get('tool')).toBe(1);
  });

  it('fetches one document once for concurrent requests', async () => {
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        fetch(authorizeUrl(site.clientId('slow')), { redirect: 'manual' }),
      ),
    );
    expect(responses.map((res) => res.status)).toEqual([303, 303, 303, 303, 303]);
    expect(site.hits.get('slow')).toBe(1);
  });

  it('requires PKCE from a metadata-document app', async () => {
    const res = await fetch(
      `${gatehouse.base}/oauth/authorize?${new URLSearchParams({ client_id: site.clientId('tool'), redirect_uri: callback.url(), response_type: 'code', state: 's' })}`,
      { redirect: 'manual' },
    );
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!).searchParams.get('error_description')).toBe(
      'code_challenge is required (PKCE with S256)',
    );
  });

  it.each([
    [
      'a private address (SSRF)',
      () => 'https://10.1.2.3/.well-known/oauth-cimd',
      "The client metadata document's host is not allowed",
    ],
    [
      'the cloud metadata address (SSRF)',
      () => 'https://169.254.169.254/.well-known/oauth-cimd',
      "The client metadata document's host is not allowed",
    ],
    [
      'a document over 5 KB',
      () => site.clientId('big'),
      'The client metadata document is larger than 5120 bytes',
    ],
    [
      'a redirect',
      () => site.clientId('moved'),
      'The client metadata document answered with a redirect, and redirects are not followed',
    ],
    [
      'a client_id that is not the document URL',
      () => site.clientId('mismatch'),
      'client metadata document client_id must equal the URL it was fetched from',
    ],
    [
      'a document holding a secret',
      () => site.clientId('secret'),
      'client metadata document must not contain client_secret',
    ],
    [
      'a plain http client ID',
      () => site.clientId('tool').replace('https:', 'http:'),
      'client_id URL must use the https scheme',
    ],
    [
      'a missing document',
      () => site.clientId('absent'),
      'The client metadata document answered HTTP 404',
    ],
  ])('refuses %s with an error page, never redirecting', async (_case, clientId, description) => {
    const res = await fetch(authorizeUrl(clientId()), { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    const html = await res.text();
    expect(html).toContain('<h1>This sign-in request cannot continue</h1>');
    expect(html).toContain(description.replace(/'/g, '&#39;'));
  });

  it('remembers a refused document for a few seconds: asking again costs the site no fetch', async () => {
    const before = site.hits.get('mismatch') ?? 0;
    await fetch(authorizeUrl(site.clientId('mismatch')), { redirect: 'manual' });
    await fetch(authorizeUrl(site.clientId('mismatch')), { redirect: 'manual' });
    expect(site.hits.get('mismatch')).toBeLessThanOrEqual(before + 1);
  });

  it('spends no fetch budget on client IDs naming refused addresses: after an anonymous storm of them a new app still signs in', async () => {
    for (let wave = 0; wave < 10; wave += 1) {
      const statuses = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          fetch(authorizeUrl(`https://10.9.${wave}.${index + 1}/client.json`), {
            redirect: 'manual',
          }).then((res) => res.status),
        ),
      );
      expect(statuses).toEqual(Array.from({ length: 30 }, () => 400));
    }
    site.serveJson('after-storm', {
      client_id: site.clientId('after-storm'),
      client_name: 'After the storm',
      redirect_uris: ['http://127.0.0.1/callback'],
      token_endpoint_auth_method: 'none',
    });
    expect(
      (await fetch(authorizeUrl(site.clientId('after-storm')), { redirect: 'manual' })).status,
    ).toBe(303);
    expect(site.hits.get('after-storm')).toBe(1);
  });
});
