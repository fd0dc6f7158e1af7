import { verifyPassword } from '@gatehouse/crypto';
import { SessionStore } from '@gatehouse/identity';
import type {
  AdminMemberView,
  AdminOrganizationView,
  AdminUsersPage,
  AdminUserView,
  EndedSessionsView,
  ResetFactorsView,
} from '@gatehouse/settings-api';
import { CONFIGURED_ADMIN, startAdminTestApp } from '../testing/admin-test-app';
import type { TokenTestApp } from '../testing/token-test-app';

describe('the admin API', () => {
  let app: TokenTestApp & { adminToken: string };
  let clientId: string;

  beforeAll(async () => {
    app = await startAdminTestApp();
    clientId = (await app.seedApp('admin-test-app')).clientId;
  });

  afterAll(async () => {
    await app?.close();
  });

  function call(
    method: string,
    path: string,
    body?: unknown,
    token: string | null = app.adminToken,
  ): Promise<Response> {
    return fetch(`${app.url}${path}`, {
      method,
      headers: {
        ...(token !== null && { Authorization: `Bearer ${token}` }),
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  }

  async function json<T>(response: Promise<Response>, status: number): Promise<T> {
    const answer = await response;
    const text = await answer.text();
    expect({ status: answer.status, text }).toEqual({ status, text: expect.any(String) });
    return (text ? JSON.parse(text) : undefined) as T;
  }

  async function refused(response: Promise<Response>, status: number, message: string | RegExp) {
    const answer = await response;
    expect(answer.status).toBe(status);
    const body = (await answer.json()) as { error: string };
    expect(body.error).toMatch(message);
    expect(answer.headers.get('x-error-message')).toBe(body.error);
  }

  const whoami = (token: string) =>
    fetch(`${app.url}/api/whoami-v2`, { headers: { Authorization: `Bearer ${token}` } });

  async function person(username: string, extra: Record<string, unknown> = {}) {
    const user = await app.seedUser(username, extra);
    return { user, token: await app.seedPersonalToken(user.id, 'write', `${username} laptop`) };
  }

  async function auditActions(targetId: string): Promise<string[]> {
    const rows: Array<{ action: string; actor_username: string }> = await app.dataSource.query(
      `SELECT action, actor_username FROM admin_audit_log WHERE target_id = $1 ORDER BY created_at, action`,
      [targetId],
    );
    return rows.map((row) => `${row.actor_username} ${row.action}`);
  }

  describe('who may call it', () => {
    it('refuses no token (401), a person who is no administrator (403) and an administrator’s read token (403)', async () => {
      const { user, token } = await person('mallory');
      await refused(call('GET', '/api/admin/users', undefined, null), 401, /./);
      await refused(
        call('GET', '/api/admin/users', undefined, token),
        403,
        'Only platform administrators may use the admin API',
      );
      await refused(
        call('POST', '/api/admin/organizations', { name: 'mallory-org' }, token),
        403,
        'Only platform administrators may use the admin API',
      );
      await refused(
        call('POST', `/api/admin/users/${user.username}/disable`, undefined, token),
        403,
        /platform administrators/,
      );
      const root = await app.dataSource.query(`SELECT id FROM users WHERE username = $1`, [
        CONFIGURED_ADMIN,
      ]);
      const readToken = await app.seedPersonalToken(root[0].id, 'read', 'root read');
      await refused(
        call('GET', '/api/admin/users', undefined, readToken),
        403,
        'The admin API takes a write access token of a platform administrator',
      );
      expect((await whoami(token)).status).toBe(200);
    });

    it('lets in a user the seed flags platformAdmin, and says who is an administrator', async () => {
      const { token } = await person('grace', { platformAdmin: true });
      const page = await json<AdminUsersPage>(
        call('GET', '/api/admin/users?search=grace', undefined, token),
        200,
      );
      expect(page.users.map((u) => [u.username, u.platformAdmin])).toEqual([['grace', true]]);
      const root = await json<AdminUserView>(
        call('GET', `/api/admin/users/${CONFIGURED_ADMIN}`),
        200,
      );
      expect(root.platformAdmin).toBe(true);
    });
  });

  describe('users', () => {
    it('creates a user with a password and a confirmed e-mail, and refuses a taken name or bad input', async () => {
      const created = await json<AdminUserView>(
        call('POST', '/api/admin/users', {
          username: 'newton',
          email: 'Newton@Example.com',
          password: 'gravity-falls-down',
          emailConfirmed: true,
        }),
        201,
      );
      expect(created).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        username: 'newton',
        email: 'Newton@Example.com',
        fullname: 'newton',
        emailConfirmedAt: expect.any(String),
        disabledAt: null,
        platformAdmin: false,
        createdAt: expect.any(String),
      });
      const [row] = await app.dataSource.query(`SELECT password_hash FROM users WHERE id = $1`, [
        created.id,
      ]);
      expect(await verifyPassword('gravity-falls-down', row.password_hash)).toBe(true);
      expect(await auditActions(created.id)).toEqual([`${CONFIGURED_ADMIN} user.created`]);

      const bare = await json<AdminUserView>(
        call('POST', '/api/admin/users', { username: 'leibniz', email: 'leibniz@example.com' }),
        201,
      );
      expect(bare.emailConfirmedAt).toBeNull();
      const [bareRow] = await app.dataSource.query(
        `SELECT password_hash FROM users WHERE id = $1`,
        [bare.id],
      );
      expect(await verifyPassword('', bareRow.password_hash)).toBe(false);

      await refused(
        call('POST', '/api/admin/users', { username: 'NEWTON', email: 'other@example.com' }),
        409,
        'That username or e-mail address is already taken',
      );
      await refused(
        call('POST', '/api/admin/users', { username: 'other', email: 'newton@example.com' }),
        409,
        'That username or e-mail address is already taken',
      );
      await refused(
        call('POST', '/api/admin/users', { username: '-bad', email: 'bad@example.com' }),
        400,
        /username/,
      );
      await refused(
        call('POST', '/api/admin/users', { username: 'fine', email: 'not-an-address' }),
        400,
        /email/,
      );
      await refused(
        call('POST', '/api/admin/users', { username: 'fine', email: 'f@example.com', admin: true }),
        400,
        /admin/,
      );
      await refused(
        call('POST', '/api/admin/users', {
          username: 'fine',
          email: 'f@example.com',
          password: 'short',
        }),
        400,
        /at least 8 characters/,
      );
    });

    it('finds a user by username, e-mail address or id, pages the list, and answers 404 for nobody', async () => {
      const { user } = await person('pascal');
      for (const key of ['pascal', 'PASCAL@example.com', user.id]) {
        const found = await json<AdminUserView>(
          call('GET', `/api/admin/users/${encodeURIComponent(key)}`),
          200,
        );
        expect(found.id).toBe(user.id);
      }
      await refused(call('GET', '/api/admin/users/nobody-here'), 404, 'No user nobody-here');

      await person('pascal2');
      await person('pascal3');
      const first = await json<AdminUsersPage>(
        call('GET', '/api/admin/users?search=pascal&limit=2'),
        200,
      );
      expect(first.users.map((u) => u.username)).toEqual(['pascal', 'pascal2']);
      expect(first.next).toBe('pascal2');
      const second = await json<AdminUsersPage>(
        call('GET', `/api/admin/users?search=pascal&limit=2&after=${first.next}`),
        200,
      );
      expect(second).toEqual({
        users: [expect.objectContaining({ username: 'pascal3' })],
        next: null,
      });
      await refused(call('GET', '/api/admin/users?limit=0'), 400, /limit/);
      await refused(call('GET', '/api/admin/users?limit=many'), 400, /limit/);
    });

    it('disables a user, whose warm token is refused on the very next request, and enables them again', async () => {
      const { user, token } = await person('turing');
      expect((await whoami(token)).status).toBe(200);
      expect((await whoami(token)).status).toBe(200);

      const disabled = await json<AdminUserView>(
        call('POST', '/api/admin/users/turing/disable'),
        200,
      );
      expect(disabled.disabledAt).toEqual(expect.any(String));
      expect((await whoami(token)).status).toBe(401);

      const enabled = await json<AdminUserView>(
        call('POST', '/api/admin/users/turing/enable'),
        200,
      );
      expect(enabled.disabledAt).toBeNull();
      expect((await whoami(token)).status).toBe(200);
      expect(await auditActions(user.id)).toEqual([
        `${CONFIGURED_ADMIN} user.disabled`,
        `${CONFIGURED_ADMIN} user.enabled`,
      ]);

      await refused(
        call('POST', `/api/admin/users/${CONFIGURED_ADMIN}/disable`),
        400,
        'Administrators cannot disable their own account',
      );
      await refused(
        call('POST', '/api/admin/users/nobody-here/disable'),
        404,
        'No user nobody-here',
      );
    });

    it('sets and clears the e-mail confirmation', async () => {
      const { user } = await person('hopper');
      const confirmed = await json<AdminUserView>(
        call('PUT', '/api/admin/users/hopper/email-confirmed', { confirmed: true }),
        200,
      );
      expect(confirmed.emailConfirmedAt).toEqual(expect.any(String));
      const cleared = await json<AdminUserView>(
        call('PUT', '/api/admin/users/hopper/email-confirmed', { confirmed: false }),
        200,
      );
      expect(cleared.emailConfirmedAt).toBeNull();
      await refused(
        call('PUT', '/api/admin/users/hopper/email-confirmed', { confirmed: 'yes' }),
        400,
        /confirmed/,
      );
      expect(await auditActions(user.id)).toEqual([
        `${CONFIGURED_ADMIN} user.email_confirmation_set`,
        `${CONFIGURED_ADMIN} user.email_confirmation_set`,
      ]);
    });

    /** A signed-in browser session of the user, and a request made with it. */
    async function browserSession(userId: string) {
      const id = `session${userId}${Date.now()}`;
      await app.service.app
        .get(SessionStore)
        .put(id, { csrfToken: 'csrf-token', userId, authTime: Date.now() - 1000 }, 3600);
      return () =>
        fetch(`${app.url}/api/whoami-v2`, {
          headers: { Cookie: `__Host-gatehouse_session=${id}`, 'X-CSRF-Token': 'csrf-token' },
        });
    }

    it('ends every session and OAuth token of a user, and leaves personal tokens', async () => {
      const { user, token } = await person('lovelace');
      const oauth = await app.issue({
        kind: 'oauth',
        userId: user.id,
        clientId,
        scopes: ['openid', 'read-repos'],
        orgIds: [],
        ttlSeconds: 3600,
        withRefreshToken: true,
        idToken: false,
      });
      const session = await browserSession(user.id);
      expect((await session()).status).toBe(200);
      expect((await whoami(oauth.access_token)).status).toBe(200);

      const ended = await json<EndedSessionsView>(
        call('POST', '/api/admin/users/lovelace/sessions/end'),
        200,
      );
      expect(ended).toEqual({
        sessionsEnded: true,
        refreshTokensRevoked: 1,
        accessTokensRevoked: 1,
      });
      expect((await session()).status).toBe(401);
      expect((await whoami(oauth.access_token)).status).toBe(401);
      expect((await whoami(token)).status).toBe(200);
      const [refresh] = await app.dataSource.query(
        `SELECT revoked_at FROM refresh_tokens WHERE user_id = $1`,
        [user.id],
      );
      expect(refresh.revoked_at).toBeInstanceOf(Date);
      const events = await app.dataSource.query(
        `SELECT count(*)::int AS n FROM outbox WHERE key = $1 AND (value || headers::text) LIKE '%token.revoked%'`,
        [user.id],
      );
      expect(events[0].n).toBe(2);

      const later = await browserSession(user.id);
      expect((await later()).status).toBe(401);
      expect(await auditActions(user.id)).toEqual([`${CONFIGURED_ADMIN} user.sessions_ended`]);
    });

    it('resets factors: removes what the factor stores hold (none plugged in) and signs the user out everywhere', async () => {
      const { user } = await person('hamilton');
      const oauth = await app.issue({
        kind: 'oauth',
        userId: user.id,
        clientId,
        scopes: ['openid'],
        orgIds: [],
        ttlSeconds: 3600,
        withRefreshToken: false,
        idToken: false,
      });
      const session = await browserSession(user.id);
      const reset = await json<ResetFactorsView>(
        call('POST', '/api/admin/users/hamilton/factors/reset'),
        200,
      );
      expect(reset).toEqual({
        factorsRemoved: {},
        sessionsEnded: true,
        refreshTokensRevoked: 0,
        accessTokensRevoked: 1,
      });
      expect((await whoami(oauth.access_token)).status).toBe(401);
      expect((await session()).status).toBe(401);
      expect(await auditActions(user.id)).toEqual([`${CONFIGURED_ADMIN} user.factors_reset`]);
      await refused(call('POST', '/api/admin/users/nobody-here/factors/reset'), 404, /No user/);
    });

    it('deletes a user, whose tokens stop at once, but not the only administrator of an organization', async () => {
      const { user, token } = await person('babbage');
      expect((await whoami(token)).status).toBe(200);
      const deleted = await call('DELETE', '/api/admin/users/babbage');
      expect(deleted.status).toBe(204);
      expect((await whoami(token)).status).toBe(401);
      await refused(call('GET', '/api/admin/users/babbage'), 404, 'No user babbage');
      expect(await auditActions(user.id)).toEqual([`${CONFIGURED_ADMIN} user.deleted`]);

      const { user: owner } = await person('noether');
      const org = await app.seedOrg('rings');
      await app.seedMembership(org.id, owner.id, 'admin');
      await refused(
        call('DELETE', '/api/admin/users/noether'),
        409,
        'noether is the only administrator of rings: give the organization another administrator first',
      );
      await refused(
        call('DELETE', `/api/admin/users/${CONFIGURED_ADMIN}`),
        400,
        'Administrators cannot delete their own account',
      );
      await refused(call('DELETE', '/api/admin/users/nobody-here'), 404, /No user/);
    });
  });

  describe('organizations', () => {
    const orgsOf = async (token: string) =>
      (
        (await (await whoami(token)).json()) as { orgs: Array<{ name: string; roleInOrg: string }> }
      ).orgs.map((org) => `${org.name}:${org.roleInOrg}`);

    it('creates an organization with its first administrator, and refuses a taken name or bad input', async () => {
      const { token } = await person('curie');
      const created = await json<AdminOrganizationView>(
        call('POST', '/api/admin/organizations', { name: 'radium', plan: 'team', admin: 'curie' }),
        201,
      );
      expect(created).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: 'radium',
        fullname: 'radium',
        plan: 'team',
        createdAt: expect.any(String),
      });
      expect(await orgsOf(token)).toEqual(['radium:admin']);
      expect(
        await json<AdminMemberView[]>(call('GET', '/api/admin/organizations/radium/members'), 200),
      ).toEqual([{ userId: expect.any(String), username: 'curie', role: 'admin' }]);
      expect(await auditActions(created.id)).toEqual([
        `${CONFIGURED_ADMIN} organization.created`,
        `${CONFIGURED_ADMIN} organization.member_added`,
      ]);
      await refused(
        call('POST', '/api/admin/organizations', { name: 'RADIUM' }),
        409,
        'The organization name RADIUM is already taken',
      );
      await refused(call('POST', '/api/admin/organizations', { name: 'a b' }), 400, /name/);
      await refused(
        call('POST', '/api/admin/organizations', { name: 'x', plan: 'gold' }),
        400,
        /plan/,
      );
      await refused(
        call('POST', '/api/admin/organizations', { name: 'polonium', admin: 'nobody-here' }),
        404,
        'No user nobody-here',
      );
      await refused(
        call('GET', '/api/admin/organizations/nowhere/members'),
        404,
        'No organization nowhere',
      );
    });

    it('adds, re-roles and removes members, whose tokens see it at once, and never leaves the organization without an administrator', async () => {
      await person('bohr');
      const { token } = await person('heisenberg');
      await json(
        call('POST', '/api/admin/organizations', { name: 'copenhagen', admin: 'bohr' }),
        201,
      );
      expect(await orgsOf(token)).toEqual([]);

      const added = await json<AdminMemberView[]>(
        call('POST', '/api/admin/organizations/copenhagen/members', {
          username: 'heisenberg',
          role: 'read',
        }),
        201,
      );
      expect(added.map((m) => `${m.username}:${m.role}`)).toEqual([
        'bohr:admin',
        'heisenberg:read',
      ]);
      expect(await orgsOf(token)).toEqual(['copenhagen:read']);
      await refused(
        call('POST', '/api/admin/organizations/copenhagen/members', {
          username: 'heisenberg',
          role: 'write',
        }),
        409,
        'heisenberg is already a member of copenhagen',
      );
      await refused(
        call('POST', '/api/admin/organizations/copenhagen/members', {
          username: 'heisenberg',
          role: 'owner',
        }),
        400,
        /role/,
      );

      await json(
        call('PATCH', '/api/admin/organizations/copenhagen/members/heisenberg', { role: 'write' }),
        200,
      );
      expect(await orgsOf(token)).toEqual(['copenhagen:write']);
      await refused(
        call('PATCH', '/api/admin/organizations/copenhagen/members/bohr', { role: 'read' }),
        409,
        'bohr is the only administrator of copenhagen: make another member an administrator first',
      );
      await refused(
        call('DELETE', '/api/admin/organizations/copenhagen/members/bohr'),
        409,
        /only administrator of copenhagen/,
      );
      await refused(
        call('PATCH', '/api/admin/organizations/copenhagen/members/curie', { role: 'read' }),
        404,
        'curie is not a member of copenhagen',
      );

      expect(
        (await call('DELETE', '/api/admin/organizations/copenhagen/members/heisenberg')).status,
      ).toBe(204);
      expect(await orgsOf(token)).toEqual([]);
      await refused(
        call('DELETE', '/api/admin/organizations/copenhagen/members/heisenberg'),
        404,
        'heisenberg is not a member of copenhagen',
      );
      const [org] = await app.dataSource.query(
        `SELECT id FROM organizations WHERE name = 'copenhagen'`,
      );
      expect(await auditActions(org.id)).toEqual([
        `${CONFIGURED_ADMIN} organization.created`,
        `${CONFIGURED_ADMIN} organization.member_added`,
        `${CONFIGURED_ADMIN} organization.member_added`,
        `${CONFIGURED_ADMIN} organization.member_role_set`,
        `${CONFIGURED_ADMIN} organization.member_removed`,
      ]);
    });
  });
});
