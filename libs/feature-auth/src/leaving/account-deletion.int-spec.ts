import { hashPassword } from '@gatehouse/crypto';
import type { UserEntity } from '@gatehouse/persistence';
import { randomInt } from 'node:crypto';
import { AuthModule } from '../auth.module';
import { CookieBrowser, hiddenField } from '../testing/cookie-browser';
import { startTokenTestApp, TEST_PUBLIC_URL, type TokenTestApp } from '../testing/token-test-app';
import { DueAccountDeletions } from './due-account-deletions';

const PASSWORD = 'correct horse battery staple';
const DAY_MS = 86_400_000;

describe('leaving: "Delete my account", the grace period and the deletion', () => {
  let app: TokenTestApp;
  let addresses = 0;

  beforeAll(async () => {
    app = await startTokenTestApp([
      AuthModule.forRoot({
        publicUrl: TEST_PUBLIC_URL,
        authorizationCodeTtlSeconds: 60,
        signInSessionTtlSeconds: 3600,
        allowLoopbackTargets: false,
        accountDeletionGraceDays: 3,
      }),
    ]);
  });

  afterAll(async () => {
    await app?.close();
  });

  async function aPerson(): Promise<UserEntity> {
    return app.seedUser(`grace${randomInt(1e9)}`, { passwordHash: await hashPassword(PASSWORD) });
  }

  async function signedIn(user: UserEntity) {
    const browser = new CookieBrowser(app.url, `198.51.100.${(addresses += 1)}`);
    await browser.signIn(user.username, PASSWORD);
    const { csrfToken } = (await (await browser.request('/api/session')).json()) as {
      csrfToken: string;
    };
    const deleteAccount = (password: string) =>
      browser.request('/api/settings/account/deletion', {
        method: 'POST',
        headers: { 'X-CSRF-Token': csrfToken, 'Content-Type': 'application/json' },
        body: JSON.stringify({ password }),
      });
    return { browser, deleteAccount };
  }

  const dueAt = async (userId: string): Promise<Date | null> => {
    const [row] = (await app.dataSource.query(`SELECT deletion_due_at FROM users WHERE id = $1`, [
      userId,
    ])) as Array<{ deletion_due_at: Date | null }>;
    return row ? row.deletion_due_at : null;
  };

  /** Moves the account's due date into the past: the grace period, lived through. */
  const graceEnds = (userId: string) =>
    app.dataSource.query(
      `UPDATE users SET deletion_due_at = now() - interval '1 second' WHERE id = $1`,
      [userId],
    );

  const deleteDue = () => app.service.app.get(DueAccountDeletions).deleteDue();

  it('asks for the password, signs the account out, and a sign-in within the grace period calls the deletion off', async () => {
    const grace = await aPerson();
    const { browser, deleteAccount } = await signedIn(grace);

    const wrong = await deleteAccount('not my password');
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ error: 'The password is not right.' });
    expect(await dueAt(grace.id)).toBeNull();

    const before = Date.now();
    const scheduled = await deleteAccount(PASSWORD);
    expect(scheduled.status).toBe(202);
    const { deletionDueAt } = (await scheduled.json()) as { deletionDueAt: string };
    expect(Date.parse(deletionDueAt)).toBeGreaterThanOrEqual(before + 3 * DAY_MS);
    expect(Date.parse(deletionDueAt)).toBeLessThanOrEqual(Date.now() + 3 * DAY_MS);
    expect((await dueAt(grace.id))?.toISOString()).toBe(deletionDueAt);
    expect((await browser.request('/api/session')).status).toBe(401);

    const back = new CookieBrowser(app.url, `198.51.100.${(addresses += 1)}`);
    const form = await (await back.get('/oauth/login')).text();
    const answer = await back.post('/oauth/login', {
      csrf_token: hiddenField(form, 'csrf_token'),
      return_to: '/settings/account',
      login: grace.username,
      password: PASSWORD,
    });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('the deletion you asked for is cancelled');
    expect(await dueAt(grace.id)).toBeNull();
    expect((await back.request('/api/session')).status).toBe(200);

    await deleteDue();
    expect(
      (await app.dataSource.query(`SELECT id FROM users WHERE id = $1`, [grace.id])).length,
    ).toBe(1);
  });

  it('deletes the account and everything of it once the grace period ended, and publishes account.deleted', async () => {
    const gone = await aPerson();
    const stays = await aPerson();
    const token = await app.seedPersonalToken(gone.id, 'write', 'laptop');
    const { deleteAccount } = await signedIn(gone);
    expect((await deleteAccount(PASSWORD)).status).toBe(202);
    await signedIn(stays);

    expect(await deleteDue()).toBe(0);
    await graceEnds(gone.id);
    expect(await deleteDue()).toBe(1);

    expect(await app.dataSource.query(`SELECT id FROM users WHERE id = $1`, [gone.id])).toEqual([]);
    expect(
      await app.dataSource.query(`SELECT id FROM sign_in_sessions WHERE user_id = $1`, [gone.id]),
    ).toEqual([]);
    expect(
      (await fetch(`${app.url}/api/whoami-v2`, { headers: { Authorization: `Bearer ${token}` } }))
        .status,
    ).toBe(401);
    expect(
      (await app.dataSource.query(`SELECT id FROM users WHERE id = $1`, [stays.id])).length,
    ).toBe(1);
    const events = (await app.dataSource.query(
      `SELECT key, value FROM outbox WHERE topic = 'gatehouse.account-events.v1' AND key = $1`,
      [gone.id],
    )) as Array<{ key: string; value: string }>;
    const deleted = events
      .map((event) => JSON.parse(event.value) as { type: string; data: Record<string, unknown> })
      .filter((event) => event.type === 'account.deleted');
    expect(deleted.map((event) => event.data)).toEqual([
      {
        userId: gone.id,
        username: gone.username,
        deletedBy: 'owner',
        deletedAt: expect.any(String),
      },
    ]);
  });

  it('refuses while the owner is the only administrator of an organization, naming it', async () => {
    const admin = await aPerson();
    const org = await app.seedOrg(`acme${randomInt(1e9)}`);
    await app.seedMembership(org.id, admin.id, 'admin');
    const { browser, deleteAccount } = await signedIn(admin);

    const refused = await deleteAccount(PASSWORD);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: `${admin.username} is the only administrator of ${org.name}: give the organization another administrator first`,
    });
    expect(await dueAt(admin.id)).toBeNull();
    expect((await browser.request('/api/session')).status).toBe(200);
  });

  it('refuses a token: only the browser session deletes the account', async () => {
    const someone = await aPerson();
    const token = await app.seedPersonalToken(someone.id, 'write', 'laptop');
    const res = await fetch(`${app.url}/api/settings/account/deletion`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(res.status).toBe(403);
    expect(await dueAt(someone.id)).toBeNull();
  });
});
