import { TokenResponseBody } from '@gatehouse/identity';
import {
  basicAuth,
  postForm,
  startTokenTestApp,
  TEST_INTERNAL_TOKEN,
  TokenTestApp,
} from '../testing/token-test-app';

describe('/oauth/revoke and /oauth/introspect', () => {
  let app: TokenTestApp;
  let userId: string;
  let orgId: string;

  beforeAll(async () => {
    app = await startTokenTestApp();
    userId = (await app.seedUser('ada')).id;
    orgId = (await app.seedOrg('acme', 'enterprise')).id;
    await app.seedMembership(orgId, userId, 'write');
    await app.seedApp('hf-cli');
    await app.seedApp('space-app', { secret: 'space-s3cret' });
  });

  afterAll(async () => {
    await app?.close();
  });

  const signIn = (clientId = 'hf-cli'): Promise<TokenResponseBody> =>
    app.issue({
      kind: 'oauth',
      userId,
      clientId,
      scopes: ['openid', 'read-repos'],
      orgIds: [orgId],
      ttlSeconds: 3600,
      withRefreshToken: true,
      idToken: false,
    });
  const revoke = (params: Record<string, string>, headers?: Record<string, string>) =>
    postForm(`${app.url}/oauth/revoke`, params, headers);
  const introspect = (token: string, authorization = `Bearer ${TEST_INTERNAL_TOKEN}`) =>
    postForm(`${app.url}/oauth/introspect`, { token }, { Authorization: authorization });
  const active = async (token: string) =>
    ((await (await introspect(token)).json()) as { active: boolean }).active;

  describe('revocation (RFC 7009)', () => {
    it('revoking a refresh token revokes its family, access tokens included', async () => {
      const tokens = await signIn();
      const res = await revoke({
        token: tokens.refresh_token!,
        token_type_hint: 'refresh_token',
        client_id: 'hf-cli',
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('');
      expect(await active(tokens.access_token)).toBe(false);
      const refresh = await postForm(`${app.url}/oauth/token`, {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token!,
        client_id: 'hf-cli',
      });
      expect(refresh.status).toBe(400);
      expect(await refresh.json()).toEqual({
        error: 'invalid_grant',
        error_description: 'The refresh token was revoked',
      });
    });

    it('revoking an access token keeps the refresh token usable', async () => {
      const tokens = await signIn('space-app');
      expect(
        (
          await revoke(
            { token: tokens.access_token },
            { Authorization: basicAuth('space-app', 'space-s3cret') },
          )
        ).status,
      ).toBe(200);
      expect(await active(tokens.access_token)).toBe(false);
      const refresh = await postForm(
        `${app.url}/oauth/token`,
        { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! },
        { Authorization: basicAuth('space-app', 'space-s3cret') },
      );
      expect(refresh.status).toBe(200);
    });

    it('answers 200 for unknown tokens', async () => {
      expect(
        (await revoke({ token: 'hf_oauth_000000000000000000000000000000', client_id: 'hf-cli' }))
          .status,
      ).toBe(200);
      expect((await revoke({ token: 'not-even-a-token', client_id: 'hf-cli' })).status).toBe(200);
    });

    it('refuses another client’s token, an unauthenticated client and a missing token', async () => {
      const tokens = await signIn('space-app');
      const other = await revoke({ token: tokens.access_token, client_id: 'hf-cli' });
      expect(other.status).toBe(400);
      expect(await other.json()).toEqual({
        error: 'unauthorized_client',
        error_description: 'This token was not issued to this client',
      });
      expect(await active(tokens.access_token)).toBe(true);

      const noSecret = await revoke({ token: tokens.access_token, client_id: 'space-app' });
      expect(noSecret.status).toBe(401);
      expect(((await noSecret.json()) as { error: string }).error).toBe('invalid_client');

      const missing = await revoke({ client_id: 'hf-cli' });
      expect(missing.status).toBe(400);
      expect(await missing.json()).toEqual({
        error: 'invalid_request',
        error_description: 'token is required',
      });
    });
  });

  describe('introspection (RFC 7662)', () => {
    it('describes an active OAuth token', async () => {
      const tokens = await signIn();
      const res = await introspect(tokens.access_token);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toEqual({
        active: true,
        iss: 'https://hub.test',
        token_type: 'bearer',
        kind: 'oauth',
        scope: 'openid read-repos',
        client_id: 'hf-cli',
        sub: userId,
        username: 'ada',
        iat: expect.any(Number),
        exp: (body.iat as number) + 3600,
        organizations: [{ sub: orgId, name: 'acme', roleInOrg: 'write' }],
      });
    });

    it('adds bound_org and member_role for an exchange token', async () => {
      const { access_token } = await app.issue({
        kind: 'exchange',
        userId,
        clientId: 'space-app',
        scopes: ['read-repos'],
        orgIds: [],
        boundOrgId: orgId,
        memberRole: 'write',
        ttlSeconds: 28_800,
        withRefreshToken: false,
        idToken: false,
      });
      expect(await (await introspect(access_token)).json()).toMatchObject({
        active: true,
        kind: 'exchange',
        bound_org: orgId,
        member_role: 'write',
        client_id: 'space-app',
      });
    });

    it('describes a personal token', async () => {
      const token = await app.seedPersonalToken(userId, 'read', 'laptop');
      expect(await (await introspect(token)).json()).toMatchObject({
        active: true,
        kind: 'personal',
        role: 'read',
        name: 'laptop',
        sub: userId,
      });
    });

    it('answers {active: false} and nothing else for inactive tokens', async () => {
      const tokens = await signIn();
      for (const token of [
        tokens.refresh_token!,
        'hf_oauth_000000000000000000000000000000',
        'garbage',
      ]) {
        const res = await introspect(token);
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ active: false });
      }
    });

    it('needs the internal token', async () => {
      const tokens = await signIn();
      for (const authorization of [
        `Bearer ${tokens.access_token}`,
        'Bearer wrong-internal-token-000000000000',
        basicAuth('hf-cli', 'x'),
      ]) {
        const res = await introspect(tokens.access_token, authorization);
        expect(res.status).toBe(401);
        expect(res.headers.get('x-error-message')).toBe(
          'Invalid or missing internal service token',
        );
      }
      const none = await postForm(`${app.url}/oauth/introspect`, { token: tokens.access_token });
      expect(none.status).toBe(401);
    });

    it('answers invalid_request without a token', async () => {
      const res = await postForm(
        `${app.url}/oauth/introspect`,
        {},
        { Authorization: `Bearer ${TEST_INTERNAL_TOKEN}` },
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: 'invalid_request',
        error_description: 'token is required',
      });
    });
  });
});
