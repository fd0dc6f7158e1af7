import { hashToken } from '@gatehouse/crypto';
import type { TokenResponseBody } from '@gatehouse/identity';
import {
  createIdentityTestKit,
  IdentityTestKit,
  aPersonalTokenRecord,
} from '@gatehouse/identity/testing';
import { InMemoryLeakedTokenNoticeStore } from '../testing/in-memory-leaked-token-notice.store';
import { InMemoryLeakedTokenStore } from '../testing/in-memory-leaked-token.store';
import { RevokeLeakedCredentials } from './revoke-leaked-credentials.use-case';

const ADA = '65a000000000000000000001';
const BOB = '65a000000000000000000002';
const PERSONAL = 'hf_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb3dEf6hIj9';
const REPORTED_AT = new Date(Date.UTC(2026, 0, 1, 11, 59));

describe('RevokeLeakedCredentials', () => {
  let kit: IdentityTestKit;
  let tokens: InMemoryLeakedTokenStore;
  let notices: InMemoryLeakedTokenNoticeStore;
  let revoke: RevokeLeakedCredentials;
  let issued: TokenResponseBody;

  const report = (...clear: string[]) =>
    revoke.execute({
      reportId: 'r1',
      tokenHashes: clear.map(hashToken),
      checksummed: 0,
      reportedAt: REPORTED_AT,
    });
  const eventsOf = (type: string) => kit.outbox.events().filter((event) => event.type === type);

  beforeEach(async () => {
    kit = createIdentityTestKit();
    kit.accounts.addUser({ id: ADA, username: 'ada' });
    kit.accounts.addUser({ id: BOB, username: 'bob' });
    kit.clients.addApp({ clientId: 'notebook' });
    kit.tokens.personalTokens.push(
      aPersonalTokenRecord({
        id: '65b000000000000000000001',
        token: PERSONAL,
        userId: ADA,
        name: 'laptop',
        role: 'write',
        createdAt: new Date(kit.clock.now()),
      }),
    );
    issued = await kit.issuer.issue(kit.tx, {
      kind: 'oauth',
      userId: BOB,
      clientId: 'notebook',
      scopes: ['openid'],
      orgIds: [],
      ttlSeconds: 3600,
      withRefreshToken: true,
      idToken: false,
    });
    kit.outbox.messages.length = 0;
    tokens = new InMemoryLeakedTokenStore(kit.tokens, new Map([['notebook', 'Notebook']]));
    notices = new InMemoryLeakedTokenNoticeStore();
    revoke = new RevokeLeakedCredentials(
      tokens,
      notices,
      kit.revoker,
      kit.principals,
      kit.transactions,
      kit.outbox,
      kit.random,
      kit.clock,
    );
  });

  it('revokes a personal token and tells its owner', async () => {
    expect(await kit.bearer.resolve(PERSONAL)).not.toBeNull();
    await expect(report(PERSONAL)).resolves.toBe(1);

    expect(await kit.bearer.resolve(PERSONAL)).toBeNull();
    const revokedAt = new Date(kit.clock.now());
    expect(notices.notices).toEqual([
      {
        id: expect.any(String),
        userId: ADA,
        tokenKind: 'personal',
        tokenId: '65b000000000000000000001',
        tokenName: 'laptop',
        clientId: null,
        reportedAt: REPORTED_AT,
        revokedAt,
        dismissedAt: null,
      },
    ]);
    expect(eventsOf('token.leaked').map((event) => event.data)).toEqual([
      {
        noticeId: notices.notices[0]!.id,
        userId: ADA,
        tokenId: '65b000000000000000000001',
        kind: 'personal',
        tokenName: 'laptop',
        clientId: null,
        reportedAt: REPORTED_AT.toISOString(),
        revokedAt: revokedAt.toISOString(),
      },
    ]);
  });

  it('revokes an OAuth access token, and a refresh token with its grant, one notice each', async () => {
    await expect(report(issued.access_token, issued.refresh_token!)).resolves.toBe(2);

    expect(await kit.bearer.resolve(issued.access_token)).toBeNull();
    expect(kit.tokens.refreshTokens.every((row) => row.revokedAt !== null)).toBe(true);
    expect(
      notices.notices.map((notice) => [notice.userId, notice.tokenKind, notice.tokenName]),
    ).toEqual([
      [BOB, 'access', 'Notebook'],
      [BOB, 'refresh', 'Notebook'],
    ]);
    expect(eventsOf('token.revoked').map((event) => [event.data.kind, event.data.reason])).toEqual([
      ['access', 'revocation_request'],
      ['refresh', 'revocation_request'],
    ]);
    expect(eventsOf('token.leaked')).toHaveLength(2);
  });

  it('revokes the grant of a reported refresh token, its access token included, with one notice', async () => {
    await expect(report(issued.refresh_token!)).resolves.toBe(1);
    expect(await kit.bearer.resolve(issued.access_token)).toBeNull();
    expect(notices.notices.map((notice) => notice.tokenKind)).toEqual(['refresh']);
  });

  it('tells an owner once about a token reported twice', async () => {
    await report(PERSONAL, issued.access_token);
    const events = kit.outbox.messages.length;

    await expect(report(PERSONAL, issued.access_token)).resolves.toBe(0);
    expect(notices.notices).toHaveLength(2);
    expect(kit.outbox.messages).toHaveLength(events);
  });

  it('does nothing for tokens that do not exist, are revoked or expired', async () => {
    await report(issued.access_token);
    kit.outbox.messages.length = 0;
    kit.clock.advance(2 * 3600 * 1000);

    await expect(
      report(`hf_${'z'.repeat(43)}`, issued.access_token, `hf_oauth_${'y'.repeat(43)}`),
    ).resolves.toBe(0);
    // The refresh token lives 30 days: still live, still revoked.
    await expect(report(issued.refresh_token!)).resolves.toBe(1);
    expect(notices.notices.map((notice) => notice.tokenKind)).toEqual(['access', 'refresh']);
  });

  it('revokes a token without an owner (trusted publisher) and tells nobody', async () => {
    const repoToken = await kit.issuer.issue(kit.tx, {
      kind: 'trusted_publisher',
      userId: null,
      clientId: null,
      repo: { type: 'model', name: 'acme/bert' },
      scopes: [],
      orgIds: [],
      ttlSeconds: 3600,
      withRefreshToken: false,
      idToken: false,
    });
    await expect(report(repoToken.access_token)).resolves.toBe(1);
    expect(await kit.bearer.resolve(repoToken.access_token)).toBeNull();
    expect(notices.notices).toEqual([]);
  });
});
