import { hashToken } from '@gatehouse/crypto';
import { OAuthError } from '@gatehouse/domain';
import { TokenResponseBody } from '@gatehouse/identity';
import { createIdentityTestKit, IdentityTestKit } from '@gatehouse/identity/testing';
import { RevocationService } from './revocation.service';

const USER_ID = '65a000000000000000000001';

describe('RevocationService (RFC 7009)', () => {
  let kit: IdentityTestKit;
  let service: RevocationService;
  let issued: TokenResponseBody;

  beforeEach(async () => {
    kit = createIdentityTestKit();
    kit.accounts.addUser({ id: USER_ID, username: 'ada' });
    kit.clients.addApp({ clientId: 'cli' });
    kit.clients.addApp({ clientId: 'web', clientSecretHash: hashToken('s3cret') });
    service = new RevocationService(
      kit.clientAuthenticator,
      kit.tokens,
      kit.revoker,
      kit.transactions,
    );
    issued = await kit.issuer.issue(kit.tx, {
      kind: 'oauth',
      userId: USER_ID,
      clientId: 'cli',
      scopes: ['openid'],
      orgIds: [],
      ttlSeconds: 3600,
      withRefreshToken: true,
      idToken: false,
    });
  });

  const revoke = (params: Record<string, string>, authorization?: string) =>
    service.revoke({ params, authorization, ip: '192.0.2.1', now: new Date(kit.clock.now()) });

  it('revoking a refresh token revokes its grant, access tokens included', async () => {
    await revoke({
      client_id: 'cli',
      token: issued.refresh_token!,
      token_type_hint: 'refresh_token',
    });
    expect(kit.tokens.refreshTokens[0]!.revokedAt).not.toBeNull();
    expect(await kit.bearer.resolve(issued.access_token)).toBeNull();
    expect(
      kit.outbox
        .events()
        .filter((event) => event.type === 'token.revoked')
        .map((event) => event.data.reason),
    ).toEqual(['revocation_request', 'revocation_request']);
  });

  it('revoking an access token leaves the refresh token', async () => {
    await revoke({
      client_id: 'cli',
      token: issued.access_token,
      token_type_hint: 'refresh_token',
    });
    expect(await kit.bearer.resolve(issued.access_token)).toBeNull();
    expect(kit.tokens.refreshTokens[0]!.revokedAt).toBeNull();
  });

  it('succeeds for unknown, malformed and already revoked tokens', async () => {
    await expect(
      revoke({ client_id: 'cli', token: `hf_oauth_${'z'.repeat(40)}` }),
    ).resolves.toBeUndefined();
    await expect(revoke({ client_id: 'cli', token: 'whatever' })).resolves.toBeUndefined();
    await revoke({ client_id: 'cli', token: issued.access_token });
    await expect(revoke({ client_id: 'cli', token: issued.access_token })).resolves.toBeUndefined();
  });

  it('refuses to revoke another client’s token', async () => {
    const error = await revoke(
      { token: issued.refresh_token! },
      `Basic ${Buffer.from('web:s3cret').toString('base64')}`,
    ).catch((e: unknown) => e);
    expect([(error as OAuthError).code, (error as OAuthError).description]).toEqual([
      'unauthorized_client',
      'This token was not issued to this client',
    ]);
    expect(kit.tokens.refreshTokens[0]!.revokedAt).toBeNull();
  });

  it('needs client authentication and the token parameter', async () => {
    expect(
      ((await revoke({ token: issued.access_token }).catch((e: unknown) => e)) as OAuthError).code,
    ).toBe('invalid_client');
    expect(((await revoke({ client_id: 'cli' }).catch((e: unknown) => e)) as OAuthError).code).toBe(
      'invalid_request',
    );
  });
});
