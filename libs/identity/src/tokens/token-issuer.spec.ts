import { hashToken } from '@gatehouse/crypto';
import { atHash } from '@gatehouse/domain/testing';
import { createIdentityTestKit, IdentityTestKit } from '../testing/identity-test-kit';
import { IssueTokenRequest } from './issue-token-request';

const USER_ID = '65a000000000000000000001';
const ORG_ID = '65a0000000000000000000f1';
const NOW = Date.UTC(2026, 0, 1, 12);

const oauthRequest: IssueTokenRequest = {
  kind: 'oauth',
  userId: USER_ID,
  clientId: 'app-1',
  scopes: ['openid', 'profile', 'email'],
  orgIds: [ORG_ID],
  ttlSeconds: 28_800,
  withRefreshToken: true,
  idToken: true,
  nonce: 'n-0S6_WzA2Mj',
  authTime: new Date(NOW - 30_000),
};

/** The fake signer writes `<kid>.<secret>.<claims JSON>`. */
function claimsOf(idToken: string): Record<string, unknown> {
  return JSON.parse(idToken.split('.').slice(2).join('.')) as Record<string, unknown>;
}

describe('TokenIssuer', () => {
  let kit: IdentityTestKit;

  beforeEach(() => {
    kit = createIdentityTestKit({ publicUrl: 'https://hub.example', nowMs: NOW });
    kit.accounts.addUser({
      id: USER_ID,
      username: 'ada',
      fullname: 'Ada Lovelace',
      avatarUrl: '/avatars/ada.png',
    });
  });

  it('answers RFC 6749 §5.1 with hf_oauth_ access and refresh tokens', async () => {
    const body = await kit.issuer.issue(kit.tx, { ...oauthRequest, idToken: false });
    expect(body).toEqual({
      access_token: expect.stringMatching(/^hf_oauth_[0-9A-Za-z]{22,}$/),
      token_type: 'bearer',
      expires_in: 28_800,
      scope: 'openid profile email',
      refresh_token: expect.stringMatching(/^hf_oauth_refresh_[0-9A-Za-z]{22,}$/),
    });
  });

  it("hands the rows to a caller's write instead of the writer, and returns what that write read", async () => {
    const seen: Array<{ accessTokenId: string; refreshTokenId: string | null; events: number }> =
      [];
    const issued = await kit.issuer.issueTokens(
      kit.tx,
      { ...oauthRequest, idToken: false },
      async (_tx, rows) => {
        seen.push({
          accessTokenId: rows.accessToken.id,
          refreshTokenId: rows.refreshToken?.id ?? null,
          events: rows.events.length,
        });
        return 'read with the write';
      },
    );
    expect(issued.written).toBe('read with the write');
    expect(seen).toEqual([
      { accessTokenId: issued.accessTokenId, refreshTokenId: issued.refreshTokenId, events: 0 },
    ]);
    expect(kit.tokens.accessTokens).toEqual([]);
  });

  it('stores hashes only, with the grant family on both tokens', async () => {
    const issued = await kit.issuer.issueTokens(kit.tx, oauthRequest);
    const [access] = kit.tokens.accessTokens;
    const [refresh] = kit.tokens.refreshTokens;
    expect(access).toMatchObject({
      id: issued.accessTokenId,
      tokenHash: hashToken(issued.body.access_token),
      kind: 'oauth',
      userId: USER_ID,
      clientId: 'app-1',
      orgIds: [ORG_ID],
      refreshFamilyId: issued.familyId,
      authTime: new Date(NOW - 30_000),
      expiresAt: new Date(NOW + 28_800_000),
    });
    expect(refresh).toMatchObject({
      id: issued.refreshTokenId,
      tokenHash: hashToken(issued.body.refresh_token!),
      familyId: issued.familyId,
      expiresAt: new Date(NOW + 30 * 24 * 3600_000),
      usedAt: null,
    });
    const stored = JSON.stringify([
      kit.tokens.accessTokens,
      kit.tokens.refreshTokens,
      kit.outbox.messages,
    ]);
    expect(stored).not.toContain(issued.body.access_token);
    expect(stored).not.toContain(issued.body.refresh_token);
  });

  it('keeps the family it is given (refresh rotation, code grants that remember their grant id)', async () => {
    const issued = await kit.issuer.issueTokens(kit.tx, {
      ...oauthRequest,
      refreshFamilyId: '65a0000000000000000fa111',
    });
    expect(issued.familyId).toBe('65a0000000000000000fa111');
    expect(kit.tokens.refreshTokens[0]!.familyId).toBe('65a0000000000000000fa111');
  });

  it('signs an id_token with iss, sub, aud, times, nonce, at_hash and the profile and email claims', async () => {
    const body = await kit.issuer.issue(kit.tx, oauthRequest);
    expect(body.id_token!.startsWith('kid-1.')).toBe(true);
    expect(claimsOf(body.id_token!)).toEqual({
      iss: 'https://hub.example',
      sub: USER_ID,
      aud: 'app-1',
      iat: NOW / 1000,
      exp: NOW / 1000 + 3600,
      auth_time: NOW / 1000 - 30,
      nonce: 'n-0S6_WzA2Mj',
      at_hash: atHash(body.access_token),
      name: 'Ada Lovelace',
      preferred_username: 'ada',
      picture: 'https://hub.example/avatars/ada.png',
      profile: 'https://hub.example/ada',
      email: 'ada@example.com',
      email_verified: true,
    });
  });

  it('publishes token.issued for an exchange token through the outbox', async () => {
    const issued = await kit.issuer.issueTokens(kit.tx, {
      kind: 'exchange',
      userId: USER_ID,
      clientId: 'org-app',
      scopes: ['read-repos'],
      orgIds: [],
      ttlSeconds: 28_800,
      withRefreshToken: false,
      idToken: false,
    });
    expect(kit.outbox.messages.map((message) => [message.topic, message.key])).toEqual([
      ['gatehouse.token-events.v1', USER_ID],
    ]);
    expect(kit.outbox.events()).toEqual([
      {
        type: 'token.issued',
        data: {
          tokenId: issued.accessTokenId,
          kind: 'access',
          userId: USER_ID,
          clientId: 'org-app',
          grantType: 'urn:ietf:params:oauth:grant-type:token-exchange',
          scopes: ['read-repos'],
          organizationId: null,
          familyId: null,
          issuedAt: new Date(NOW).toISOString(),
          expiresAt: new Date(NOW + 28_800_000).toISOString(),
        },
      },
    ]);
  });

  it('publishes no token.issued for the tokens of an OAuth grant: no consumer needs every one', async () => {
    await kit.issuer.issueTokens(kit.tx, { ...oauthRequest, grantType: 'refresh_token' });
    expect(kit.tokens.refreshTokens).toHaveLength(1);
    expect(kit.outbox.messages).toEqual([]);
  });

  it('issues exchange tokens with issued_token_type, the bound organization and no refresh token', async () => {
    const body = await kit.issuer.issue(kit.tx, {
      kind: 'exchange',
      userId: USER_ID,
      clientId: 'org-app',
      scopes: ['read-repos'],
      orgIds: [],
      boundOrgId: ORG_ID,
      memberRole: 'write',
      ttlSeconds: 28_800,
      withRefreshToken: false,
      idToken: false,
    });
    expect(body).toEqual({
      access_token: expect.stringMatching(/^hf_oauth_/),
      token_type: 'bearer',
      expires_in: 28_800,
      scope: 'read-repos',
      issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
    });
    expect(kit.tokens.accessTokens[0]).toMatchObject({
      kind: 'exchange',
      boundOrgId: ORG_ID,
      role: 'write',
      refreshFamilyId: null,
    });
    expect(kit.outbox.events()[0]!.data).toMatchObject({
      organizationId: ORG_ID,
      grantType: 'urn:ietf:params:oauth:grant-type:token-exchange',
    });
  });

  it('gives trusted-publisher repository tokens the hf_jwt_ prefix and publishes no event without a user', async () => {
    const body = await kit.issuer.issue(kit.tx, {
      kind: 'trusted_publisher',
      userId: null,
      clientId: null,
      scopes: [],
      orgIds: [],
      repo: { type: 'model', name: 'acme/bert' },
      ttlSeconds: 3600,
      withRefreshToken: false,
      idToken: false,
    });
    expect(body.access_token).toMatch(/^hf_jwt_[0-9A-Za-z]+$/);
    expect(kit.tokens.accessTokens[0]!.repo).toEqual({ type: 'model', name: 'acme/bert' });
    expect(kit.outbox.messages).toEqual([]);
  });

  it('refuses, as a programming error, refresh tokens or id_tokens without a user and a client', async () => {
    await expect(kit.issuer.issue(kit.tx, { ...oauthRequest, userId: null })).rejects.toThrow(
      'Refresh tokens and id_tokens need both a user and a client',
    );
    await expect(kit.issuer.issue(kit.tx, { ...oauthRequest, ttlSeconds: 0 })).rejects.toThrow(
      'positive whole number',
    );
    expect(kit.tokens.accessTokens).toEqual([]);
  });
});
