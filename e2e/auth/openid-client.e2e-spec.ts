import { SHAPES, type ShapeTarget, waitUntil } from '@gatehouse/testing';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as client from 'openid-client';
import { Browser, BrowserContext, Page } from 'playwright-core';
import { Agent, request as httpRequest } from 'undici';
import { CallbackServer } from './support/callback-server';
import { launchChromium, signIn } from './support/headless-chromium';
import { MetadataDocumentSite } from './support/metadata-document-site';
import { adaOrganizationIds } from './support/organization-ids';
import {
  ADA,
  ADA_READ_TOKEN,
  AUTH_E2E_SEED,
  PUBLIC_APP,
  WEB_APP,
  WEB_APP_SECRET,
} from './support/seed';

/** Screenshots of the pages when GATEHOUSE_E2E_SCREENSHOTS names a directory. */
const screenshots = process.env.GATEHOUSE_E2E_SCREENSHOTS;
const shoot = (page: Page, name: string) =>
  screenshots
    ? page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true })
    : undefined;

// A real relying party (openid-client v6) against each shape, the user driving the real sign-in
// and consent pages in headless Chromium.
describe.each(SHAPES)(
  'openid-client: authorization code with PKCE through the pages of $name',
  (shape) => {
    let gatehouse: ShapeTarget;
    let seedDir: string;
    let callback: CallbackServer;
    let chromium: Browser;
    let context: BrowserContext;
    let config: client.Configuration;
    let orgs: Record<string, string>;
    let site: MetadataDocumentSite;

    beforeAll(async () => {
      // One at a time, so whatever started is stopped in afterAll even when a later start fails.
      chromium = await launchChromium();
      callback = await new CallbackServer().start();
      site = await new MetadataDocumentSite().start();
      seedDir = mkdtempSync(join(tmpdir(), 'gatehouse-auth-e2e-seed-'));
      writeFileSync(join(seedDir, 'seed.json'), JSON.stringify(AUTH_E2E_SEED));
      gatehouse = await shape.start({
        seed: join(seedDir, 'seed.json'),
        env: {
          GATEHOUSE_ALLOW_LOOPBACK_TARGETS: 'true',
          NODE_EXTRA_CA_CERTS: site.certificatePath,
        },
      });
      context = await chromium.newContext();
      // openid-client refuses http issuers unless told: this issuer is on loopback.
      config = await client.discovery(
        new URL(gatehouse.url),
        PUBLIC_APP,
        undefined,
        client.None(),
        { execute: [client.allowInsecureRequests] },
      );
      orgs = await adaOrganizationIds(gatehouse.url);
    });

    afterAll(async () => {
      await chromium?.close();
      await callback?.stop();
      await gatehouse?.stop();
      await site?.stop();
      if (seedDir) rmSync(seedDir, { recursive: true, force: true });
    });

    async function authorizationRequest(scope: string, extra: Record<string, string> = {}) {
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: callback.url(),
        scope,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        ...extra,
      });
      return { url, codeVerifier, state, nonce };
    }

    it('discovers the issuer and its endpoints', () => {
      const metadata = config.serverMetadata();
      expect(metadata).toMatchObject({
        issuer: gatehouse.url,
        authorization_endpoint: `${gatehouse.url}/oauth/authorize`,
        token_endpoint: `${gatehouse.url}/oauth/token`,
        userinfo_endpoint: `${gatehouse.url}/oauth/userinfo`,
        jwks_uri: `${gatehouse.url}/oauth/jwks`,
        code_challenge_methods_supported: ['S256'],
        authorization_response_iss_parameter_supported: true,
      });
    });

    it('signs in, grants organizations on the consent page, validates the id_token, reads userinfo and refreshes', async () => {
      const request = await authorizationRequest('openid profile email read-memberships', {
        orgIds: orgs.analytical!,
      });
      const page = await context.newPage();
      await page.goto(request.url.href);
      await expect(page.getByRole('heading', { name: 'Sign in' }).isVisible()).resolves.toBe(true);
      await shoot(page, 'sign-in');
      await signIn(page, ADA.username, ADA.password);

      await expect(
        page.getByRole('heading', { name: 'Authorize E2E Public App' }).isVisible(),
      ).resolves.toBe(true);
      const required = page.getByLabel('Analytical Engines (analytical)');
      const optional = page.getByLabel('Babbage Society (babbage)');
      expect(await required.isChecked()).toBe(true);
      expect(await required.isDisabled()).toBe(true);
      expect(await optional.isChecked()).toBe(false);
      await expect(page.getByText('See your e-mail address').isVisible()).resolves.toBe(true);
      await optional.check();
      await shoot(page, 'consent');
      await Promise.all([
        page.waitForURL(`${callback.url()}?**`),
        page.getByRole('button', { name: 'Authorize' }).click(),
      ]);
      await page.close();

      const tokens = await client.authorizationCodeGrant(config, callback.last(), {
        pkceCodeVerifier: request.codeVerifier,
        expectedState: request.state,
        expectedNonce: request.nonce,
        idTokenExpected: true,
      });
      expect(tokens.access_token).toMatch(/^hf_oauth_/);
      expect(tokens.scope).toBe('openid profile email read-memberships');
      const claims = tokens.claims()!;
      expect(claims).toMatchObject({
        iss: gatehouse.url,
        aud: PUBLIC_APP,
        nonce: request.nonce,
        preferred_username: 'ada',
        name: 'Ada Lovelace',
        email: ADA.email,
      });
      expect(claims.auth_time).toEqual(expect.any(Number));
      const verified = await jwtVerify(
        tokens.id_token!,
        createRemoteJWKSet(new URL(config.serverMetadata().jwks_uri!)),
        { issuer: gatehouse.url, audience: PUBLIC_APP },
      );
      expect(verified.protectedHeader.alg).toBe('RS256');

      const userinfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      expect(userinfo).toMatchObject({
        sub: claims.sub,
        preferred_username: 'ada',
        email: ADA.email,
        isPro: true,
      });
      const granted = (
        userinfo.orgs as Array<{ sub: string; preferred_username: string; roleInOrg?: string }>
      ).map((org) => [org.preferred_username, org.sub, org.roleInOrg]);
      expect(granted.sort()).toEqual([
        ['analytical', orgs.analytical, 'admin'],
        ['babbage', orgs.babbage, 'read'],
      ]);

      const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
      expect(refreshed.access_token).not.toBe(tokens.access_token);
      expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
      expect((await client.fetchUserInfo(config, refreshed.access_token, claims.sub)).sub).toBe(
        claims.sub,
      );
      // A second process refreshing with the same token within the reuse grace gets the same pair.
      const again = await client.refreshTokenGrant(config, tokens.refresh_token!);
      expect([again.access_token, again.refresh_token]).toEqual([
        refreshed.access_token,
        refreshed.refresh_token,
      ]);

      // The same spent token stolen and replayed from another address within the grace gets nothing,
      // and ends the grant: the pair the owner holds stops working.
      const elsewhere = new Agent({ localAddress: '127.0.0.2' });
      try {
        const stolen = await httpRequest(`${gatehouse.url}/oauth/token`, {
          method: 'POST',
          dispatcher: elsewhere,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            client_id: PUBLIC_APP,
            refresh_token: tokens.refresh_token!,
          }).toString(),
        });
        expect(stolen.statusCode).toBe(400);
        expect(await stolen.body.json()).toMatchObject({ error: 'invalid_grant' });
      } finally {
        await elsewhere.close();
      }
      const afterTheft = await fetch(`${gatehouse.url}/oauth/userinfo`, {
        headers: { authorization: `Bearer ${refreshed.access_token}` },
      });
      expect(afterTheft.status).toBe(401);
    });

    it('spends no metadata-document budget on an anonymous storm of client IDs naming private addresses: a new app still gets its sign-in page', async () => {
      const authorize = (clientId: string) =>
        fetch(
          `${gatehouse.url}/oauth/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: callback.url(), response_type: 'code', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256' })}`,
          { redirect: 'manual' },
        );
      for (let wave = 0; wave < 10; wave += 1) {
        const statuses = await Promise.all(
          Array.from({ length: 30 }, (_, index) =>
            authorize(`https://10.9.${wave}.${index + 1}/client.json`).then((res) => res.status),
          ),
        );
        expect(statuses).toEqual(Array.from({ length: 30 }, () => 400));
      }
      site.serveJson('storm-survivor', {
        client_id: site.clientId('storm-survivor'),
        client_name: 'Storm survivor',
        redirect_uris: [callback.url()],
        token_endpoint_auth_method: 'none',
      });
      const res = await authorize(site.clientId('storm-survivor'));
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toMatch(/^\/oauth\/login\?/);
      expect(site.hits.get('storm-survivor')).toBe(1);
    });

    it('skips the consent page when nothing new is asked', async () => {
      const request = await authorizationRequest('openid profile');
      const page = await context.newPage();
      await Promise.all([page.waitForURL(`${callback.url()}?**`), page.goto(request.url.href)]);
      await page.close();
      const tokens = await client.authorizationCodeGrant(config, callback.last(), {
        pkceCodeVerifier: request.codeVerifier,
        expectedState: request.state,
        expectedNonce: request.nonce,
      });
      expect(tokens.scope).toBe('openid profile');
    });

    // docs/security.md "Leaked tokens": through the public address, the report is answered at
    // once and the auth service's consumer (Kafka in the distributed shape) revokes the grant.
    it('revokes a grant whose refresh token a secret scanner reports, and tells its owner', async () => {
      const request = await authorizationRequest('openid profile');
      const page = await context.newPage();
      await Promise.all([page.waitForURL(`${callback.url()}?**`), page.goto(request.url.href)]);
      await page.close();
      const tokens = await client.authorizationCodeGrant(config, callback.last(), {
        pkceCodeVerifier: request.codeVerifier,
        expectedState: request.state,
        expectedNonce: request.nonce,
      });
      const userinfoStatus = async () =>
        (
          await fetch(`${gatehouse.url}/oauth/userinfo`, {
            headers: { authorization: `Bearer ${tokens.access_token}` },
          })
        ).status;
      expect(await userinfoStatus()).toBe(200);

      const reported = await fetch(`${gatehouse.url}/api/credentials/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ credentials: [tokens.refresh_token] }),
      });
      expect([reported.status, await reported.json()]).toEqual([202, { status: 'accepted' }]);

      await waitUntil('the grant to be revoked', async () => (await userinfoStatus()) === 401);
      const notices = (await (
        await fetch(`${gatehouse.url}/api/settings/token-notices`, {
          headers: { authorization: `Bearer ${ADA_READ_TOKEN}` },
        })
      ).json()) as Array<{ tokenKind: string; clientId: string | null }>;
      expect(notices).toContainEqual(
        expect.objectContaining({ tokenKind: 'refresh', clientId: PUBLIC_APP }),
      );
    });

    it('comes back with access_denied when the user denies', async () => {
      const request = await authorizationRequest('openid read-repos');
      const page = await context.newPage();
      await page.goto(request.url.href);
      await expect(
        page.getByRole('heading', { name: 'Authorize E2E Public App' }).isVisible(),
      ).resolves.toBe(true);
      await Promise.all([
        page.waitForURL(`${callback.url()}?**`),
        page.getByRole('button', { name: 'Deny' }).click(),
      ]);
      await page.close();
      expect(Object.fromEntries(callback.last().searchParams)).toEqual({
        error: 'access_denied',
        error_description: 'The user denied the request',
        state: request.state,
        iss: gatehouse.url,
      });
      await expect(
        client.authorizationCodeGrant(config, callback.last(), {
          pkceCodeVerifier: request.codeVerifier,
          expectedState: request.state,
        }),
      ).rejects.toMatchObject({
        error: 'access_denied',
      });
    });

    it('serves the pages with a CSP that forbids framing and any script but their own', async () => {
      const res = await fetch(`${gatehouse.url}/oauth/login`);
      expect(res.headers.get('content-security-policy')).toBe(
        "default-src 'none'; style-src 'self'; script-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'",
      );
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    });

    // docs/security.md "A client choosing its own address". The web app calls from 127.0.0.1; a
    // guesser on 127.0.0.3 (another loopback address, so another peer) names 127.0.0.1 in
    // X-Forwarded-For. The all-in-one trusts no proxy; the stack's services trust their gateway,
    // which hands them the address it saw.
    it("counts wrong client secrets on the guesser's own address, whatever X-Forwarded-For it sends", async () => {
      const guesser = new Agent({ localAddress: '127.0.0.3' });
      const revoke = async (secret: string, dispatcher?: Agent) => {
        const res = await httpRequest(`${gatehouse.url}/oauth/revoke`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            authorization: `Basic ${Buffer.from(`${WEB_APP}:${secret}`).toString('base64')}`,
            'x-forwarded-for': '127.0.0.1',
          },
          body: new URLSearchParams({ token: 'not-a-token' }).toString(),
          dispatcher,
        });
        await res.body.dump();
        return res.statusCode;
      };
      try {
        for (let guess = 0; guess < 10; guess++)
          expect(await revoke(`guess-${guess}`, guesser)).toBe(401);
        expect(await revoke(WEB_APP_SECRET, guesser)).toBe(429);
        expect(await revoke(WEB_APP_SECRET)).toBe(200);
      } finally {
        await guesser.close();
      }
    });
  },
);
