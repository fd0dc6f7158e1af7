import { hashToken } from '@gatehouse/crypto';
import { OAuthError } from '@gatehouse/domain';
import { s256CodeChallenge } from '@gatehouse/domain/testing';
import { type FlowStore, MemoryFlowStore } from '@gatehouse/flow-state';
import { TokenRequestContext } from '@gatehouse/identity';
import { createIdentityTestKit, IdentityTestKit } from '@gatehouse/identity/testing';
import { AuthorizationCodeRecord } from './authorization-code-record';
import { AuthorizationCodeGrant } from './authorization-code.grant';
import { AuthorizationCodes } from './authorization-codes';
import { ConsentWithdrawals } from '../consent/consent-withdrawals';

const VERIFIER = 'v'.repeat(43) + '-._~0123456789';
const REDIRECT = 'https://app.example/callback?x=1';
const CIMD = 'https://tool.example/.well-known/oauth-cimd';

/**
 * The store with every operation called on it named in `calls`: in the Redis adapter each is one
 * command (or script), so one socket write and, awaited alone, one round trip.
 */
function counting(store: FlowStore): { store: FlowStore; calls: string[] } {
  const calls: string[] = [];
  const counted = new Proxy(store, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(String(name));
        return (value as (...args: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { store: counted, calls };
}

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describe('AuthorizationCodeGrant', () => {
  let kit: IdentityTestKit;
  let flow: MemoryFlowStore;
  let codes: AuthorizationCodes;
  let grant: AuthorizationCodeGrant;
  let withdrawals: ConsentWithdrawals;

  beforeEach(() => {
    kit = createIdentityTestKit({ publicUrl: 'https://hub.example' });
    flow = new MemoryFlowStore({ clock: kit.clock });
    codes = new AuthorizationCodes(flow, kit.random, { codeTtlSeconds: 60 });
    withdrawals = new ConsentWithdrawals(flow, kit.clock);
    grant = new AuthorizationCodeGrant(
      codes,
      kit.clientAuthenticator,
      kit.issuer,
      kit.revoker,
      kit.transactions,
      kit.signingKeys,
      withdrawals,
    );
    kit.accounts.addUser({ id: 'u'.repeat(24), username: 'alice' });
    kit.clients.addApp({ clientId: 'public-app', redirectUris: [REDIRECT] });
    kit.clients.addApp({
      clientId: 'web-app',
      clientSecretHash: hashToken('s3cret'),
      redirectUris: [REDIRECT],
      accessTokenTtlSeconds: 600,
    });
  });

  afterEach(() => flow.close());

  function issueCode(fields: Partial<AuthorizationCodeRecord> = {}): Promise<string> {
    return codes.issue({
      clientId: 'public-app',
      userId: 'u'.repeat(24),
      redirectUri: REDIRECT,
      scopes: ['openid', 'profile'],
      orgIds: ['o'.repeat(24)],
      codeChallenge: { challenge: s256CodeChallenge(VERIFIER), method: 'S256' },
      nonce: 'n-1',
      authTime: kit.clock.now() - 5000,
      familyId: 'f'.repeat(24),
      ...fields,
    });
  }

  const request = (
    params: Record<string, string>,
    authorization?: string,
  ): TokenRequestContext => ({
    params: { grant_type: 'authorization_code', ...params },
    authorization,
    ip: '203.0.113.9',
    now: new Date(kit.clock.now()),
  });

  async function failure(
    promise: Promise<unknown>,
  ): Promise<{ code: string; description: string }> {
    const error = await promise.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(OAuthError);
    return { code: (error as OAuthError).code, description: (error as OAuthError).description };
  }

  it('builds the id_token from the user the code carries and caches the new token principal, so neither is read again', async () => {
    const account = {
      user: {
        id: 'u'.repeat(24),
        username: 'alice-at-authorize',
        fullname: 'Alice',
        email: 'alice@example.com',
        avatarUrl: null,
        isPro: false,
      },
      memberships: [
        {
          organization: {
            id: 'o'.repeat(24),
            name: 'acme',
            fullname: 'ACME',
            plan: 'team' as const,
            avatarUrl: null,
          },
          role: 'write' as const,
        },
      ],
      twoFactor: { secondFactor: true, twoFactorOrgIds: ['o'.repeat(24)] },
    };
    const code = await issueCode({ account });
    const body = await grant.handle(
      request({ code, redirect_uri: REDIRECT, code_verifier: VERIFIER }),
    );
    const claims = JSON.parse(body.id_token!.split('.').slice(2).join('.')) as Record<
      string,
      unknown
    >;
    expect(claims.preferred_username).toBe('alice-at-authorize');
    const principal = await kit.bearer.resolve(body.access_token);
    expect(kit.bearerTokens.reads).toBe(0);
    expect(principal).toMatchObject({
      kind: 'oauth',
      clientId: 'public-app',
      grantedOrgIds: ['o'.repeat(24)],
      appName: 'Test app',
      account: {
        user: { username: 'alice-at-authorize' },
        memberships: [{ id: 'o'.repeat(24), name: 'acme', roleInOrg: 'write' }],
      },
    });
  });

  it("caches a member's principal with the organizations that require a factor they lack, or reads it when the code does not say", async () => {
    const user = {
      id: 'v'.repeat(24),
      username: 'vera',
      fullname: 'Vera',
      email: 'vera@example.com',
      avatarUrl: null,
      isPro: false,
    };
    const acme = {
      organization: {
        id: 'p'.repeat(24),
        name: 'acme',
        fullname: 'ACME',
        plan: 'team' as const,
        avatarUrl: null,
      },
      role: 'read' as const,
    };
    const redeem = async (account: AuthorizationCodeRecord['account']) =>
      (
        await grant.handle(
          request({
            code: await issueCode({ account }),
            redirect_uri: REDIRECT,
            code_verifier: VERIFIER,
          }),
        )
      ).access_token;

    const lacking = await redeem({
      user,
      memberships: [acme],
      twoFactor: { secondFactor: false, twoFactorOrgIds: [acme.organization.id] },
    });
    expect(await kit.bearer.resolve(lacking)).toMatchObject({
      twoFactorMissing: { [acme.organization.id]: 'acme' },
    });
    expect(kit.bearerTokens.reads).toBe(0);

    // A code parked by an earlier release carries no standing: the first check reads it.
    await kit.bearer.resolve(await redeem({ user, memberships: [acme] }));
    expect(kit.bearerTokens.reads).toBe(1);
  });

  it('redeems a code in four flow state operations: the take and its replay marker are one', async () => {
    const { store, calls } = counting(flow);
    const countedCodes = new AuthorizationCodes(store, kit.random, { codeTtlSeconds: 60 });
    const countedGrant = new AuthorizationCodeGrant(
      countedCodes,
      kit.clientAuthenticator,
      kit.issuer,
      kit.revoker,
      kit.transactions,
      kit.signingKeys,
      new ConsentWithdrawals(store, kit.clock),
    );
    const code = await issueCode();
    const body = await countedGrant.handle(
      request({ code, redirect_uri: REDIRECT, code_verifier: VERIFIER }),
    );
    expect(body.access_token).toMatch(/^hf_oauth_/);
    // peek; the withdrawal check and the redeem together; the replay check after issuance.
    expect(calls).toEqual(['get', 'get', 'takeAndMark', 'get']);
    const replay = await failure(
      countedGrant.handle(request({ code, redirect_uri: REDIRECT, code_verifier: VERIFIER })),
    );
    expect(replay.code).toBe('invalid_grant');
    // The marker the redeem left makes the replay revoke what the first use issued.
    expect(kit.tokens.accessTokens.map((row) => row.revokedAt)).toEqual([
      new Date(kit.clock.now()),
    ]);
  });

  it('exchanges a PKCE code of a public app named by the code alone (huggingface.js sends no client_id)', async () => {
    const code = await issueCode();
    const body = await grant.handle(
      request({ code, redirect_uri: REDIRECT, code_verifier: VERIFIER }),
    );
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 28_800,
      scope: 'openid profile',
    });
    expect(body.access_token).toMatch(/^hf_oauth_/);
    expect(body.refresh_token).toMatch(/^hf_oauth_refresh_/);
    expect(body.id_token).toEqual(expect.any(String));
    const [access] = kit.tokens.accessTokens;
    expect(access).toMatchObject({
      clientId: 'public-app',
      userId: 'u'.repeat(24),
      scopes: ['openid', 'profile'],
      orgIds: ['o'.repeat(24)],
      refreshFamilyId: 'f'.repeat(24),
    });
    expect(access!.authTime).toEqual(new Date(kit.clock.now() - 5000));
  });

  it('refuses a code issued before the user withdrew the app, and burns it; a code issued after works', async () => {
    const before = await issueCode({ issuedAt: kit.clock.now() });
    const fromEarlierRelease = await issueCode({ familyId: 'g'.repeat(24) });
    kit.clock.advance(1_000);
    await withdrawals.withdraw('u'.repeat(24), 'public-app');
    expect(
      await failure(
        grant.handle(request({ code: before, redirect_uri: REDIRECT, code_verifier: VERIFIER })),
      ),
    ).toEqual({
      code: 'invalid_grant',
      description: 'The authorization code is invalid, expired or already used',
    });
    expect(await codes.peek(before)).toBeNull();
    expect(
      (
        await failure(
          grant.handle(
            request({ code: fromEarlierRelease, redirect_uri: REDIRECT, code_verifier: VERIFIER }),
          ),
        )
      ).code,
    ).toBe('invalid_grant');
    expect(kit.tokens.accessTokens).toHaveLength(0);
    kit.clock.advance(1_000);
    const after = await issueCode({ issuedAt: kit.clock.now(), familyId: 'h'.repeat(24) });
    expect(
      (
        await grant.handle(
          request({ code: after, redirect_uri: REDIRECT, code_verifier: VERIFIER }),
        )
      ).access_token,
    ).toMatch(/^hf_oauth_/);
  });

  it('asks for a withdrawal and redeems the code at once: the two flow-state round trips overlap', async () => {
    const code = await issueCode({ issuedAt: kit.clock.now() });
    const calls: string[] = [];
    const get = flow.get.bind(flow);
    const take = flow.take.bind(flow);
    jest.spyOn(flow, 'get').mockImplementation(async (key) => {
      if (!key.startsWith('consent-withdrawn:')) return get(key);
      calls.push('withdrawal asked');
      await Promise.resolve();
      await Promise.resolve();
      calls.push('withdrawal answered');
      return get(key);
    });
    jest.spyOn(flow, 'take').mockImplementation(async (key) => {
      calls.push('code taken');
      return take(key);
    });
    const body = await grant.handle(
      request({ code, redirect_uri: REDIRECT, code_verifier: VERIFIER }),
    );
    expect(body.access_token).toMatch(/^hf_oauth_/);
    expect(calls).toEqual(['withdrawal asked', 'code taken', 'withdrawal answered']);
  });

  it("keeps another app's and another user's codes working after one withdrawal", async () => {
    const code = await issueCode({ issuedAt: kit.clock.now() });
    await withdrawals.withdraw('u'.repeat(24), 'web-app');
    await withdrawals.withdraw('v'.repeat(24), 'public-app');
    expect(
      (await grant.handle(request({ code, redirect_uri: REDIRECT, code_verifier: VERIFIER })))
        .access_token,
    ).toMatch(/^hf_oauth_/);
  });

  it('puts the nonce and auth_time in the id_token', async () => {
    const body = await grant.handle(
      request({
        code: await issueCode(),
        redirect_uri: REDIRECT,
        code_verifier: VERIFIER,
        client_id: 'public-app',
      }),
    );
    // The fake signer writes `<kid>.<key>.<claims JSON>`.
    const claims = JSON.parse(body.id_token!.split('.').slice(2).join('.')) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({
      aud: 'public-app',
      nonce: 'n-1',
      auth_time: Math.floor((kit.clock.now() - 5000) / 1000),
      iss: 'https://hub.example',
    });
  });

  it('issues no id_token without openid', async () => {
    const body = await grant.handle(
      request({
        code: await issueCode({ scopes: ['read-repos'] }),
        redirect_uri: REDIRECT,
        code_verifier: VERIFIER,
      }),
    );
    expect(body.id_token).toBeUndefined();
    expect(body.refresh_token).toEqual(expect.any(String));
  });

  it('accepts Basic authentication without PKCE (authlib) and uses the app lifetime', async () => {
    const code = await issueCode({ clientId: 'web-app', codeChallenge: null });
    const body = await grant.handle(
      request({ code, redirect_uri: REDIRECT }, basic('web-app', 's3cret')),
    );
    expect(body.expires_in).toBe(600);
  });

  it('accepts client_secret_post together with PKCE for a confidential app', async () => {
    const code = await issueCode({ clientId: 'web-app' });
    const body = await grant.handle(
      request({
        code,
        redirect_uri: REDIRECT,
        code_verifier: VERIFIER,
        client_id: 'web-app',
        client_secret: 's3cret',
      }),
    );
    expect(body.access_token).toMatch(/^hf_oauth_/);
  });

  it('lets a confidential app redeem a PKCE code without its secret', async () => {
    const code = await issueCode({ clientId: 'web-app' });
    await expect(
      grant.handle(request({ code, redirect_uri: REDIRECT, code_verifier: VERIFIER })),
    ).resolves.toMatchObject({ expires_in: 600 });
  });

  it('refuses a confidential app without secret and without PKCE with invalid_client, leaving the code usable', async () => {
    const code = await issueCode({ clientId: 'web-app', codeChallenge: null });
    expect((await failure(grant.handle(request({ code, redirect_uri: REDIRECT })))).code).toBe(
      'invalid_client',
    );
    await expect(
      grant.handle(request({ code, redirect_uri: REDIRECT }, basic('web-app', 's3cret'))),
    ).resolves.toBeDefined();
  });

  it('exchanges a code of a metadata-document client', async () => {
    const code = await issueCode({ clientId: CIMD });
    const body = await grant.handle(
      request({ code, redirect_uri: REDIRECT, code_verifier: VERIFIER, client_id: CIMD }),
    );
    expect(body.expires_in).toBe(28_800);
    expect(kit.tokens.accessTokens[0]!.clientId).toBe(CIMD);
  });

  it.each([
    [
      'an empty code',
      { code: '', redirect_uri: REDIRECT, code_verifier: VERIFIER },
      'invalid_request',
      'code is required',
    ],
    [
      'an unknown code',
      { code: 'nope', redirect_uri: REDIRECT, code_verifier: VERIFIER },
      'invalid_grant',
      'The authorization code is invalid, expired or already used',
    ],
    [
      'a wrong verifier',
      { redirect_uri: REDIRECT, code_verifier: 'w'.repeat(43) },
      'invalid_grant',
      'code_verifier does not match code_challenge',
    ],
    [
      'no verifier',
      { redirect_uri: REDIRECT },
      'invalid_grant',
      'code_verifier is required for this code',
    ],
    [
      'a malformed verifier',
      { redirect_uri: REDIRECT, code_verifier: 'short' },
      'invalid_request',
      'code_verifier must be 43-128 characters of A-Z a-z 0-9 - . _ ~',
    ],
    [
      'another redirect_uri',
      { redirect_uri: 'https://app.example/callback', code_verifier: VERIFIER },
      'invalid_grant',
      'redirect_uri must equal the redirect_uri of the authorization request',
    ],
    [
      'no redirect_uri',
      { code_verifier: VERIFIER },
      'invalid_grant',
      'redirect_uri must equal the redirect_uri of the authorization request',
    ],
    [
      'another client',
      {
        redirect_uri: REDIRECT,
        code_verifier: VERIFIER,
        client_id: 'web-app',
        client_secret: 's3cret',
      },
      'invalid_grant',
      'The authorization code is invalid, expired or already used',
    ],
  ])('refuses %s', async (_case, params: Record<string, string>, code, description) => {
    const issued = await issueCode();
    const error = await failure(grant.handle(request({ code: issued, ...params })));
    expect(error).toEqual({ code, description });
    expect(kit.tokens.accessTokens).toHaveLength(0);
  });

  it('refuses a verifier for a code issued without a challenge (RFC 9700 downgrade)', async () => {
    const code = await issueCode({ clientId: 'web-app', codeChallenge: null });
    const error = await failure(
      grant.handle(
        request(
          { code, redirect_uri: REDIRECT, code_verifier: VERIFIER },
          basic('web-app', 's3cret'),
        ),
      ),
    );
    expect(error).toEqual({
      code: 'invalid_grant',
      description: 'code_verifier sent for a code issued without code_challenge',
    });
  });

  it('refuses an expired code', async () => {
    const code = await issueCode();
    kit.clock.advance(61_000);
    expect(
      (
        await failure(
          grant.handle(request({ code, redirect_uri: REDIRECT, code_verifier: VERIFIER })),
        )
      ).code,
    ).toBe('invalid_grant');
  });

  it('refuses a second use and revokes every token the first use issued', async () => {
    const code = await issueCode();
    await grant.handle(request({ code, redirect_uri: REDIRECT, code_verifier: VERIFIER }));
    const error = await failure(
      grant.handle(request({ code, redirect_uri: REDIRECT, code_verifier: VERIFIER })),
    );
    expect(error.code).toBe('invalid_grant');
    expect(kit.tokens.accessTokens.map((row) => row.revokedAt)).toEqual([
      new Date(kit.clock.now()),
    ]);
    expect(kit.tokens.refreshTokens.map((row) => row.revokedAt)).toEqual([
      new Date(kit.clock.now()),
    ]);
    expect(kit.outbox.events().filter((event) => event.type === 'token.revoked')).toHaveLength(2);
  });

  it('revokes what it issued when the code was replayed while it issued', async () => {
    const code = await issueCode();
    const issue = kit.issuer.issue.bind(kit.issuer);
    jest.spyOn(kit.issuer, 'issue').mockImplementation(async (manager, issueRequest) => {
      await failure(
        grant.handle(request({ code, redirect_uri: REDIRECT, code_verifier: VERIFIER })),
      );
      return issue(manager, issueRequest);
    });
    expect(
      (
        await failure(
          grant.handle(request({ code, redirect_uri: REDIRECT, code_verifier: VERIFIER })),
        )
      ).code,
    ).toBe('invalid_grant');
    expect(kit.tokens.accessTokens).toHaveLength(1);
    expect(kit.tokens.accessTokens[0]!.revokedAt).not.toBeNull();
    expect(kit.tokens.refreshTokens[0]!.revokedAt).not.toBeNull();
  });

  it('treats two racing redemptions as a replay: both fail and nothing stays valid', async () => {
    const code = await issueCode();
    const results = await Promise.allSettled([
      grant.handle(request({ code, redirect_uri: REDIRECT, code_verifier: VERIFIER })),
      grant.handle(request({ code, redirect_uri: REDIRECT, code_verifier: VERIFIER })),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(kit.tokens.accessTokens).toHaveLength(1);
    expect(kit.tokens.accessTokens.every((row) => row.revokedAt !== null)).toBe(true);
  });
});
