import { hashPassword } from '@gatehouse/crypto';
import { s256CodeChallenge } from '@gatehouse/domain/testing';
import type { UserEntity } from '@gatehouse/persistence';
import { MessagingModule } from '@gatehouse/platform';
import { waitUntil } from '@gatehouse/testing';
import { createLocalJWKSet, decodeJwt, type JSONWebKeySet, jwtVerify } from 'jose';
import { randomInt } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as client from 'openid-client';
import { AuthModule } from '../auth.module';
import { CookieBrowser, hiddenField } from '../testing/cookie-browser';
import {
  postForm,
  startTokenTestApp,
  TEST_PUBLIC_URL,
  type TokenTestApp,
} from '../testing/token-test-app';

const PASSWORD = 'correct horse battery staple';
const VERIFIER = 'verifier-'.repeat(6);
const REDIRECT = 'https://notebook.example/callback';
const AFTER_LOGOUT = 'https://notebook.example/signed-out';
const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** The app's back-channel logout endpoint: keeps every logout token POSTed to it. */
async function startLogoutReceiver(): Promise<{
  url: string;
  tokens: string[];
  close(): Promise<void>;
}> {
  const tokens: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const token = new URLSearchParams(body).get('logout_token');
      if (req.headers['content-type'] === 'application/x-www-form-urlencoded' && token)
        tokens.push(token);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/backchannel-logout`,
    tokens,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// openid-client v6 as the app: its end-session URL, and a receiver that verifies the logout
// token with jose against the JWKS, as an app would.
describe('OpenID Connect logout: RP-initiated and back-channel', () => {
  let app: TokenTestApp;
  let receiver: Awaited<ReturnType<typeof startLogoutReceiver>>;
  let config: client.Configuration;
  let jwks: ReturnType<typeof createLocalJWKSet>;
  let addresses = 0;

  beforeAll(async () => {
    receiver = await startLogoutReceiver();
    app = await startTokenTestApp([
      MessagingModule.forRoot({ type: 'in-process', outboxRelay: true }),
      AuthModule.forRoot({
        publicUrl: TEST_PUBLIC_URL,
        authorizationCodeTtlSeconds: 60,
        signInSessionTtlSeconds: 3600,
        allowLoopbackTargets: true,
      }),
    ]);
    const owner = await app.seedUser(`notebook-owner${randomInt(1e9)}`);
    await app.seedApp('notebook', {
      ownerUserId: owner.id,
      name: 'Notebook',
      redirectUris: [REDIRECT],
      postLogoutRedirectUris: [AFTER_LOGOUT],
      backchannelLogoutUri: receiver.url,
      backchannelLogoutSessionRequired: true,
      scopes: ['openid', 'profile'],
    });
    const metadata = (await (
      await fetch(`${app.url}/.well-known/openid-configuration`)
    ).json()) as client.ServerMetadata;
    config = new client.Configuration(metadata, 'notebook');
    jwks = createLocalJWKSet(
      (await (await fetch(`${app.url}/oauth/jwks`)).json()) as JSONWebKeySet,
    );
  });

  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  async function aPerson(): Promise<UserEntity> {
    return app.seedUser(`ada${randomInt(1e9)}`, { passwordHash: await hashPassword(PASSWORD) });
  }

  /** Signs `user` in to Notebook through the pages and the code flow; returns the browser and id_token. */
  async function signedInToNotebook(user: UserEntity) {
    const browser = new CookieBrowser(app.url, `198.51.100.${(addresses += 1)}`);
    await browser.signIn(user.username, PASSWORD);
    const authorize = await browser.get(
      `/oauth/authorize?${new URLSearchParams({
        client_id: 'notebook',
        redirect_uri: REDIRECT,
        response_type: 'code',
        scope: 'openid profile',
        code_challenge: s256CodeChallenge(VERIFIER),
        code_challenge_method: 'S256',
      })}`,
    );
    expect(authorize.status).toBe(303);
    const consentPage = await (await browser.get(authorize.headers.get('location')!)).text();
    const consented = await browser.post('/oauth/consent', {
      csrf_token: hiddenField(consentPage, 'csrf_token'),
      consent_id: hiddenField(consentPage, 'consent_id'),
      decision: 'authorize',
    });
    const code = new URL(consented.headers.get('location')!).searchParams.get('code')!;
    const tokens = (await (
      await postForm(`${app.url}/oauth/token`, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        client_id: 'notebook',
        code_verifier: VERIFIER,
      })
    ).json()) as { id_token: string };
    return { browser, idToken: tokens.id_token };
  }

  /** The path and query of an end-session URL openid-client built for the public issuer. */
  const local = (url: URL) => `${url.pathname}${url.search}`;

  async function logoutTokenFor(sid: string) {
    let token: string | undefined;
    await waitUntil(`a logout token for session ${sid}`, () => {
      token = receiver.tokens.find((t) => decodeJwt(t).sid === sid);
      return token !== undefined;
    });
    return jwtVerify(token!, jwks, {
      issuer: TEST_PUBLIC_URL,
      audience: 'notebook',
      typ: 'logout+jwt',
      algorithms: ['RS256'],
    });
  }

  it('advertises both kinds of logout in discovery', async () => {
    const metadata = config.serverMetadata();
    expect(metadata.end_session_endpoint).toBe(`${TEST_PUBLIC_URL}/oauth/end-session`);
    expect(metadata.backchannel_logout_supported).toBe(true);
    expect(metadata.backchannel_logout_session_supported).toBe(true);
  });

  it('signs out at the id_token_hint, returns to the registered address with state, and POSTs a verified logout token', async () => {
    const ada = await aPerson();
    const { browser, idToken } = await signedInToNotebook(ada);
    const { sid } = decodeJwt(idToken) as { sid: string };
    expect(sid).toMatch(/^[0-9a-f]{24}$/);

    const logout = await browser.get(
      local(
        client.buildEndSessionUrl(config, {
          id_token_hint: idToken,
          post_logout_redirect_uri: AFTER_LOGOUT,
          state: 'bye-1',
        }),
      ),
    );
    expect(logout.status).toBe(303);
    expect(logout.headers.get('location')).toBe(`${AFTER_LOGOUT}?state=bye-1`);
    expect((await browser.request('/api/session')).status).toBe(401);

    const { payload, protectedHeader } = await logoutTokenFor(sid);
    expect(protectedHeader).toMatchObject({ alg: 'RS256', typ: 'logout+jwt' });
    expect(payload).toEqual({
      iss: TEST_PUBLIC_URL,
      aud: 'notebook',
      iat: expect.any(Number),
      exp: (payload.iat as number) + 120,
      jti: expect.any(String),
      sub: ada.id,
      sid,
      events: { [BACKCHANNEL_EVENT]: {} },
    });
  });

  it('refuses an unregistered post_logout_redirect_uri without redirecting or signing out', async () => {
    const { browser, idToken } = await signedInToNotebook(await aPerson());
    const res = await browser.get(
      local(
        client.buildEndSessionUrl(config, {
          id_token_hint: idToken,
          post_logout_redirect_uri: 'https://evil.example/',
        }),
      ),
    );
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain(
      'The post_logout_redirect_uri is not registered for this app.',
    );
    expect((await browser.request('/api/session')).status).toBe(200);
  });

  it('asks first when the request does not name the signed-in person, and signs out on the answer', async () => {
    const { browser } = await signedInToNotebook(await aPerson());
    const url = client.buildEndSessionUrl(config, {
      post_logout_redirect_uri: AFTER_LOGOUT,
      state: 'bye-2',
    });
    const ask = await browser.get(local(url));
    expect(ask.status).toBe(200);
    const page = await ask.text();
    expect(page).toContain('Notebook asks to sign you out of Gatehouse.');
    expect((await browser.request('/api/session')).status).toBe(200);

    const answered = await browser.post('/oauth/end-session', {
      csrf_token: hiddenField(page, 'csrf_token'),
      confirm: 'yes',
      client_id: hiddenField(page, 'client_id'),
      post_logout_redirect_uri: hiddenField(page, 'post_logout_redirect_uri'),
      state: hiddenField(page, 'state'),
    });
    expect(answered.status).toBe(303);
    expect(answered.headers.get('location')).toBe(`${AFTER_LOGOUT}?state=bye-2`);
    expect((await browser.request('/api/session')).status).toBe(401);
  });

  it('refuses a hint it did not sign', async () => {
    const { browser, idToken } = await signedInToNotebook(await aPerson());
    const [header, payload] = idToken.split('.');
    const res = await browser.get(
      `/oauth/end-session?id_token_hint=${header}.${payload}.${'A'.repeat(342)}`,
    );
    expect(res.status).toBe(400);
    expect((await browser.request('/api/session')).status).toBe(200);
  });

  it('tells the app when its session is ended from the sessions page', async () => {
    const ada = await aPerson();
    const { idToken } = await signedInToNotebook(ada);
    const { sid } = decodeJwt(idToken) as { sid: string };
    const laptop = new CookieBrowser(app.url, `198.51.100.${(addresses += 1)}`);
    await laptop.signIn(ada.username, PASSWORD);
    const { csrfToken } = (await (await laptop.request('/api/session')).json()) as {
      csrfToken: string;
    };
    const ended = await laptop.request(`/api/settings/sessions/${sid}`, {
      method: 'DELETE',
      headers: { 'X-CSRF-Token': csrfToken },
    });
    expect(ended.status).toBe(204);
    expect((await logoutTokenFor(sid)).payload.sub).toBe(ada.id);
  });
});
