import { hashPassword } from '@gatehouse/crypto';
import { TransactionRunner } from '@gatehouse/identity';
import { tokenRevokedByOrganizationEvent, Topics } from '@gatehouse/messaging';
import type { UserEntity } from '@gatehouse/persistence';
import type { SecurityEventView } from '@gatehouse/settings-api';
import { randomBytes, randomInt } from 'node:crypto';
import { AuthModule } from '../auth.module';
import { CookieBrowser } from '../testing/cookie-browser';
import { startTokenTestApp, TEST_PUBLIC_URL, type TokenTestApp } from '../testing/token-test-app';
import { OrganizationRevocationNoticeConsumer } from './organization-revocation-notice.consumer';
import { SecurityNotices } from './security-notices';

const PASSWORD = 'correct horse battery staple';
const FIREFOX_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('security notices: entries on the account page and their e-mail', () => {
  let app: TokenTestApp;
  let addresses = 0;

  beforeAll(async () => {
    app = await startTokenTestApp([
      AuthModule.forRoot({
        publicUrl: TEST_PUBLIC_URL,
        authorizationCodeTtlSeconds: 60,
        signInSessionTtlSeconds: 3600,
        allowLoopbackTargets: false,
      }),
    ]);
  });

  afterAll(async () => {
    await app?.close();
  });

  async function aPerson(): Promise<UserEntity> {
    return app.seedUser(`ada${randomInt(1e9)}`, { passwordHash: await hashPassword(PASSWORD) });
  }

  const newBrowser = () =>
    new CookieBrowser(app.url, `198.51.100.${(addresses += 1)}`, FIREFOX_ON_WINDOWS);

  async function eventsOf(browser: CookieBrowser): Promise<SecurityEventView[]> {
    const { csrfToken } = (await (await browser.request('/api/session')).json()) as {
      csrfToken: string;
    };
    const res = await browser.request('/api/settings/account/security-events', {
      headers: { 'X-CSRF-Token': csrfToken },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as SecurityEventView[];
  }

  /** The account mail requested for the user, by template, from the outbox. */
  async function mailsOf(user: UserEntity): Promise<string[]> {
    const rows = (await app.dataSource.query(
      `SELECT value FROM outbox WHERE topic = 'gatehouse.account-mail.v1'`,
    )) as Array<{ value: string }>;
    return rows
      .map((row) => (JSON.parse(row.value) as { data: { userId: string; template: string } }).data)
      .filter((mail) => mail.userId === user.id)
      .map((mail) => mail.template);
  }

  it('tells of a sign-in from a new browser once, by e-mail and on the account page', async () => {
    const ada = await aPerson();
    const browser = newBrowser();
    await browser.signIn(ada.username, PASSWORD);
    await browser.signIn(ada.username, PASSWORD);

    expect(await eventsOf(browser)).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        kind: 'new_browser_sign_in',
        description: `Signed in from a new browser: Firefox on Windows at ${browser.address}`,
        createdAt: expect.any(String),
      },
    ]);
    expect(await mailsOf(ada)).toEqual(['new_browser_sign_in']);
  });

  it('lists a password change beside its own e-mail, and a factor added by the one-line call', async () => {
    const ada = await aPerson();
    const browser = newBrowser();
    await browser.signIn(ada.username, PASSWORD);
    const { csrfToken } = (await (await browser.request('/api/session')).json()) as {
      csrfToken: string;
    };
    const changed = await browser.request('/api/settings/account/password', {
      method: 'POST',
      headers: { 'X-CSRF-Token': csrfToken, 'Content-Type': 'application/json' },
      body: JSON.stringify({ currentPassword: PASSWORD, newPassword: 'a brand new passphrase 9' }),
    });
    expect(changed.status).toBe(204);
    const notices = app.service.app.get(SecurityNotices);
    await app.service.app
      .get(TransactionRunner)
      .run((tx) => notices.factorChanged(tx, ada.id, 'added', 'Authenticator app'));

    expect((await eventsOf(browser)).map((event) => event.description)).toEqual([
      'Second factor added: Authenticator app',
      'Password changed',
      `Signed in from a new browser: Firefox on Windows at ${browser.address}`,
    ]);
    expect(await mailsOf(ada)).toEqual(['new_browser_sign_in', 'password_changed', 'factor_added']);
  });

  /** A token.revoked_by_organization as token-exchange writes it, read off the bus. */
  function revokedByAcme(userId: string, noticeId: string, tokenName: string | null) {
    const encoded = tokenRevokedByOrganizationEvent.encode(
      {
        noticeId,
        userId,
        tokenId: 'tok-1',
        tokenName,
        organization: 'acme',
        revokedBy: 'alice',
        revokedAt: new Date().toISOString(),
      },
      { key: userId, time: new Date() },
    );
    return {
      topic: Topics.tokenEvents,
      partition: 0,
      offset: '0',
      timestamp: 0,
      key: encoded.key,
      value: encoded.value,
      headers: encoded.headers ?? {},
    };
  }

  it('tells of a token an organization administrator revoked once, however often the event is read', async () => {
    const ada = await aPerson();
    const browser = newBrowser();
    await browser.signIn(ada.username, PASSWORD);
    const message = revokedByAcme(ada.id, randomBytes(12).toString('hex'), 'laptop');
    const consumer = app.service.app.get(OrganizationRevocationNoticeConsumer);
    await consumer.handle(message);
    await consumer.handle(message);

    expect((await eventsOf(browser)).map((event) => event.description)).toEqual([
      'Token "laptop" revoked by alice of the organization acme',
      `Signed in from a new browser: Firefox on Windows at ${browser.address}`,
    ]);
    expect(await mailsOf(ada)).toEqual(['new_browser_sign_in', 'token_revoked_by_organization']);
  });

  it('tells nobody of a revocation whose owner is gone', async () => {
    const noticeId = randomBytes(12).toString('hex');
    await app.service.app
      .get(OrganizationRevocationNoticeConsumer)
      .handle(revokedByAcme(randomBytes(12).toString('hex'), noticeId, null));
    expect(
      await app.dataSource.query(`SELECT id FROM security_events WHERE id = $1`, [noticeId]),
    ).toEqual([]);
  });

  it('shows each person their own events only, and never to a token', async () => {
    const ada = await aPerson();
    const bob = await aPerson();
    const adas = newBrowser();
    await adas.signIn(ada.username, PASSWORD);
    const bobs = newBrowser();
    await bobs.signIn(bob.username, PASSWORD);
    expect(await eventsOf(bobs)).toHaveLength(1);

    const token = await app.seedPersonalToken(ada.id, 'write', 'laptop');
    const res = await fetch(`${app.url}/api/settings/account/security-events`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(403);
  });
});
