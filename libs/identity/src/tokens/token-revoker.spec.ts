import { createIdentityTestKit, IdentityTestKit } from '../testing/identity-test-kit';

const USER_ID = '65a000000000000000000001';

describe('TokenRevoker', () => {
  let kit: IdentityTestKit;

  beforeEach(() => {
    kit = createIdentityTestKit();
    kit.accounts.addUser({ id: USER_ID, username: 'ada' });
  });

  const issue = (familyId?: string) =>
    kit.issuer.issueTokens(kit.tx, {
      kind: 'oauth',
      userId: USER_ID,
      clientId: 'app-1',
      scopes: ['openid'],
      orgIds: [],
      ttlSeconds: 3600,
      withRefreshToken: true,
      idToken: false,
      refreshFamilyId: familyId,
    });

  it('revokes every live token of a family and announces each', async () => {
    const first = await issue();
    const second = await issue(first.familyId!);
    const other = await issue();
    kit.outbox.messages.length = 0;

    const revoked = await kit.revoker.revokeFamily(kit.tx, first.familyId!, 'refresh_token_reuse');

    expect(revoked.accessTokens.map((row) => row.id).sort()).toEqual(
      [first.accessTokenId, second.accessTokenId].sort(),
    );
    expect(revoked.refreshTokens.map((row) => row.id).sort()).toEqual(
      [first.refreshTokenId, second.refreshTokenId].sort(),
    );
    expect(
      kit.tokens.accessTokens.find((row) => row.id === other.accessTokenId)!.revokedAt,
    ).toBeNull();
    expect(
      kit.outbox.events().map((event) => [event.type, event.data.kind, event.data.reason]),
    ).toEqual([
      ['token.revoked', 'refresh', 'refresh_token_reuse'],
      ['token.revoked', 'refresh', 'refresh_token_reuse'],
      ['token.revoked', 'access', 'refresh_token_reuse'],
      ['token.revoked', 'access', 'refresh_token_reuse'],
    ]);
  });

  it('revokes nothing twice', async () => {
    const issued = await issue();
    await kit.revoker.revokeFamily(kit.tx, issued.familyId!, 'revocation_request');
    kit.outbox.messages.length = 0;
    expect(await kit.revoker.revokeFamily(kit.tx, issued.familyId!, 'revocation_request')).toEqual({
      accessTokens: [],
      refreshTokens: [],
    });
    expect(
      await kit.revoker.revokeAccessToken(kit.tx, issued.accessTokenId, 'revocation_request'),
    ).toBeNull();
    expect(kit.outbox.messages).toEqual([]);
  });

  it('revokes a single access token', async () => {
    const issued = await issue();
    kit.outbox.messages.length = 0;
    const revoked = await kit.revoker.revokeAccessToken(
      kit.tx,
      issued.accessTokenId,
      'revocation_request',
    );
    expect(revoked).toMatchObject({
      id: issued.accessTokenId,
      revokedAt: new Date(kit.clock.now()),
    });
    expect(kit.tokens.refreshTokens[0]!.revokedAt).toBeNull();
    expect(kit.outbox.events()).toEqual([
      {
        type: 'token.revoked',
        data: {
          tokenId: issued.accessTokenId,
          kind: 'access',
          userId: USER_ID,
          clientId: 'app-1',
          reason: 'revocation_request',
          revokedAt: new Date(kit.clock.now()).toISOString(),
        },
      },
    ]);
  });
});
