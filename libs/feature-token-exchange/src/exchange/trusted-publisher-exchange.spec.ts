import { OAuthError } from '@gatehouse/domain';
import { JwksUnavailableError } from '../trusted-publishers/jwks-fetcher';
import {
  createTokenExchangeTestKit,
  IDS,
  TokenExchangeTestKit,
} from '../testing/token-exchange-test-kit';
import { ID_TOKEN_TYPE, TokenExchangeRequest } from './token-exchange-request';
import { TOKEN_EXCHANGE_GRANT_TYPE } from '@gatehouse/domain';

const ISSUER = 'https://ci.example';

const request = (params: Record<string, string>): TokenExchangeRequest => ({
  params: { grant_type: TOKEN_EXCHANGE_GRANT_TYPE, subject_token_type: ID_TOKEN_TYPE, ...params },
  ip: '203.0.113.9',
});

async function refusal(
  kit: TokenExchangeTestKit,
  req: TokenExchangeRequest,
): Promise<{ error: string; description: string }> {
  const thrown = await kit.exchange.exchange(req).then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(OAuthError);
  return { error: (thrown as OAuthError).code, description: (thrown as OAuthError).description };
}

describe('the trusted-publisher (CI id_token) exchange', () => {
  let kit: TokenExchangeTestKit;
  const claims = {
    iss: ISSUER,
    aud: 'gatehouse',
    sub: 'repo:acme/bert-training:ref:refs/heads/main',
    repository: 'acme/bert-training',
    ref: 'refs/heads/main',
  };

  beforeEach(() => {
    kit = createTokenExchangeTestKit();
    kit.directory.addOrganization(IDS.acme, 'acme');
    kit.publishers.add({
      issuer: ISSUER,
      repoName: 'acme/bert',
      conditions: { repository: 'acme/bert-training', ref: 'refs/heads/main' },
    });
  });

  it('answers a one-hour hf_jwt_ token for the repository, without refresh token, with no client credentials', async () => {
    const body = await kit.exchange.exchange(
      request({ subject_token: kit.verifier.register(claims) }),
    );
    expect(body).toEqual({
      access_token: expect.stringMatching(/^hf_jwt_/),
      token_type: 'bearer',
      expires_in: 3600,
      scope: '',
      issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
    });
    expect(await kit.bearer.resolve(body.access_token)).toMatchObject({
      kind: 'trusted_publisher',
      user: null,
      repo: { type: 'model', name: 'acme/bert' },
    });
    expect(kit.verifier.calls[0]!.issuer).toEqual({
      issuer: ISSUER,
      jwksUri: 'https://ci.example/jwks',
    });
  });

  it("audits the exchange in the repository owner's organization", async () => {
    await kit.exchange.exchange(request({ subject_token: kit.verifier.register(claims) }));
    expect(kit.auditStore.of(IDS.acme)).toMatchObject([
      {
        seq: 1,
        action: 'oauth.trusted_publisher_exchange',
        outcome: 'success',
        clientId: null,
        subject: 'model/acme/bert',
        detail: {
          issuer: ISSUER,
          expiresIn: 3600,
          claims: { sub: claims.sub, repository: 'acme/bert-training', ref: 'refs/heads/main' },
          ip: '203.0.113.9',
        },
      },
    ]);
  });

  it('audits nothing for a repository owned by a user', async () => {
    kit.publishers.add({ issuer: 'https://ci.other', repoName: 'alice/tool', conditions: {} });
    await kit.exchange.exchange(
      request({
        subject_token: kit.verifier.register({ iss: 'https://ci.other', aud: 'gatehouse' }),
      }),
    );
    expect(kit.auditStore.entries).toEqual([]);
  });

  it.each([
    [
      'a wrong audience',
      { ...claims, aud: 'https://huggingface.co' },
      'invalid_request',
      'subject_token audience is not accepted',
    ],
    [
      'an unmatched repository',
      { ...claims, repository: 'mallory/fork' },
      'invalid_grant',
      'No trusted publisher matches this token (repository, workflow or environment)',
    ],
    [
      'an issuer nobody trusts',
      { ...claims, iss: 'https://evil.example' },
      'invalid_grant',
      "No trusted publisher is configured for this token's issuer",
    ],
  ])('refuses %s', async (_case, tokenClaims, error, description) => {
    expect(
      await refusal(kit, request({ subject_token: kit.verifier.register(tokenClaims) })),
    ).toEqual({ error, description });
    expect(kit.tokens.accessTokens).toHaveLength(0);
  });

  it('refuses a token that does not verify (expired, bad signature) as the verifier says', async () => {
    const forged = kit.verifier.register(claims).replace(/\.[^.]+$/, '.Zm9yZ2Vk');
    expect(await refusal(kit, request({ subject_token: forged }))).toEqual({
      error: 'invalid_request',
      description: 'subject_token signature does not verify',
    });
  });

  it('answers temporarily_unavailable when the JWKS cannot be fetched', async () => {
    kit.verifier.failure = new JwksUnavailableError('connect ECONNREFUSED');
    expect(
      (await refusal(kit, request({ subject_token: kit.verifier.register(claims) }))).error,
    ).toBe('temporarily_unavailable');
  });

  it('answers the same when the JWKS host is refused by the SSRF guard, never naming the range', async () => {
    kit.verifier.failure = new JwksUnavailableError(
      'JWKS https://ci.example/jwks could not be fetched: ci.example resolves to 10.1.2.3, which outbound requests may not reach (private-use (10.0.0.0/8))',
    );
    expect(await refusal(kit, request({ subject_token: kit.verifier.register(claims) }))).toEqual({
      error: 'temporarily_unavailable',
      description: "The CI provider's signing keys could not be fetched; try again later",
    });
  });

  it('refuses a missing subject_token and an actor_token', async () => {
    expect((await refusal(kit, request({}))).error).toBe('invalid_request');
    expect(
      (
        await refusal(
          kit,
          request({ subject_token: kit.verifier.register(claims), actor_token: 'x' }),
        )
      ).error,
    ).toBe('invalid_request');
  });
});
