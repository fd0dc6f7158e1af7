import { Injectable, Module } from '@nestjs/common';
import {
  GrantHandler,
  provideGrantHandlers,
  TokenRequestContext,
  TokenResponseBody,
} from '@gatehouse/identity';
import { waitUntil } from '@gatehouse/testing';
import { createLocalJWKSet, JSONWebKeySet, jwtVerify } from 'jose';
import {
  basicAuth,
  postForm,
  startTokenTestApp,
  TEST_PUBLIC_URL,
  TEST_REFRESH_REUSE_GRACE_SECONDS,
  TokenTestApp,
} from '../testing/token-test-app';

/** A grant contributed by another module, as the device-flow and token-exchange modules do. */
@Injectable()
class EchoGrant implements GrantHandler {
  readonly grantType = 'urn:gatehouse:test:echo';
  async handle(request: TokenRequestContext): Promise<TokenResponseBody> {
    return {
      access_token: `hf_oauth_echo`,
      token_type: 'bearer',
      expires_in: 1,
      scope: JSON.stringify(request.params),
    };
  }
}

@Module({ providers: provideGrantHandlers(EchoGrant) })
class EchoGrantModule {}

describe('POST /oauth/token', () => {
  let app: TokenTestApp;
  let userId: string;

  beforeAll(async () => {
    app = await startTokenTestApp([EchoGrantModule]);
    userId = (await app.seedUser('ada')).id;
    await app.seedApp('hf-cli', { accessTokenTtlSeconds: 1800 });
    await app.seedApp('space-app', { secret: 'space-s3cret' });
  });

  afterAll(async () => {
    await app?.close();
  });

  const token = (params: Record<string, string>, headers?: Record<string, string>) =>
    postForm(`${app.url}/oauth/token`, params, headers);
  const signIn = (clientId: string, scopes = ['openid', 'profile', 'read-repos']) =>
    app.issue({
      kind: 'oauth',
      userId,
      clientId,
      scopes,
      orgIds: [],
      ttlSeconds: 1800,
      withRefreshToken: true,
      idToken: false,
    });
  const whoamiStatus = async (accessToken: string) =>
    (
      await fetch(`${app.url}/api/whoami-v2`, {
        headers: { Authorization: `Bearer ${accessToken}` },
      })
    ).status;

  async function expectOAuthError(
    res: Response,
    status: number,
    error: string,
    description?: string,
  ): Promise<void> {
    expect(res.status).toBe(status);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('pragma')).toBe('no-cache');
    const body = (await res.json()) as Record<string, string>;
    expect(body.error).toBe(error);
    if (description !== undefined) expect(body.error_description).toBe(description);
  }

  describe('dispatch', () => {
    it('answers invalid_request without grant_type', async () => {
      await expectOAuthError(
        await token({ client_id: 'hf-cli' }),
        400,
        'invalid_request',
        'grant_type is required',
      );
    });

    it('answers unsupported_grant_type for an unknown grant', async () => {
      await expectOAuthError(
        await token({ grant_type: 'password' }),
        400,
        'unsupported_grant_type',
        "grant_type 'password' is not supported",
      );
    });

    it('answers invalid_request for a repeated parameter', async () => {
      const res = await fetch(`${app.url}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=refresh_token&scope=a&scope=b',
      });
      await expectOAuthError(
        res,
        400,
        'invalid_request',
        "Parameter 'scope' must not be sent more than once",
      );
    });

    it('hands form and JSON bodies to grants other modules register', async () => {
      const form = await token({ grant_type: 'urn:gatehouse:test:echo', a: '1' });
      expect(form.status).toBe(200);
      expect(JSON.parse(((await form.json()) as TokenResponseBody).scope)).toEqual({
        grant_type: 'urn:gatehouse:test:echo',
        a: '1',
      });

      const json = await fetch(`${app.url}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'urn:gatehouse:test:echo',
          subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
          n: 2,
        }),
      });
      expect(json.status).toBe(200);
      expect(json.headers.get('cache-control')).toBe('no-store');
      expect(JSON.parse(((await json.json()) as TokenResponseBody).scope)).toEqual({
        grant_type: 'urn:gatehouse:test:echo',
        subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
        n: '2',
      });
    });
  });

  describe('refresh_token grant', () => {
    it('rotates for a public client identified by client_id (huggingface_hub)', async () => {
      const first = await signIn('hf-cli');
      const res = await token({
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token!,
        client_id: 'hf-cli',
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('pragma')).toBe('no-cache');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const body = (await res.json()) as TokenResponseBody;
      expect(body).toEqual({
        access_token: expect.stringMatching(/^hf_oauth_[0-9A-Za-z]{40,}$/),
        token_type: 'bearer',
        expires_in: 1800,
        scope: 'openid profile read-repos',
        refresh_token: expect.stringMatching(/^hf_oauth_refresh_[0-9A-Za-z]{40,}$/),
        id_token: expect.any(String),
      });
      expect(body.refresh_token).not.toBe(first.refresh_token);
      expect(await whoamiStatus(body.access_token)).toBe(200);
    });

    it('returns an id_token for openid that verifies against the JWKS', async () => {
      const first = await signIn('hf-cli');
      const body = (await (
        await token({
          grant_type: 'refresh_token',
          refresh_token: first.refresh_token!,
          client_id: 'hf-cli',
        })
      ).json()) as TokenResponseBody;
      const jwks = (await (await fetch(`${app.url}/oauth/jwks`)).json()) as JSONWebKeySet;
      const { payload } = await jwtVerify(body.id_token!, createLocalJWKSet(jwks), {
        issuer: TEST_PUBLIC_URL,
        audience: 'hf-cli',
      });
      expect(payload).toMatchObject({
        sub: userId,
        preferred_username: 'ada',
        profile: 'https://hub.test/ada',
      });
      expect(payload.at_hash).toEqual(expect.any(String));
    });

    it('on reuse of a spent refresh token revokes the whole family, access tokens included', async () => {
      const first = await signIn('hf-cli');
      const second = (await (
        await token({
          grant_type: 'refresh_token',
          refresh_token: first.refresh_token!,
          client_id: 'hf-cli',
        })
      ).json()) as TokenResponseBody;
      expect(await whoamiStatus(first.access_token)).toBe(200);
      expect(await whoamiStatus(second.access_token)).toBe(200);

      // The grace is a TTL in Redis, on Redis's clock: within it this same client reusing the
      // spent token gets the same pair again (harmless to ask); once it has run out, the reuse
      // is refused and revokes the family.
      const reuse = () =>
        token({
          grant_type: 'refresh_token',
          refresh_token: first.refresh_token!,
          client_id: 'hf-cli',
        });
      const refused = await waitUntil(
        `the ${TEST_REFRESH_REUSE_GRACE_SECONDS} s reuse grace to run out`,
        async () => {
          const answer = await reuse();
          if (answer.status !== 200) return answer;
          expect(((await answer.json()) as TokenResponseBody).refresh_token).toBe(
            second.refresh_token,
          );
          return false;
        },
        { intervalMs: 250 },
      );
      await expectOAuthError(
        refused,
        400,
        'invalid_grant',
        'The refresh token was already used; every token of this grant is now revoked',
      );
      expect(await whoamiStatus(first.access_token)).toBe(401);
      expect(await whoamiStatus(second.access_token)).toBe(401);
      await expectOAuthError(
        await token({
          grant_type: 'refresh_token',
          refresh_token: second.refresh_token!,
          client_id: 'hf-cli',
        }),
        400,
        'invalid_grant',
        'The refresh token was revoked',
      );
    });

    it('gives two processes refreshing with one token at once the same new pair, and revokes nothing', async () => {
      const first = await signIn('hf-cli');
      const answers = await Promise.all(
        [1, 2].map(() =>
          token({
            grant_type: 'refresh_token',
            refresh_token: first.refresh_token!,
            client_id: 'hf-cli',
          }),
        ),
      );
      expect(answers.map((res) => res.status)).toEqual([200, 200]);
      const [one, two] = (await Promise.all(
        answers.map((res) => res.json()),
      )) as TokenResponseBody[];
      expect(two).toEqual(one);
      expect(one!.refresh_token).not.toBe(first.refresh_token);
      expect(await whoamiStatus(one!.access_token)).toBe(200);
      expect(
        (
          await token({
            grant_type: 'refresh_token',
            refresh_token: one!.refresh_token!,
            client_id: 'hf-cli',
          })
        ).status,
      ).toBe(200);
    });

    it('authenticates confidential apps with Basic and refuses a wrong secret with 401 and a Basic challenge', async () => {
      const first = await signIn('space-app');
      const ok = await token(
        { grant_type: 'refresh_token', refresh_token: first.refresh_token! },
        { Authorization: basicAuth('space-app', 'space-s3cret') },
      );
      expect(ok.status).toBe(200);

      const again = await signIn('space-app');
      const res = await token(
        { grant_type: 'refresh_token', refresh_token: again.refresh_token! },
        { Authorization: basicAuth('space-app', 'wrong') },
      );
      await expectOAuthError(res, 401, 'invalid_client', 'Invalid client credentials');
      expect(res.headers.get('www-authenticate')).toBe('Basic realm="gatehouse"');

      await expectOAuthError(
        await token({
          grant_type: 'refresh_token',
          refresh_token: again.refresh_token!,
          client_id: 'space-app',
        }),
        401,
        'invalid_client',
      );
    });

    it('narrows scopes on request and refuses widening with invalid_scope', async () => {
      const first = await signIn('hf-cli');
      await expectOAuthError(
        await token({
          grant_type: 'refresh_token',
          refresh_token: first.refresh_token!,
          client_id: 'hf-cli',
          scope: 'openid email',
        }),
        400,
        'invalid_scope',
        "Scope 'email' was not granted to this refresh token",
      );
      const res = await token({
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token!,
        client_id: 'hf-cli',
        scope: 'read-repos',
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as TokenResponseBody).scope).toBe('read-repos');
    });

    it('refuses another client’s refresh token and a disabled user with invalid_grant', async () => {
      const theirs = await signIn('space-app');
      await expectOAuthError(
        await token({
          grant_type: 'refresh_token',
          refresh_token: theirs.refresh_token!,
          client_id: 'hf-cli',
        }),
        400,
        'invalid_grant',
        'Invalid refresh token',
      );

      const bob = await app.seedUser('bob');
      const bobs = await app.issue({
        kind: 'oauth',
        userId: bob.id,
        clientId: 'hf-cli',
        scopes: ['openid'],
        orgIds: [],
        ttlSeconds: 60,
        withRefreshToken: true,
        idToken: false,
      });
      await app.dataSource.query('UPDATE users SET disabled_at = now() WHERE id = $1', [bob.id]);
      await expectOAuthError(
        await token({
          grant_type: 'refresh_token',
          refresh_token: bobs.refresh_token!,
          client_id: 'hf-cli',
        }),
        400,
        'invalid_grant',
        'The user of this grant can no longer sign in',
      );
    });

    it('accepts a JSON body', async () => {
      const first = await signIn('hf-cli');
      const res = await fetch(`${app.url}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'refresh_token',
          refresh_token: first.refresh_token,
          client_id: 'hf-cli',
        }),
      });
      expect(res.status).toBe(200);
    });

    it('answers invalid_request without refresh_token', async () => {
      await expectOAuthError(
        await token({ grant_type: 'refresh_token', client_id: 'hf-cli' }),
        400,
        'invalid_request',
        'refresh_token is required',
      );
    });
  });
});
