import { ApiError } from '@gatehouse/domain';
import { createIdentityTestKit, IdentityTestKit } from '../testing/identity-test-kit';
import { aFineGrainedGrant, aPersonalTokenRecord } from '../testing/personal-token-builders';
import { PrincipalInvalidator } from './principal-invalidator';

const PERSONAL = `hf_${'P'.repeat(34)}`;
const USER_ID = '65a000000000000000000001';
const ORG_ID = '65a0000000000000000000f1';

describe('BearerAuthenticator', () => {
  let kit: IdentityTestKit;

  beforeEach(() => {
    kit = createIdentityTestKit();
    kit.accounts.addUser({ id: USER_ID, username: 'ada', fullname: 'Ada Lovelace', isPro: true });
    kit.accounts.addMembership(USER_ID, { id: ORG_ID, name: 'acme' }, 'admin');
    kit.tokens.personalTokens.push(
      aPersonalTokenRecord({
        id: 'pat1',
        token: PERSONAL,
        userId: USER_ID,
        createdAt: new Date(Date.UTC(2025, 5, 1)),
      }),
    );
  });

  async function unauthorized(header: string | undefined): Promise<ApiError> {
    const error = await kit.bearer.authenticate(header).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('unauthorized');
    expect((error as ApiError).message).toBe('Invalid credentials in Authorization header');
    return error as ApiError;
  }

  async function issueOAuth(scopes: string[], ttlSeconds = 3600) {
    return kit.issuer.issue(kit.tx, {
      kind: 'oauth',
      userId: USER_ID,
      clientId: 'app-1',
      scopes,
      orgIds: [ORG_ID],
      ttlSeconds,
      withRefreshToken: true,
      idToken: false,
    });
  }

  it('resolves a personal token to the user with every organization and its role', async () => {
    const principal = await kit.bearer.authenticate(`Bearer ${PERSONAL}`);
    expect(principal).toEqual({
      tokenId: 'pat1',
      kind: 'personal',
      user: {
        id: USER_ID,
        username: 'ada',
        email: 'ada@example.com',
        fullname: 'Ada Lovelace',
        isPro: true,
        avatarUrl: null,
      },
      scopes: [],
      role: 'read',
      clientId: null,
      grantedOrgIds: [ORG_ID],
      boundOrgId: null,
      memberRole: null,
      repo: null,
      displayName: 'laptop',
      createdAt: new Date(Date.UTC(2025, 5, 1)),
      expiresAt: null,
      account: {
        user: {
          id: USER_ID,
          username: 'ada',
          fullname: 'Ada Lovelace',
          email: 'ada@example.com',
          emailVerified: true,
          avatarUrl: '/avatars/default.svg',
          websiteUrl: null,
          isPro: true,
          canPay: true,
          periodEnd: null,
        },
        memberships: [
          {
            id: ORG_ID,
            name: 'acme',
            fullname: 'ACME',
            avatarUrl: '/avatars/default.svg',
            plan: 'free',
            email: null,
            canPay: false,
            periodEnd: null,
            roleInOrg: 'admin',
          },
        ],
      },
      appName: null,
    });
  });

  it('answers a second check from the cache, with the same principal and no read', async () => {
    const first = await kit.bearer.authenticate(`Bearer ${PERSONAL}`);
    const body = await issueOAuth(['openid']);
    const oauth = await kit.bearer.authenticate(`Bearer ${body.access_token}`);
    expect(kit.bearerTokens.reads).toBe(2);
    expect(await kit.bearer.authenticate(`Bearer ${PERSONAL}`)).toEqual(first);
    expect(await kit.bearer.authenticate(`Bearer ${body.access_token}`)).toEqual(oauth);
    expect(kit.bearerTokens.reads).toBe(2);
  });

  it('refuses a revoked access token on the next check although its principal was cached', async () => {
    const body = await issueOAuth(['openid']);
    await kit.bearer.authenticate(`Bearer ${body.access_token}`);
    const accessTokenId = kit.tokens.accessTokens[0]!.id;
    await kit.revoker.revokeAccessToken(kit.tx, accessTokenId, 'revocation_request');
    await unauthorized(`Bearer ${body.access_token}`);
  });

  it('refuses every access token of a revoked grant on the next check', async () => {
    const body = await issueOAuth(['openid']);
    await kit.bearer.authenticate(`Bearer ${body.access_token}`);
    await kit.revoker.revokeFamily(
      kit.tx,
      kit.tokens.accessTokens[0]!.refreshFamilyId!,
      'refresh_token_reuse',
    );
    await unauthorized(`Bearer ${body.access_token}`);
  });

  it('keeps a cached principal no longer than the cap, then reads the token again', async () => {
    await kit.bearer.authenticate(`Bearer ${PERSONAL}`);
    kit.accounts.users[0]!.disabledAt = new Date();
    kit.clock.advance(59_999);
    await expect(kit.bearer.authenticate(`Bearer ${PERSONAL}`)).resolves.toMatchObject({
      kind: 'personal',
    });
    kit.clock.advance(1);
    await unauthorized(`Bearer ${PERSONAL}`);
  });

  it('notes a personal token’s last use in memory and writes every use of a period in one batch', async () => {
    const origin = { address: '203.0.113.9', userAgent: 'unknown/None; hf_hub/0.26.2' };
    await kit.bearer.authenticate(`Bearer ${PERSONAL}`, origin);
    kit.clock.advance(60_000);
    await kit.bearer.authenticate(`Bearer ${PERSONAL}`, origin);
    await kit.bearer.resolve(PERSONAL);
    expect(kit.tokens.personalTokens[0]!.lastUsedAt).toBeNull();
    expect(kit.usageWriter.writes).toBe(0);

    await kit.usage.flush();
    expect(kit.usageWriter.writes).toBe(1);
    expect(kit.tokens.personalTokens[0]).toMatchObject({
      lastUsedAt: new Date(kit.clock.now()),
      lastUsedAddress: '203.0.113.0/24',
      lastUsedClient: 'huggingface_hub',
    });
    await kit.usage.flush();
    expect(kit.usageWriter.writes).toBe(1);
  });

  it('refuses an expired personal token, and keeps its principal no longer than its life', async () => {
    const EXPIRING = `hf_${'E'.repeat(34)}`;
    kit.tokens.personalTokens.push(
      aPersonalTokenRecord({
        id: 'pat2',
        token: EXPIRING,
        userId: USER_ID,
        expiresAt: new Date(kit.clock.now() + 30_000),
      }),
    );
    expect(await kit.bearer.authenticate(`Bearer ${EXPIRING}`)).toMatchObject({
      expiresAt: new Date(kit.clock.now() + 30_000),
    });
    kit.clock.advance(30_000);
    await unauthorized(`Bearer ${EXPIRING}`);
  });

  it('carries a fine-grained token’s grant in the principal', async () => {
    const FINE = `hf_${'F'.repeat(34)}`;
    const grant = aFineGrainedGrant({ global: ['repo.content.read'], canReadGatedRepos: true });
    kit.tokens.personalTokens.push(
      aPersonalTokenRecord({
        id: 'pat3',
        token: FINE,
        userId: USER_ID,
        role: 'fineGrained',
        fineGrained: grant,
      }),
    );
    const first = await kit.bearer.authenticate(`Bearer ${FINE}`);
    expect(first).toMatchObject({ kind: 'personal', role: 'fineGrained', fineGrained: grant });
    const reads = kit.bearerTokens.reads;
    expect(await kit.bearer.authenticate(`Bearer ${FINE}`)).toEqual(first);
    expect(kit.bearerTokens.reads).toBe(reads);
  });

  it('resolves an OAuth access token with its scopes and granted organizations', async () => {
    const body = await issueOAuth(['openid', 'read-repos']);
    const principal = await kit.bearer.authenticate(`Bearer ${body.access_token}`);
    expect(principal).toMatchObject({
      kind: 'oauth',
      scopes: ['openid', 'read-repos'],
      clientId: 'app-1',
      grantedOrgIds: [ORG_ID],
      role: null,
    });
    expect(principal.expiresAt).toEqual(new Date(kit.clock.now() + 3600_000));
  });

  it('resolves an exchange token to its bound organization and member role', async () => {
    const body = await kit.issuer.issue(kit.tx, {
      kind: 'exchange',
      userId: USER_ID,
      clientId: 'org-app',
      scopes: ['read-repos'],
      orgIds: [],
      boundOrgId: ORG_ID,
      memberRole: 'contributor',
      ttlSeconds: 28_800,
      withRefreshToken: false,
      idToken: false,
    });
    expect(await kit.bearer.authenticate(`Bearer ${body.access_token}`)).toMatchObject({
      kind: 'exchange',
      boundOrgId: ORG_ID,
      grantedOrgIds: [ORG_ID],
      memberRole: 'contributor',
    });
  });

  it('refuses a missing header, another scheme and malformed tokens', async () => {
    await unauthorized(undefined);
    await unauthorized(`Basic ${Buffer.from('a:b').toString('base64')}`);
    await unauthorized('Bearer not-a-token');
  });

  it('refuses unknown and revoked personal tokens', async () => {
    await unauthorized(`Bearer hf_${'Q'.repeat(34)}`);
    kit.tokens.personalTokens[0]!.revokedAt = new Date();
    await unauthorized(`Bearer ${PERSONAL}`);
  });

  it('refuses an access token from its expiry instant on', async () => {
    const body = await issueOAuth(['openid'], 60);
    kit.clock.advance(59_999);
    await expect(kit.bearer.authenticate(`Bearer ${body.access_token}`)).resolves.toMatchObject({
      kind: 'oauth',
    });
    kit.clock.advance(1);
    await unauthorized(`Bearer ${body.access_token}`);
  });

  it('refuses a refresh token presented as a bearer token', async () => {
    const body = await issueOAuth(['openid']);
    await unauthorized(`Bearer ${body.refresh_token}`);
  });

  it('refuses tokens of a disabled user', async () => {
    const body = await issueOAuth(['openid']);
    kit.accounts.users[0]!.disabledAt = new Date();
    await unauthorized(`Bearer ${PERSONAL}`);
    await unauthorized(`Bearer ${body.access_token}`);
  });

  it('names the organizations that require a second factor the user lacks, and none once they have one', async () => {
    const OTHER_ORG = '65a0000000000000000000f2';
    kit.accounts.addMembership(USER_ID, { id: OTHER_ORG, name: 'beta' }, 'read');
    let secondFactor = false;
    kit.bearerTokens.twoFactor = () => ({ secondFactor, twoFactorOrgIds: [ORG_ID] });
    const body = await issueOAuth(['openid', 'read-repos']);

    expect((await kit.bearer.resolve(PERSONAL))?.twoFactorMissing).toEqual({ [ORG_ID]: 'acme' });
    expect((await kit.bearer.resolve(body.access_token))?.twoFactorMissing).toEqual({
      [ORG_ID]: 'acme',
    });

    secondFactor = true;
    await new PrincipalInvalidator(kit.bearerTokens, kit.principals).accountChanged(USER_ID);
    expect((await kit.bearer.resolve(PERSONAL))?.twoFactorMissing).toBeUndefined();
    expect((await kit.bearer.resolve(body.access_token))?.twoFactorMissing).toBeUndefined();
  });
});
