import { PrincipalInvalidator } from '@gatehouse/identity/testing';
import { aPersonalTokenView } from '../testing/personal-token-view-builders';
import { startTokenTestApp, TokenTestApp } from '../testing/token-test-app';

const INVALID_CREDENTIALS = 'Invalid credentials in Authorization header';

describe('/api/settings/tokens and /api/whoami-v2', () => {
  let app: TokenTestApp;
  let ada: string;
  let bob: string;
  let orgId: string;
  let adaWrite: string;
  let adaRead: string;
  let bobWrite: string;

  beforeAll(async () => {
    app = await startTokenTestApp();
    ada = (await app.seedUser('ada', { fullname: 'Ada Lovelace', isPro: true })).id;
    bob = (await app.seedUser('bob')).id;
    orgId = (await app.seedOrg('acme', 'team')).id;
    await app.seedMembership(orgId, ada, 'admin');
    await app.seedApp('notebook', { name: 'Notebook' });
    adaWrite = await app.seedPersonalToken(ada, 'write', 'ci-hub.js');
    adaRead = await app.seedPersonalToken(ada, 'read', 'reader');
    bobWrite = await app.seedPersonalToken(bob, 'write', 'bob laptop');
  });

  afterAll(async () => {
    await app?.close();
  });

  const call = (method: string, path: string, token: string | null, body?: unknown) =>
    fetch(`${app.url}${path}`, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });

  async function expectApiError(res: Response, status: number, message: string): Promise<void> {
    expect(res.status).toBe(status);
    expect(res.headers.get('x-error-message')).toBe(message);
    expect(await res.json()).toEqual({ error: message });
  }

  describe('personal access tokens', () => {
    it('creates a token shown once, which then authenticates', async () => {
      const res = await call('POST', '/api/settings/tokens', adaWrite, {
        name: 'notebook',
        role: 'read',
      });
      expect(res.status).toBe(201);
      const created = (await res.json()) as Record<string, string>;
      expect(created).toEqual({
        ...aPersonalTokenView({
          id: expect.stringMatching(/^[0-9a-f]{24}$/),
          name: 'notebook',
          createdAt: expect.any(String),
          preview: `hf_…${created.token!.slice(-4)}`,
        }),
        token: expect.stringMatching(/^hf_[0-9A-Za-z]{40,}$/),
      });
      const whoami = await call('GET', '/api/whoami-v2', created.token!);
      expect(whoami.status).toBe(200);
      expect(((await whoami.json()) as { auth: unknown }).auth).toEqual({
        type: 'access_token',
        accessToken: { displayName: 'notebook', role: 'read', createdAt: created.createdAt },
      });
      const [row] = await app.dataSource.query(
        'SELECT token_hash FROM personal_access_tokens WHERE id = $1',
        [created.id],
      );
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('lists the caller’s tokens without secrets, and no one else’s', async () => {
      const res = await call('GET', '/api/settings/tokens', adaRead);
      expect(res.status).toBe(200);
      const listed = (await res.json()) as Array<Record<string, unknown>>;
      expect(listed.map((token) => token.name)).toEqual(
        expect.arrayContaining(['ci-hub.js', 'reader']),
      );
      expect(listed.map((token) => token.name)).not.toContain('bob laptop');
      expect(Object.keys(listed[0]!).sort()).toEqual(Object.keys(aPersonalTokenView()).sort());
    });

    it('deletes a token: 204, then it is refused', async () => {
      const created = (await (
        await call('POST', '/api/settings/tokens', adaWrite, { name: 'short-lived', role: 'write' })
      ).json()) as Record<string, string>;
      const res = await call('DELETE', `/api/settings/tokens/${created.id}`, adaWrite);
      expect(res.status).toBe(204);
      await expectApiError(
        await call('GET', '/api/whoami-v2', created.token!),
        401,
        INVALID_CREDENTIALS,
      );
    });

    it('answers 404 when another user deletes a token, and the token keeps working', async () => {
      const created = (await (
        await call('POST', '/api/settings/tokens', adaWrite, { name: 'mine', role: 'read' })
      ).json()) as Record<string, string>;
      await expectApiError(
        await call('DELETE', `/api/settings/tokens/${created.id}`, bobWrite),
        404,
        'Access token not found',
      );
      expect((await call('GET', '/api/whoami-v2', created.token!)).status).toBe(200);
      await expectApiError(
        await call('DELETE', '/api/settings/tokens/65a0000000000000000000ff', adaWrite),
        404,
        'Access token not found',
      );
    });

    it('refuses read tokens on create and delete with 403', async () => {
      await expectApiError(
        await call('POST', '/api/settings/tokens', adaRead, { name: 'x', role: 'write' }),
        403,
        'This token has read-only access and cannot change anything',
      );
      const [row] = await app.dataSource.query(
        `SELECT id FROM personal_access_tokens WHERE name = 'ci-hub.js'`,
      );
      await expectApiError(
        await call('DELETE', `/api/settings/tokens/${row.id}`, adaRead),
        403,
        'This token has read-only access and cannot change anything',
      );
    });

    it('refuses OAuth tokens with 403', async () => {
      const { access_token } = await app.issue({
        kind: 'oauth',
        userId: ada,
        clientId: 'notebook',
        scopes: ['manage-repos'],
        orgIds: [],
        ttlSeconds: 600,
        withRefreshToken: false,
        idToken: false,
      });
      await expectApiError(
        await call('POST', '/api/settings/tokens', access_token, { name: 'x', role: 'write' }),
        403,
        'Access tokens can only be managed with a personal access token',
      );
      await expectApiError(
        await call('GET', '/api/settings/tokens', access_token),
        403,
        'Access tokens can only be managed with a personal access token',
      );
    });

    it('validates the body', async () => {
      await expectApiError(
        await call('POST', '/api/settings/tokens', adaWrite, { name: 'x', role: 'admin' }),
        400,
        'Invalid "role": Invalid option: expected one of "read"|"write"|"fineGrained"',
      );
      await expectApiError(
        await call('POST', '/api/settings/tokens', adaWrite, { name: ' ', role: 'read' }),
        400,
        'Invalid "name": Too small: expected string to have >=1 characters',
      );
    });

    it('answers 401 without a valid token', async () => {
      await expectApiError(
        await call('GET', '/api/settings/tokens', null),
        401,
        INVALID_CREDENTIALS,
      );
      await expectApiError(
        await call('POST', '/api/settings/tokens', 'hf_0000000000000000000000000000000000', {
          name: 'x',
          role: 'read',
        }),
        401,
        INVALID_CREDENTIALS,
      );
    });
  });

  describe('GET /api/whoami-v2', () => {
    it('answers a personal token in the Hugging Face shape', async () => {
      const res = await call('GET', '/api/whoami-v2', adaWrite);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        type: 'user',
        id: ada,
        name: 'ada',
        fullname: 'Ada Lovelace',
        email: 'ada@example.com',
        emailVerified: true,
        isPro: true,
        canPay: true,
        avatarUrl: '/avatars/default.svg',
        periodEnd: null,
        orgs: [
          {
            type: 'org',
            id: orgId,
            name: 'acme',
            fullname: 'acme Inc',
            email: null,
            canPay: true,
            avatarUrl: '/avatars/default.svg',
            periodEnd: null,
            roleInOrg: 'admin',
          },
        ],
        auth: {
          type: 'access_token',
          accessToken: { displayName: 'ci-hub.js', role: 'write', createdAt: expect.any(String) },
        },
      });
    });

    it('answers an OAuth token with what its scopes show', async () => {
      const { access_token } = await app.issue({
        kind: 'oauth',
        userId: ada,
        clientId: 'notebook',
        scopes: ['openid', 'email', 'write-repos'],
        orgIds: [orgId],
        ttlSeconds: 600,
        withRefreshToken: false,
        idToken: false,
      });
      const res = await call('GET', '/api/whoami-v2', access_token);
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({
        type: 'user',
        name: 'ada',
        email: 'ada@example.com',
        canPay: false,
        orgs: [{ id: orgId, name: 'acme' }],
      });
      expect(body.auth).toEqual({
        type: 'oauth',
        accessToken: { role: 'write', createdAt: expect.any(String) },
        expiresAt: expect.any(String),
        oauth: {
          clientId: 'notebook',
          appName: 'Notebook',
          scope: 'openid email write-repos',
          organizations: [orgId],
        },
      });
    });

    it.each([
      ['no Authorization header', null],
      ['an unknown personal token', 'hf_0000000000000000000000000000000000'],
      ['an unknown OAuth token', 'hf_oauth_0000000000000000000000000000000000'],
      ['a malformed token', 'not a token'],
    ])('answers 401 with X-Error-Message for %s', async (_case, token) => {
      await expectApiError(await call('GET', '/api/whoami-v2', token), 401, INVALID_CREDENTIALS);
    });

    it('answers 401 for an expired OAuth token and a disabled user', async () => {
      const { access_token } = await app.issue({
        kind: 'oauth',
        userId: bob,
        clientId: 'notebook',
        scopes: ['openid'],
        orgIds: [],
        ttlSeconds: 600,
        withRefreshToken: false,
        idToken: false,
      });
      await app.dataSource.query(
        `UPDATE access_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
        [bob],
      );
      await expectApiError(
        await call('GET', '/api/whoami-v2', access_token),
        401,
        INVALID_CREDENTIALS,
      );
      await app.dataSource.query('UPDATE users SET disabled_at = now() WHERE id = $1', [bob]);
      // bobWrite's principal is cached from the tests above; whatever changes an account says so.
      await app.service.app.get(PrincipalInvalidator).accountChanged(bob);
      await expectApiError(await call('GET', '/api/whoami-v2', bobWrite), 401, INVALID_CREDENTIALS);
    });
  });
});
