import { hashToken } from '@gatehouse/crypto';
import { OAuthError } from '@gatehouse/domain';
import { TokenRequestContext, TokenResponseBody } from '@gatehouse/identity';
import { createIdentityTestKit, IdentityTestKit } from '@gatehouse/identity/testing';
import { RefreshRotationGrace } from './refresh-rotation-grace';
import { RefreshTokenGrant } from './refresh-token.grant';

const USER_ID = '65a000000000000000000001';
const ORG_ID = '65a0000000000000000000f1';

describe('RefreshTokenGrant', () => {
  let kit: IdentityTestKit;
  let grant: RefreshTokenGrant;
  let first: TokenResponseBody;

  beforeEach(async () => {
    kit = createIdentityTestKit();
    kit.accounts.addUser({ id: USER_ID, username: 'ada' });
    kit.clients.addApp({ clientId: 'cli', accessTokenTtlSeconds: 900 });
    kit.clients.addApp({ clientId: 'web', clientSecretHash: hashToken('s3cret') });
    grant = withGrace(10);
    first = await kit.issuer.issue(kit.tx, {
      kind: 'oauth',
      userId: USER_ID,
      clientId: 'cli',
      scopes: ['openid', 'profile', 'read-repos'],
      orgIds: [ORG_ID],
      ttlSeconds: 900,
      withRefreshToken: true,
      idToken: true,
      authTime: new Date(kit.clock.now() - 60_000),
    });
    kit.clock.advance(3600_000);
    kit.outbox.messages.length = 0;
  });

  function withGrace(seconds: number): RefreshTokenGrant {
    const grace = new RefreshRotationGrace({ reuseGraceSeconds: seconds });
    return new RefreshTokenGrant(
      kit.clientAuthenticator,
      kit.tokens,
      kit.issuer,
      kit.revoker,
      kit.transactions,
      grace,
      kit.clock,
    );
  }

  const refresh = (params: Record<string, string>, authorization?: string, ip = '192.0.2.1') => {
    const request: TokenRequestContext = {
      params: { grant_type: 'refresh_token', ...params },
      authorization,
      ip,
      now: new Date(kit.clock.now()),
    };
    return grant.handle(request);
  };

  async function refused(promise: Promise<unknown>): Promise<OAuthError> {
    const error = await promise.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(OAuthError);
    return error as OAuthError;
  }

  it('rotates: a new access and refresh token of the same grant, the old refresh token spent', async () => {
    const body = await refresh({ client_id: 'cli', refresh_token: first.refresh_token! });
    expect(body).toEqual({
      access_token: expect.stringMatching(/^hf_oauth_/),
      token_type: 'bearer',
      expires_in: 900,
      scope: 'openid profile read-repos',
      refresh_token: expect.stringMatching(/^hf_oauth_refresh_/),
      id_token: expect.any(String),
    });
    expect(body.refresh_token).not.toBe(first.refresh_token);
    const [old, rotated] = kit.tokens.refreshTokens;
    expect(old!.usedAt).toEqual(new Date(kit.clock.now()));
    expect(rotated).toMatchObject({
      familyId: old!.familyId,
      orgIds: [ORG_ID],
      authTime: old!.authTime,
      usedAt: null,
    });
    // No consumer needs every OAuth issuance (docs/architecture.md "Token events").
    expect(kit.outbox.events()).toEqual([]);
  });

  it('keeps auth_time of the original sign-in in the new id_token', async () => {
    const body = await refresh({ client_id: 'cli', refresh_token: first.refresh_token! });
    const claims = JSON.parse(body.id_token!.split('.').slice(2).join('.')) as Record<
      string,
      number
    >;
    expect(claims.auth_time).toBe(Math.floor((kit.clock.now() - 3600_000 - 60_000) / 1000));
  });

  it('narrows the access token scope on request, and keeps the refresh token scope (RFC 6749 §6)', async () => {
    const body = await refresh({
      client_id: 'cli',
      refresh_token: first.refresh_token!,
      scope: 'read-repos',
    });
    expect(body.scope).toBe('read-repos');
    expect(body.id_token).toBeUndefined();
    expect(kit.tokens.refreshTokens[1]!.scopes).toEqual(['openid', 'profile', 'read-repos']);
  });

  it('refuses widening with invalid_scope and leaves the refresh token usable', async () => {
    const error = await refused(
      refresh({
        client_id: 'cli',
        refresh_token: first.refresh_token!,
        scope: 'openid write-repos',
      }),
    );
    expect([error.code, error.description]).toEqual([
      'invalid_scope',
      "Scope 'write-repos' was not granted to this refresh token",
    ]);
    expect(kit.tokens.refreshTokens[0]!.usedAt).toBeNull();
  });

  it('on reuse of a spent refresh token, revokes every token of the grant and answers invalid_grant', async () => {
    const second = await refresh({ client_id: 'cli', refresh_token: first.refresh_token! });
    kit.clock.advance(10_000);
    const error = await refused(refresh({ client_id: 'cli', refresh_token: first.refresh_token! }));
    expect([error.code, error.description]).toEqual([
      'invalid_grant',
      'The refresh token was already used; every token of this grant is now revoked',
    ]);
    expect(kit.tokens.accessTokens.every((row) => row.revokedAt !== null)).toBe(true);
    expect(kit.tokens.refreshTokens.every((row) => row.revokedAt !== null)).toBe(true);
    expect(
      (await refused(refresh({ client_id: 'cli', refresh_token: second.refresh_token! })))
        .description,
    ).toBe('The refresh token was revoked');
    await expect(kit.bearer.resolve(second.access_token)).resolves.toBeNull();
  });

  it('within the reuse grace, the same spent token gets the same new pair, and nothing is revoked', async () => {
    const second = await refresh({ client_id: 'cli', refresh_token: first.refresh_token! });
    kit.clock.advance(9_000);
    expect(await refresh({ client_id: 'cli', refresh_token: first.refresh_token! })).toEqual(
      second,
    );
    expect(kit.tokens.refreshTokens.filter((row) => row.revokedAt !== null)).toEqual([]);
    await expect(kit.bearer.resolve(second.access_token)).resolves.not.toBeNull();
    expect(
      (await refresh({ client_id: 'cli', refresh_token: second.refresh_token! })).refresh_token,
    ).not.toBe(second.refresh_token);
  });

  it('within the reuse grace, a spent token presented from another address revokes the grant: a stolen token gets nothing', async () => {
    const second = await refresh({ client_id: 'cli', refresh_token: first.refresh_token! });
    kit.clock.advance(2_000);
    expect(
      (
        await refused(
          refresh(
            { client_id: 'cli', refresh_token: first.refresh_token! },
            undefined,
            '198.51.100.66',
          ),
        )
      ).description,
    ).toBe('The refresh token was already used; every token of this grant is now revoked');
    await expect(kit.bearer.resolve(second.access_token)).resolves.toBeNull();
    expect(
      (await refused(refresh({ client_id: 'cli', refresh_token: second.refresh_token! })))
        .description,
    ).toBe('The refresh token was revoked');
  });

  it('with the grace off, the first reuse revokes', async () => {
    grant = withGrace(0);
    await refresh({ client_id: 'cli', refresh_token: first.refresh_token! });
    expect(
      (await refused(refresh({ client_id: 'cli', refresh_token: first.refresh_token! })))
        .description,
    ).toBe('The refresh token was already used; every token of this grant is now revoked');
  });

  it('refuses a refresh token of another client as if unknown', async () => {
    const error = await refused(
      refresh(
        { refresh_token: first.refresh_token! },
        `Basic ${Buffer.from('web:s3cret').toString('base64')}`,
      ),
    );
    expect([error.code, error.description]).toEqual(['invalid_grant', 'Invalid refresh token']);
    expect(kit.tokens.refreshTokens[0]!.usedAt).toBeNull();
  });

  it('refuses an unknown and an expired refresh token', async () => {
    expect(
      (
        await refused(
          refresh({ client_id: 'cli', refresh_token: `hf_oauth_refresh_${'x'.repeat(40)}` }),
        )
      ).code,
    ).toBe('invalid_grant');
    kit.clock.advance(30 * 24 * 3600_000);
    expect(
      (await refused(refresh({ client_id: 'cli', refresh_token: first.refresh_token! })))
        .description,
    ).toBe('The refresh token expired');
  });

  it('re-checks the user: a disabled user gets invalid_grant', async () => {
    kit.accounts.users[0]!.disabledAt = new Date();
    const error = await refused(refresh({ client_id: 'cli', refresh_token: first.refresh_token! }));
    expect([error.code, error.description]).toEqual([
      'invalid_grant',
      'The user of this grant can no longer sign in',
    ]);
  });

  it('needs the refresh_token parameter and an authenticated client', async () => {
    expect((await refused(refresh({ client_id: 'cli' }))).code).toBe('invalid_request');
    expect((await refused(refresh({ refresh_token: first.refresh_token! }))).code).toBe(
      'invalid_client',
    );
    expect(
      (await refused(refresh({ client_id: 'web', refresh_token: first.refresh_token! }))).code,
    ).toBe('invalid_client');
  });
});
