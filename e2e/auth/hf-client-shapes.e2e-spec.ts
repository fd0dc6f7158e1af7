import { createHash, randomUUID } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { Browser, BrowserContext } from 'playwright-core';
import { CallbackServer } from './support/callback-server';
import { RunningGatehouse, startGatehouse } from './support/gatehouse-process';
import { launchChromium, signIn } from './support/headless-chromium';
import {
  ADA,
  authE2eSeed,
  PUBLIC_APP,
  WEB_APP,
  WEB_APP_CALLBACK_PATH,
  WEB_APP_SECRET,
} from './support/seed';

const base64url = (bytes: Buffer) => bytes.toString('base64url');

// The exact request shapes of the Hugging Face clients (docs/hf-clients.md "OAuth and OpenID Connect"), end to
// end against the all-in-one, the user on the real pages in Chromium.
describe('Hugging Face client request shapes', () => {
  let gatehouse: RunningGatehouse;
  let callback: CallbackServer;
  let chromium: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    // One at a time, so whatever started is stopped in afterAll even when a later start fails.
    chromium = await launchChromium();
    callback = await new CallbackServer().start();
    gatehouse = await startGatehouse(authE2eSeed(new URL(callback.url()).origin));
    context = await chromium.newContext();
  });

  afterAll(async () => {
    await chromium?.close();
    await callback?.stop();
    await gatehouse?.stop();
  });

  describe('huggingface.js (oauthLoginUrl, oauthHandleRedirect)', () => {
    /** oauthLoginUrl: these keys in this order, a JSON state, PKCE, no nonce parameter. */
    function loginUrl() {
      const redirectUri = callback.url();
      const nonce = randomUUID();
      const codeVerifier = randomUUID() + randomUUID();
      const state = JSON.stringify({ nonce, redirectUri, state: 'user-state' });
      const params = new URLSearchParams({
        client_id: PUBLIC_APP,
        scope: 'openid profile',
        response_type: 'code',
        redirect_uri: redirectUri,
        state,
        code_challenge: base64url(createHash('sha256').update(codeVerifier).digest()),
        code_challenge_method: 'S256',
      });
      return {
        url: `${gatehouse.base}/oauth/authorize?${params}`,
        params,
        state,
        codeVerifier,
        redirectUri,
      };
    }

    /** oauthHandleRedirect: form body without client_id or any client authentication. */
    async function handleRedirect(back: URL, expectedState: string, codeVerifier: string) {
      const state = back.searchParams.get('state')!;
      expect(state).toBe(expectedState);
      const res = await fetch(`${gatehouse.base}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: back.searchParams.get('code')!,
          redirect_uri: (JSON.parse(state) as { redirectUri: string }).redirectUri,
          code_verifier: codeVerifier,
        }).toString(),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { access_token: string; expires_in: number; scope: string };
    }

    it('signs in with a JSON state echoed byte for byte and exchanges the code without client_id', async () => {
      const login = loginUrl();
      const page = await context.newPage();
      await page.goto(login.url);
      await signIn(page, ADA.email, ADA.password);
      await Promise.all([
        page.waitForURL(`${callback.url()}?**`),
        page.getByRole('button', { name: 'Authorize' }).click(),
      ]);
      await page.close();

      const tokens = await handleRedirect(callback.last(), login.state, login.codeVerifier);
      expect(tokens).toMatchObject({
        access_token: expect.stringMatching(/^hf_oauth_/),
        expires_in: 28_800,
        scope: 'openid profile',
      });
      const userinfo = await fetch(`${gatehouse.base}/oauth/userinfo`, {
        headers: { Authorization: `Bearer ${tokens.access_token}` },
      });
      const body = (await userinfo.json()) as Record<string, unknown>;
      expect(body).toMatchObject({
        preferred_username: 'ada',
        name: 'Ada Lovelace',
        isPro: true,
        orgs: [],
      });
      expect(body.picture).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      expect(body.profile).toBe(`${gatehouse.base}/ada`);
    });

    it('answers the authorize POST the library sends with 303s ending back at the app', async () => {
      const login = loginUrl();
      const page = await context.newPage();
      await page.goto(callback.url('/app'));
      // The app page posts the authorization request as a form, as a cross-site top-level POST.
      await Promise.all([
        page.waitForURL(`${callback.url()}?**`),
        page.evaluate(
          ({ action, fields }) => {
            const form = document.createElement('form');
            form.method = 'POST';
            form.action = action;
            for (const [name, value] of fields) {
              const input = document.createElement('input');
              input.type = 'hidden';
              input.name = name;
              input.value = value;
              form.appendChild(input);
            }
            document.body.appendChild(form);
            form.submit();
          },
          { action: `${gatehouse.base}/oauth/authorize`, fields: [...login.params] },
        ),
      ]);
      await page.close();
      const tokens = await handleRedirect(callback.last(), login.state, login.codeVerifier);
      expect(tokens.scope).toBe('openid profile');
    });

    it('answers a POST carrying the session cookie with a 303 to the redirect URI', async () => {
      const login = loginUrl();
      const cookies = await context.cookies(gatehouse.base);
      const res = await fetch(`${gatehouse.base}/oauth/authorize`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '),
        },
        body: login.params.toString(),
      });
      expect(res.status).toBe(303);
      const location = new URL(res.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe(login.redirectUri);
      expect(location.searchParams.get('state')).toBe(login.state);
    });
  });

  describe('authlib (huggingface_hub attach_huggingface_oauth, Gradio)', () => {
    it('signs in with a nonce and no PKCE, exchanges the code with Basic auth, and gets an id_token it can verify', async () => {
      const redirectUri = callback.url(WEB_APP_CALLBACK_PATH);
      const state = 'authlib-state-0123456789';
      const nonce = 'authlib-nonce-0123456789';
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: WEB_APP,
        redirect_uri: redirectUri,
        scope: 'openid profile email',
        state,
        nonce,
      });
      const page = await context.newPage();
      await page.goto(`${gatehouse.base}/oauth/authorize?${query}`);
      await expect(
        page.getByRole('heading', { name: 'Authorize E2E Web App' }).isVisible(),
      ).resolves.toBe(true);
      await Promise.all([
        page.waitForURL(`${callback.url('/login/callback')}?**`),
        page.getByRole('button', { name: 'Authorize' }).click(),
      ]);
      await page.close();

      const back = callback.last();
      expect(back.pathname).toBe('/login/callback');
      expect(back.searchParams.get('_target_url')).toBe('/home');
      expect(back.searchParams.get('state')).toBe(state);
      expect(back.searchParams.get('iss')).toBe(gatehouse.base);

      const res = await fetch(`${gatehouse.base}/oauth/token`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Authorization: `Basic ${Buffer.from(`${WEB_APP}:${WEB_APP_SECRET}`).toString('base64')}`,
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: back.searchParams.get('code')!,
          redirect_uri: redirectUri,
        }).toString(),
      });
      expect(res.status).toBe(200);
      const tokens = (await res.json()) as {
        access_token: string;
        token_type: string;
        expires_in: number;
        scope: string;
        refresh_token: string;
        id_token: string;
      };
      expect(tokens).toMatchObject({
        token_type: 'bearer',
        expires_in: 28_800,
        scope: 'openid profile email',
        refresh_token: expect.any(String),
      });

      const discovery = (await (
        await fetch(`${gatehouse.base}/.well-known/openid-configuration`)
      ).json()) as { issuer: string; jwks_uri: string };
      const { payload, protectedHeader } = await jwtVerify(
        tokens.id_token,
        createRemoteJWKSet(new URL(discovery.jwks_uri)),
        {
          issuer: discovery.issuer,
          audience: WEB_APP,
          clockTolerance: 120,
        },
      );
      expect(protectedHeader.alg).toBe('RS256');
      const digest = createHash('sha256').update(tokens.access_token).digest();
      expect(payload).toMatchObject({
        nonce,
        at_hash: base64url(digest.subarray(0, digest.length / 2)),
        // Gradio's OAuthProfile reads these by direct key access.
        name: 'Ada Lovelace',
        preferred_username: 'ada',
        profile: `${gatehouse.base}/ada`,
        picture: expect.any(String),
        email: ADA.email,
        email_verified: true,
      });
      expect(payload.auth_time).toEqual(expect.any(Number));
    });
  });
});
