import { SHAPES, type ShapeTarget, waitUntil } from '@gatehouse/testing';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as client from 'openid-client';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CallbackServer } from '../auth/support/callback-server';
import { launchChromium, signIn } from '../auth/support/headless-chromium';
import { PHONE, seriousAccessibilityViolations } from '../settings/support/settings-browser';

// The demo seed (libs/persistence/seed/demo.yaml).
const BOB = { login: 'bob', password: 'gatehouse-demo-bob' };
const ALICE_TOKEN = 'hf_demoAliceWriteToken000000000000000';
const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** An app's back-channel logout endpoint on loopback: keeps every logout token POSTed to it. */
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
      if (token) tokens.push(token);
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
const FIREFOX_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe.each(SHAPES)('the sessions page in Chromium on $name', (shape) => {
  let target: ShapeTarget;
  let browser: Browser;
  let callback: CallbackServer;
  let receiver: Awaited<ReturnType<typeof startLogoutReceiver>>;
  const contexts: BrowserContext[] = [];

  /** A browser profile of its own (cookies and User-Agent), signed in as Bob. */
  async function signedInBrowser(userAgent: string): Promise<Page> {
    const context = await browser.newContext({ baseURL: target.url, userAgent });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${target.url}/oauth/login`);
    await signIn(page, BOB.login, BOB.password);
    return page;
  }

  beforeAll(async () => {
    callback = await new CallbackServer().start();
    receiver = await startLogoutReceiver();
    target = await shape.start({ env: { GATEHOUSE_ALLOW_LOOPBACK_TARGETS: 'true' } });
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await target?.stop();
    await callback?.stop();
    await receiver?.close();
  });

  it('shows both signed-in browsers and signs the other one out', async () => {
    const laptop = await signedInBrowser(FIREFOX_ON_WINDOWS);
    const phone = await signedInBrowser(SAFARI_ON_IPHONE);

    await laptop.goto(`${target.url}/settings/account`);
    await laptop.getByRole('link', { name: 'Sessions' }).click();
    await laptop.getByRole('heading', { name: 'Sessions', level: 1 }).waitFor();
    const rows = laptop.getByRole('list', { name: 'Signed-in browsers' }).getByRole('listitem');
    await rows.filter({ hasText: 'Firefox on Windows' }).getByText('this browser').waitFor();
    await rows.filter({ hasText: 'Safari on iPhone' }).waitFor();
    await laptop.waitForLoadState('networkidle');
    expect(await seriousAccessibilityViolations(laptop)).toEqual([]);
    await laptop.setViewportSize(PHONE);
    expect(await seriousAccessibilityViolations(laptop)).toEqual([]);

    await laptop.getByRole('button', { name: /^Sign out Safari on iPhone from / }).click();
    await laptop.getByRole('button', { name: 'Sign out Safari on iPhone' }).click();
    await laptop.getByRole('status').getByText('Safari on iPhone is signed out.').waitFor();
    await rows.filter({ hasText: 'Safari on iPhone' }).waitFor({ state: 'detached' });

    expect((await phone.request.get(`${target.url}/api/session`)).status()).toBe(401);
    expect((await laptop.request.get(`${target.url}/api/session`)).status()).toBe(200);
  });

  it('signs out through openid-client’s end-session URL and POSTs the app a logout token it verifies', async () => {
    const created = await fetch(`${target.url}/api/settings/apps`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ALICE_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Logout Notebook',
        public: true,
        redirectUris: [callback.url()],
        postLogoutRedirectUris: [callback.url('/signed-out')],
        backchannelLogoutUri: receiver.url,
        backchannelLogoutSessionRequired: true,
        scopes: ['openid', 'profile'],
      }),
    });
    expect(created.status).toBe(201);
    const { app } = (await created.json()) as { app: { clientId: string } };
    // openid-client refuses http issuers unless told: this issuer is on loopback.
    const config = await client.discovery(
      new URL(target.url),
      app.clientId,
      undefined,
      client.None(),
      { execute: [client.allowInsecureRequests] },
    );
    expect(config.serverMetadata()).toMatchObject({
      end_session_endpoint: `${target.url}/oauth/end-session`,
      backchannel_logout_supported: true,
      backchannel_logout_session_supported: true,
    });

    const page = await signedInBrowser(FIREFOX_ON_WINDOWS);
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    await page.goto(
      client
        .buildAuthorizationUrl(config, {
          redirect_uri: callback.url(),
          scope: 'openid profile',
          code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
          state,
        })
        .toString(),
    );
    await Promise.all([
      page.waitForURL(`${callback.url()}?**`),
      page.getByRole('button', { name: 'Authorize' }).click(),
    ]);
    const tokens = await client.authorizationCodeGrant(config, callback.last(), {
      pkceCodeVerifier: codeVerifier,
      expectedState: state,
      idTokenExpected: true,
    });
    const sid = tokens.claims()!.sid as string;
    expect(sid).toMatch(/^[0-9a-f]{24}$/);

    await page.goto(
      client
        .buildEndSessionUrl(config, {
          id_token_hint: tokens.id_token!,
          post_logout_redirect_uri: callback.url('/signed-out'),
          state: 'see-you',
        })
        .toString(),
    );
    await page.waitForURL(`${callback.url('/signed-out')}?state=see-you`);
    expect((await page.request.get(`${target.url}/api/session`)).status()).toBe(401);

    let logoutToken: string | undefined;
    await waitUntil('the logout token of the ended session', () => {
      logoutToken = receiver.tokens.find((token) => decodeJwt(token).sid === sid);
      return logoutToken !== undefined;
    });
    const { payload } = await jwtVerify(
      logoutToken!,
      createRemoteJWKSet(new URL(`${target.url}/oauth/jwks`)),
      { issuer: target.url, audience: app.clientId, typ: 'logout+jwt' },
    );
    expect(payload).toMatchObject({
      sub: tokens.claims()!.sub,
      sid,
      events: { [BACKCHANNEL_EVENT]: {} },
    });
    expect(payload).not.toHaveProperty('nonce');
  });

  it('lists the new browsers among the security events, and deletes the account only after the grace period: signing in before calls it off', async () => {
    const page = await signedInBrowser(FIREFOX_ON_WINDOWS);
    await page.goto(`${target.url}/settings/account`);
    await page
      .getByRole('region', { name: 'Recent security events' })
      .getByText('Signed in from a new browser: Firefox on Windows')
      .first()
      .waitFor();
    const leaving = page.getByRole('region', { name: 'Delete my account' });
    await leaving.getByRole('button', { name: 'Delete my account' }).click();
    await leaving.getByLabel('Password', { exact: true }).fill(BOB.password);
    await page.waitForLoadState('networkidle');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await leaving.getByRole('button', { name: 'Delete my account' }).click();
    await leaving.getByRole('status').getByText('Your account will be deleted on').waitFor();
    expect((await page.request.get(`${target.url}/api/session`)).status()).toBe(401);

    await page.goto(`${target.url}/oauth/login`);
    await signIn(page, BOB.login, BOB.password);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.getByText('the deletion you asked for is cancelled').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect((await page.request.get(`${target.url}/api/session`)).status()).toBe(200);
  });
});
