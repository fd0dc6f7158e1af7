import { startTokenTestApp, TokenTestApp } from '../testing/token-test-app';

describe('/oauth/userinfo', () => {
  let app: TokenTestApp;
  let userId: string;
  let acmeId: string;
  let betaId: string;

  beforeAll(async () => {
    app = await startTokenTestApp();
    userId = (
      await app.seedUser('ada', {
        fullname: 'Ada Lovelace',
        isPro: true,
        avatarUrl: '/avatars/ada.png',
      })
    ).id;
    acmeId = (await app.seedOrg('acme', 'enterprise')).id;
    betaId = (await app.seedOrg('beta')).id;
    await app.seedMembership(acmeId, userId, 'admin');
    await app.seedMembership(betaId, userId, 'read');
    await app.seedApp('notebook');
  });

  afterAll(async () => {
    await app?.close();
  });

  const accessToken = async (scopes: string[], orgIds: string[] = [acmeId]) =>
    (
      await app.issue({
        kind: 'oauth',
        userId,
        clientId: 'notebook',
        scopes,
        orgIds,
        ttlSeconds: 3600,
        withRefreshToken: false,
        idToken: false,
      })
    ).access_token;
  const get = (token: string) =>
    fetch(`${app.url}/oauth/userinfo`, { headers: { Authorization: `Bearer ${token}` } });

  it('answers the profile claims, isPro, and the granted organizations as orgs and organizations', async () => {
    const res = await get(await accessToken(['openid', 'profile']));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const acme = {
      sub: acmeId,
      name: 'acme Inc',
      preferred_username: 'acme',
      picture: 'https://hub.test/avatars/default.svg',
      plan: 'enterprise',
    };
    expect(await res.json()).toEqual({
      sub: userId,
      name: 'Ada Lovelace',
      preferred_username: 'ada',
      picture: 'https://hub.test/avatars/ada.png',
      profile: 'https://hub.test/ada',
      isPro: true,
      orgs: [acme],
      organizations: [acme],
    });
  });

  it('adds email with email, canPay with read-billing and roleInOrg with read-memberships', async () => {
    const res = await get(
      await accessToken(['openid', 'email', 'read-billing', 'read-memberships'], [acmeId, betaId]),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      sub: userId,
      email: 'ada@example.com',
      email_verified: true,
      isPro: true,
      canPay: true,
    });
    expect(body).not.toHaveProperty('preferred_username');
    expect(body.orgs).toEqual([
      expect.objectContaining({ sub: acmeId, roleInOrg: 'admin', canPay: true }),
      expect.objectContaining({ sub: betaId, roleInOrg: 'read', canPay: false }),
    ]);
  });

  it('shows no e-mail, billing or roles without their scopes, and [] when no organization was granted', async () => {
    const body = (await (await get(await accessToken(['openid'], []))).json()) as Record<
      string,
      unknown
    >;
    expect(body).toEqual({ sub: userId, isPro: true, orgs: [], organizations: [] });
  });

  it('answers POST, with the token in the header or as the access_token form parameter', async () => {
    const token = await accessToken(['openid', 'profile']);
    const header = await fetch(`${app.url}/oauth/userinfo`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(header.status).toBe(200);
    const form = await fetch(`${app.url}/oauth/userinfo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ access_token: token }).toString(),
    });
    expect(form.status).toBe(200);
    expect(((await form.json()) as Record<string, unknown>).preferred_username).toBe('ada');
  });

  it.each([
    [
      'an unknown token',
      'hf_oauth_0000000000000000000000000000000000',
      'The access token is invalid, expired or revoked',
    ],
    ['a personal token', 'PERSONAL', 'The access token is invalid, expired or revoked'],
    ['no token', '', 'An access token is required'],
  ])(
    'answers 401 invalid_token with a Bearer challenge for %s',
    async (_case, given, description) => {
      const token = given === 'PERSONAL' ? await app.seedPersonalToken(userId, 'write') : given;
      const res = await fetch(
        `${app.url}/oauth/userinfo`,
        token ? { headers: { Authorization: `Bearer ${token}` } } : {},
      );
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe(
        `Bearer realm="gatehouse", error="invalid_token", error_description="${description}"`,
      );
      expect(await res.json()).toEqual({ error: 'invalid_token', error_description: description });
    },
  );

  it('answers a revoked token with 401', async () => {
    const token = await accessToken(['openid']);
    await app.dataSource.query('UPDATE access_tokens SET revoked_at = now()');
    expect((await get(token)).status).toBe(401);
  });

  it('answers the CORS preflight of browser apps', async () => {
    const res = await fetch(`${app.url}/oauth/userinfo`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://someone.hf.space',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
