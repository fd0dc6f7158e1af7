import { randomBytes } from 'node:crypto';
import {
  basicAuth,
  postForm,
  privateOrgRepo,
  startTokenExchangeTestApps,
  TEST_USER_EMAIL_TOKEN_TYPE,
  TokenExchangeTestApps,
} from '../testing/token-exchange-test-app';

const GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
const SECRET = 'acme-exchange-secret-0123456789';
const SETUP_MESSAGE =
  'requires two-factor authentication: set up an authenticator app or a passkey at /settings/account/security, then try again.';

describe('an organization that requires two factors, on PostgreSQL', () => {
  let apps: TokenExchangeTestApps;
  const ids = { acme: '', other: '', alice: '', bob: '', carol: '' };
  const tokens = { alice: '', bob: '', carol: '' };

  beforeAll(async () => {
    apps = await startTokenExchangeTestApps({
      // Principals cached in Redis and in the process, as deployed: each decision below that
      // follows a change is made after the change dropped them.
      redisLabel: 'two-factor',
    });
    ids.acme = (await apps.seedOrg('acme')).id;
    ids.other = (await apps.seedOrg('other')).id;
    ids.alice = (await apps.seedUser('alice')).id;
    ids.bob = (await apps.seedUser('bob')).id;
    ids.carol = (await apps.seedUser('carol')).id;
    await apps.seedMembership(ids.acme, ids.alice, 'admin');
    await apps.seedMembership(ids.acme, ids.bob, 'admin');
    await apps.seedMembership(ids.acme, ids.carol, 'read');
    await apps.seedMembership(ids.other, ids.bob, 'admin');
    await apps.seedExchangeApp('acme-exchange', SECRET, ids.acme);
    tokens.alice = await apps.seedPersonalToken(ids.alice, 'write');
    tokens.bob = await apps.seedPersonalToken(ids.bob, 'write');
    tokens.carol = await apps.seedPersonalToken(ids.carol, 'write');
  });

  afterAll(async () => {
    await apps?.close();
  });

  const api = (path: string, token: string, body?: unknown) =>
    fetch(`${apps.serviceUrl}${path}`, {
      method: body === undefined ? 'GET' : 'PUT',
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const requirement = (org: string, token: string, requireTwoFactor?: boolean) =>
    api(
      `/api/organizations/${org}/settings/two-factor`,
      token,
      requireTwoFactor === undefined ? undefined : { requireTwoFactor },
    );
  const exchange = (email: string) =>
    postForm(
      `${apps.authUrl}/oauth/token`,
      {
        grant_type: GRANT,
        subject_token: email,
        subject_token_type: TEST_USER_EMAIL_TOKEN_TYPE,
      },
      { Authorization: basicAuth('acme-exchange', SECRET) },
    );
  const addAuthenticatorApp = (userId: string) =>
    apps.dataSource.query(
      `INSERT INTO totp_factors (user_id, secret_encrypted, confirmed_at) VALUES ($1, 'sealed', now())`,
      [userId],
    );
  const addPasskey = (userId: string) =>
    apps.dataSource.query(
      `INSERT INTO passkeys (id, user_id, credential_id, public_key, sign_count, transports, name)
       VALUES ($1, $2, $3, 'key', 0, '[]', 'laptop')`,
      [randomBytes(12).toString('hex'), userId, randomBytes(16).toString('base64url')],
    );
  const authorize = async (token: string, ownerId = ids.acme) => {
    const res = await apps.authorize({
      token,
      permission: 'repo.content.read',
      resource: privateOrgRepo(ownerId),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { allow: boolean; reason: string };
  };
  const auditEntries = async () =>
    (await apps.dataSource.query(
      `SELECT action, actor_user_id, subject, detail FROM audit_log
        WHERE org_id = $1 AND action = 'org.two_factor_requirement.updated' ORDER BY seq`,
      [ids.acme],
    )) as Array<{ action: string; actor_user_id: string; subject: string; detail: unknown }>;

  it('is off until an administrator turns it on; one without a factor is refused, so as not to lock themselves out', async () => {
    const read = await requirement('acme', tokens.alice);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ requireTwoFactor: false });

    const refused = await requirement('acme', tokens.alice, true);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBe(
      'Set up two-factor authentication for your own account first (/settings/account/security): requiring it now would lock you out of acme.',
    );
    expect(await auditEntries()).toEqual([]);
  });

  it('is turned on by an administrator with a factor, audited; then members without one are refused, with where to set one up', async () => {
    // Carol's principal is cached before the change, and must not outlive it.
    expect((await authorize(tokens.carol)).allow).toBe(true);
    await addAuthenticatorApp(ids.alice);
    const on = await requirement('acme', tokens.alice, true);
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({ requireTwoFactor: true });
    expect(await auditEntries()).toEqual([
      {
        action: 'org.two_factor_requirement.updated',
        actor_user_id: ids.alice,
        subject: 'acme',
        detail: { previous: false, requireTwoFactor: true },
      },
    ]);
    expect(await (await requirement('acme', tokens.alice)).json()).toEqual({
      requireTwoFactor: true,
    });

    const bobsSettings = await api('/api/organizations/acme/settings/tokens', tokens.bob);
    expect(bobsSettings.status).toBe(403);
    expect((await bobsSettings.json()).error).toBe(`Organization acme ${SETUP_MESSAGE}`);
    const bobsRequirement = await requirement('acme', tokens.bob, false);
    expect(bobsRequirement.status).toBe(403);

    expect(await authorize(tokens.carol)).toEqual({
      allow: false,
      reason: `Organization acme ${SETUP_MESSAGE}`,
      principal: expect.objectContaining({ userId: ids.carol }),
    });
    expect((await authorize(tokens.alice)).allow).toBe(true);

    const carols = await exchange('carol@example.com');
    expect(carols.status).toBe(400);
    expect(await carols.json()).toEqual({
      error: 'invalid_grant',
      error_description: `Organization acme ${SETUP_MESSAGE}`,
    });
  });

  it('lets a member in once they have a factor: an authenticator app or a passkey', async () => {
    await addPasskey(ids.bob);
    expect((await api('/api/organizations/acme/settings/tokens', tokens.bob)).status).toBe(200);
    expect((await authorize(tokens.carol)).allow).toBe(false);
    await addAuthenticatorApp(ids.carol);
    // What the second factors' service does in auth once a factor is added.
    await apps.principals.accountChanged(ids.carol);
    expect((await authorize(tokens.carol)).allow).toBe(true);
    expect((await exchange('carol@example.com')).status).toBe(200);
  });

  it('concerns only its own organization, and only its administrators may change it', async () => {
    expect((await api('/api/organizations/other/settings/tokens', tokens.bob)).status).toBe(200);
    expect(await (await requirement('other', tokens.bob)).json()).toEqual({
      requireTwoFactor: false,
    });
    expect((await requirement('other', tokens.alice, false)).status).toBe(404);
    expect((await requirement('acme', tokens.carol, false)).status).toBe(404);
    expect(await (await requirement('acme', tokens.alice)).json()).toEqual({
      requireTwoFactor: true,
    });
  });

  it('is turned off again, audited', async () => {
    const off = await requirement('acme', tokens.bob, false);
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ requireTwoFactor: false });
    expect((await auditEntries()).map((entry) => [entry.actor_user_id, entry.detail])).toEqual([
      [ids.alice, { previous: false, requireTwoFactor: true }],
      [ids.bob, { previous: true, requireTwoFactor: false }],
    ]);
  });
});
