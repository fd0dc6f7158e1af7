import { hashToken } from '@gatehouse/crypto';
import { MAX_LEAKED_CREDENTIALS_PER_REPORT } from '@gatehouse/domain';
import { MessagingModule } from '@gatehouse/platform';
import type { LeakedTokenNoticeView } from '@gatehouse/settings-api';
import { MailModule } from '@gatehouse/mail';
import { type SmtpTestServer, startSmtpTestServer, waitUntil } from '@gatehouse/testing';
import { startTokenTestApp, TokenTestApp } from '../testing/token-test-app';
import { LeakedCredentialsModule } from './leaked-credentials.module';
import { LeakedTokenMailModule } from './leaked-token-mail.module';
import { LeakedTokenStore } from './ports/leaked-token.store';
import { RevokeLeakedCredentials } from './revoke-leaked-credentials.use-case';

const LIMIT = 30;
const ACCEPTED = { status: 'accepted' };
const MADE_UP = `hf_${'Q'.repeat(43)}`;

describe('POST /api/credentials/revoke and /api/settings/token-notices', () => {
  let app: TokenTestApp;
  let ada: string;
  let bob: string;
  let adaKeeper: string;
  let bobKeeper: string;
  let addresses = 0;
  let smtp: SmtpTestServer;

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    app = await startTokenTestApp([
      MessagingModule.forRoot({ type: 'in-process', outboxRelay: true }),
      LeakedCredentialsModule.forRoot({ reportsPerAddress: LIMIT, windowSeconds: 600 }),
      MailModule.forRoot({ smtpUrl: smtp.url, from: 'Hub <no-reply@hub.example>' }),
      LeakedTokenMailModule.forRoot({ issuer: 'https://hub.example' }),
    ]);
    ada = (await app.seedUser('ada')).id;
    bob = (await app.seedUser('bob')).id;
    await app.seedApp('notebook', { name: 'Notebook' });
    adaKeeper = await app.seedPersonalToken(ada, 'write', 'keeper');
    bobKeeper = await app.seedPersonalToken(bob, 'write', 'keeper');
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  /** Each test reports from an address of its own (the app trusts 127.0.0.1 as its gateway). */
  function newAddress(): string {
    addresses += 1;
    return `198.51.100.${addresses}`;
  }

  const report = (body: string, address: string, contentType = 'application/json') =>
    fetch(`${app.url}/api/credentials/revoke`, {
      method: 'POST',
      headers: { 'Content-Type': contentType, 'X-Forwarded-For': address },
      body,
    });
  const call = (method: string, path: string, token: string) =>
    fetch(`${app.url}${path}`, { method, headers: { Authorization: `Bearer ${token}` } });
  const works = async (token: string) =>
    (await call('GET', '/api/whoami-v2', token)).status === 200;
  const noticesOf = async (token: string) =>
    (await (
      await call('GET', '/api/settings/token-notices', token)
    ).json()) as LeakedTokenNoticeView[];
  const issueOAuth = (userId: string) =>
    app.issue({
      kind: 'oauth',
      userId,
      clientId: 'notebook',
      scopes: ['openid', 'profile'],
      orgIds: [],
      ttlSeconds: 3600,
      withRefreshToken: true,
      idToken: false,
    });

  async function expectAccepted(response: Response): Promise<void> {
    expect(response.status).toBe(202);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual(ACCEPTED);
  }

  it('revokes every live token of a batch and tells each owner once', async () => {
    const laptop = await app.seedPersonalToken(ada, 'read', 'laptop');
    const oauth = await issueOAuth(bob);
    const address = newAddress();

    await expectAccepted(
      await report(
        JSON.stringify({
          credentials: [laptop, oauth.access_token, oauth.refresh_token, MADE_UP, 42, laptop],
        }),
        address,
      ),
    );
    await waitUntil(
      'the leaked tokens to stop working',
      async () => !(await works(laptop)) && !(await works(oauth.access_token)),
    );
    const [refresh] = await app.dataSource.query(
      'SELECT revoked_at FROM refresh_tokens WHERE user_id = $1',
      [bob],
    );
    expect(refresh.revoked_at).not.toBeNull();
    expect(await works(adaKeeper)).toBe(true);

    expect(await noticesOf(adaKeeper)).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        tokenKind: 'personal',
        tokenId: expect.stringMatching(/^[0-9a-f]{24}$/),
        tokenName: 'laptop',
        clientId: null,
        reportedAt: expect.any(String),
        revokedAt: expect.any(String),
      },
    ]);
    expect(
      (await noticesOf(bobKeeper)).map((notice) => [
        notice.tokenKind,
        notice.tokenName,
        notice.clientId,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['access', 'Notebook', 'notebook'],
        ['refresh', 'Notebook', 'notebook'],
      ]),
    );

    // Reported again, beside a token still live: only that one is news to its owner.
    const tablet = await app.seedPersonalToken(ada, 'read', 'tablet');
    await expectAccepted(
      await report(JSON.stringify({ credentials: [laptop, oauth.access_token, tablet] }), address),
    );
    await waitUntil('the new token to stop working', async () => !(await works(tablet)));
    expect((await noticesOf(adaKeeper)).map((notice) => notice.tokenName)).toEqual(
      expect.arrayContaining(['laptop', 'tablet']),
    );
    expect(await noticesOf(adaKeeper)).toHaveLength(2);
    expect(await noticesOf(bobKeeper)).toHaveLength(2);

    // One token.leaked per token, for a mailer; the queued reports hold hashes, never the tokens.
    await waitUntil('the events to be relayed', async () => {
      const [row] = await app.dataSource.query(
        `SELECT count(*)::int AS unsent FROM outbox WHERE sent_at IS NULL`,
      );
      return row.unsent === 0;
    });
    const leaked = await app.dataSource.query(
      `SELECT value FROM outbox WHERE headers->>'gatehouse-event-type' = 'token.leaked'`,
    );
    expect(leaked).toHaveLength(4);
    const reports: Array<{ value: string }> = await app.dataSource.query(
      `SELECT value FROM outbox WHERE topic = 'gatehouse.leaked-credentials.v1'`,
    );
    expect(reports).toHaveLength(2);
    for (const { value } of reports) {
      for (const token of [laptop, oauth.access_token, oauth.refresh_token!, tablet])
        expect(value).not.toContain(token);
    }

    // And one e-mail per token to its owner, through a real SMTP server, naming no token value.
    await waitUntil('the owners to be told by e-mail', () => smtp.received.length === 4);
    const owners = await app.dataSource.query(`SELECT id, email FROM users WHERE id = ANY($1)`, [
      [ada, bob],
    ]);
    const emailOf = (id: string) => owners.find((owner: { id: string }) => owner.id === id).email;
    expect(smtp.received.map((mail) => mail.to).sort()).toEqual(
      [[emailOf(ada)], [emailOf(ada)], [emailOf(bob)], [emailOf(bob)]].sort(),
    );
    for (const { raw } of smtp.received) {
      expect(raw).toContain('Subject: A token of yours was reported leaked and has been revoked');
      for (const token of [laptop, oauth.access_token, oauth.refresh_token!, tablet])
        expect(raw).not.toContain(token);
    }
  });

  it('answers every batch before any token is looked up, with the same answer', async () => {
    const store = app.service.app.get(LeakedTokenStore);
    const findLive = store.findLive.bind(store);
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let lookedUp = 0;
    const spy = jest.spyOn(store, 'findLive').mockImplementation(async (...args) => {
      await gate;
      const found = await findLive(...args);
      lookedUp += 1;
      return found;
    });
    try {
      const live = await app.seedPersonalToken(ada, 'read', 'live');
      const dead = `hf_${'D'.repeat(43)}`;
      const oversized = Array.from({ length: MAX_LEAKED_CREDENTIALS_PER_REPORT * 20 }, () => dead);
      const batches: Array<[string, string, string?]> = [
        ['valid', JSON.stringify({ credentials: [live] })],
        ['invalid', JSON.stringify({ credentials: [dead, MADE_UP] })],
        ['mixed', JSON.stringify({ credentials: [dead, live, 'nope'] })],
        ['oversized', JSON.stringify({ credentials: [live, ...oversized] })],
        ['empty', JSON.stringify({ credentials: [] })],
        ['not JSON', '{"credentials": ['],
        ['past the body limit', JSON.stringify({ credentials: [live, 'x'.repeat(1_100_000)] })],
        ['a form', `credentials=${live}`, 'application/x-www-form-urlencoded'],
        ['text', live, 'text/plain'],
      ];
      const address = newAddress();
      for (const [what, body, contentType] of batches) {
        const response = await report(body, address, contentType);
        expect([what, response.status]).toEqual([what, 202]);
        expect([what, await response.json()]).toEqual([what, ACCEPTED]);
      }
      // Every answer came while every lookup was held: none waited for one.
      expect(lookedUp).toBe(0);
      expect(await works(live)).toBe(true);

      openGate();
      await waitUntil('the reported token to stop working', async () => !(await works(live)));
      expect(lookedUp).toBeGreaterThanOrEqual(1);
    } finally {
      openGate();
      spy.mockRestore();
    }
  });

  it('tells the owner once when two reports of one token are handled at once', async () => {
    const watch = await app.seedPersonalToken(bob, 'read', 'watch');
    const oauth = await issueOAuth(bob);
    const revoke = app.service.app.get(RevokeLeakedCredentials);
    const handled = (reportId: string) =>
      revoke.execute({
        reportId,
        tokenHashes: [watch, oauth.access_token, oauth.refresh_token!].map(hashToken),
        checksummed: 2,
        reportedAt: new Date(),
      });
    const counts = await Promise.all([handled('a'.repeat(24)), handled('b'.repeat(24))]);

    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(3);
    const names = (await noticesOf(bobKeeper)).map((notice) => notice.tokenName);
    expect(names.filter((name) => name === 'watch')).toHaveLength(1);
    const [row] = await app.dataSource.query(
      `SELECT count(*)::int AS notices FROM leaked_token_notices WHERE token_id = ANY($1)`,
      [
        (
          await app.dataSource.query(
            'SELECT id FROM access_tokens WHERE token_hash = $1 UNION ALL SELECT id FROM refresh_tokens WHERE token_hash = $2',
            [hashToken(oauth.access_token), hashToken(oauth.refresh_token!)],
          )
        ).map((token: { id: string }) => token.id),
      ],
    );
    expect(row.notices).toBe(2);
  });

  it('answers 429 past the address’s limit, whatever the batch holds', async () => {
    const address = newAddress();
    for (let index = 0; index < LIMIT; index += 1)
      await expectAccepted(await report(JSON.stringify({ credentials: [MADE_UP] }), address));
    const refused = await report(JSON.stringify({ credentials: [MADE_UP] }), address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      error: 'Too many leak reports from your address; try again later',
    });
    await expectAccepted(await report(JSON.stringify({ credentials: [MADE_UP] }), newAddress()));
  });

  describe('notices', () => {
    let notice: LeakedTokenNoticeView;
    let adaRead: string;

    beforeAll(async () => {
      adaRead = await app.seedPersonalToken(ada, 'read', 'reader');
      const phone = await app.seedPersonalToken(ada, 'write', 'phone');
      await expectAccepted(await report(JSON.stringify({ credentials: [phone] }), newAddress()));
      notice = await waitUntil('the phone’s notice', async () =>
        (await noticesOf(adaKeeper)).find((candidate) => candidate.tokenName === 'phone'),
      );
    });

    const expectApiError = async (response: Response, status: number, message: string) => {
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ error: message });
    };

    it('are another user’s to neither read nor dismiss', async () => {
      expect((await noticesOf(bobKeeper)).map((candidate) => candidate.id)).not.toContain(
        notice.id,
      );
      await expectApiError(
        await call('DELETE', `/api/settings/token-notices/${notice.id}`, bobKeeper),
        404,
        'Notice not found',
      );
    });

    it('are listed with a read token, dismissed only with a write token', async () => {
      expect((await noticesOf(adaRead)).map((candidate) => candidate.id)).toContain(notice.id);
      await expectApiError(
        await call('DELETE', `/api/settings/token-notices/${notice.id}`, adaRead),
        403,
        'This token has read-only access and cannot change anything',
      );
    });

    it('are not for OAuth tokens', async () => {
      const oauth = await issueOAuth(ada);
      await expectApiError(
        await call('GET', '/api/settings/token-notices', oauth.access_token),
        403,
        'Token notices can only be read with a personal access token',
      );
    });

    it('leave the list once dismissed', async () => {
      const path = `/api/settings/token-notices/${notice.id}`;
      expect((await call('DELETE', path, adaKeeper)).status).toBe(204);
      expect((await noticesOf(adaKeeper)).map((candidate) => candidate.id)).not.toContain(
        notice.id,
      );
      await expectApiError(await call('DELETE', path, adaKeeper), 404, 'Notice not found');
      await expectApiError(
        await call('DELETE', '/api/settings/token-notices/not-an-id', adaKeeper),
        404,
        'Notice not found',
      );
    });
  });
});
