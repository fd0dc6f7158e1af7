import { OAuthError, oauthErrorStatus } from '@gatehouse/domain';
import { verifyAuditChain } from '../testing/verify-audit-chain';
import {
  basicAuthorization,
  createTokenExchangeTestKit,
  IDS,
  TokenExchangeTestKit,
  USER_EMAIL_TOKEN_TYPE,
} from '../testing/token-exchange-test-kit';
import { TokenExchangeRequest } from './token-exchange-request';
import { TOKEN_EXCHANGE_GRANT_TYPE } from '@gatehouse/domain';

const CLIENT = 'acme-exchange';
const SECRET = 'acme-exchange-secret';

/** `authorization` null: no Authorization header. */
function request(
  params: Record<string, string>,
  authorization: string | null = basicAuthorization(CLIENT, SECRET),
): TokenExchangeRequest {
  return {
    params: {
      grant_type: TOKEN_EXCHANGE_GRANT_TYPE,
      subject_token_type: USER_EMAIL_TOKEN_TYPE,
      ...params,
    },
    ...(authorization !== null && { authorization }),
    ip: '198.51.100.7',
  };
}

async function refusal(
  kit: TokenExchangeTestKit,
  req: TokenExchangeRequest,
): Promise<{ error: string; status: number; description: string }> {
  const thrown = await kit.exchange.exchange(req).then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(OAuthError);
  const error = thrown as OAuthError;
  return {
    error: error.code,
    status: oauthErrorStatus(error.code),
    description: error.description,
  };
}

describe('the organization token exchange', () => {
  let kit: TokenExchangeTestKit;

  beforeEach(() => {
    kit = createTokenExchangeTestKit();
    kit.directory.addOrganization(IDS.acme, 'acme');
    kit.directory.addOrganization(IDS.other, 'other');
    kit.addUser(IDS.alice, 'alice');
    kit.addUser(IDS.bob, 'bob');
    kit.addUser(IDS.carol, 'carol');
    kit.addMember(IDS.acme, IDS.alice, 'admin');
    kit.addMember(IDS.acme, IDS.bob, 'read');
    kit.addMember(IDS.other, IDS.carol, 'write');
    kit.addExchangeApp(CLIENT, SECRET, IDS.acme);
  });

  it('answers the RFC 8693 token response: hf_oauth_ token, bearer, 8 hours, all app scopes, no refresh token', async () => {
    const body = await kit.exchange.exchange(request({ subject_token: 'alice@example.com' }));
    expect(body).toEqual({
      access_token: expect.stringMatching(/^hf_oauth_/),
      token_type: 'bearer',
      expires_in: 28_800,
      scope: 'openid profile email read-repos write-repos',
      id_token: expect.any(String),
      issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
    });
    expect(body).not.toHaveProperty('refresh_token');
  });

  it('stores an exchange token bound to the organization with the member role', async () => {
    const body = await kit.exchange.exchange(
      request({ subject_token: 'BOB@example.com', scope: 'read-repos' }),
    );
    const principal = await kit.bearer.resolve(body.access_token);
    expect(principal).toMatchObject({
      kind: 'exchange',
      user: { id: IDS.bob },
      clientId: CLIENT,
      scopes: ['read-repos'],
      boundOrgId: IDS.acme,
      memberRole: 'read',
      grantedOrgIds: [IDS.acme],
    });
    expect(body).toMatchObject({ scope: 'read-repos' });
    expect(body).not.toHaveProperty('id_token');
    expect(kit.tokens.refreshTokens).toHaveLength(0);
  });

  it("uses the organization's token duration for the app", async () => {
    kit.clients.apps[0]!.tokenExchangeTtlSeconds = 600;
    expect(
      (await kit.exchange.exchange(request({ subject_token: 'alice@example.com' }))).expires_in,
    ).toBe(600);
  });

  it('writes the token and its audit entry together, chained and published', async () => {
    const body = await kit.exchange.exchange(
      request({ subject_token: 'alice@example.com', scope: 'openid read-repos' }),
    );
    const [entry] = kit.auditStore.of(IDS.acme);
    expect(entry).toMatchObject({
      seq: 1,
      action: 'oauth.token_exchange',
      outcome: 'success',
      errorCode: null,
      clientId: CLIENT,
      subject: 'alice@example.com',
      prevHash: null,
      detail: {
        userId: IDS.alice,
        username: 'alice',
        memberRole: 'admin',
        scopes: ['openid', 'read-repos'],
        expiresIn: 28_800,
        ip: '198.51.100.7',
      },
    });
    const principal = await kit.bearer.resolve(body.access_token);
    expect(entry!.detail.tokenId).toBe(principal!.tokenId);
    const audit = kit.outbox.messages.filter((message) => message.topic === 'gatehouse.audit.v1');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.key).toBe(IDS.acme);
    expect(
      kit.outbox.events().find((event) => event.type === 'audit.recorded')!.data,
    ).toMatchObject({
      organizationId: IDS.acme,
      action: 'oauth.token_exchange',
      actor: { type: 'app', id: CLIENT },
      subject: { type: 'user', id: IDS.alice },
      details: { seq: 1, outcome: 'success', hash: entry!.hash },
    });
    expect(JSON.stringify(kit.outbox.messages)).not.toContain(body.access_token);
  });

  describe('RFC 6749 §5.2 errors', () => {
    it.each([
      [
        'no Authorization header',
        'invalid_client',
        401,
        request({ subject_token: 'alice@example.com' }, null),
      ],
      [
        'a Bearer header instead of Basic',
        'invalid_client',
        401,
        request({ subject_token: 'alice@example.com' }, 'Bearer hf_x'),
      ],
      [
        'a wrong secret',
        'invalid_client',
        401,
        request({ subject_token: 'alice@example.com' }, basicAuthorization(CLIENT, 'nope')),
      ],
      [
        'an unknown client',
        'invalid_client',
        401,
        request({ subject_token: 'alice@example.com' }, basicAuthorization('nobody', SECRET)),
      ],
      [
        'an e-mail of no member',
        'invalid_grant',
        400,
        request({ subject_token: 'carol@example.com' }),
      ],
      ['an unknown e-mail', 'invalid_grant', 400, request({ subject_token: 'nobody@example.com' })],
      [
        'an unknown scope',
        'invalid_scope',
        400,
        request({ subject_token: 'alice@example.com', scope: 'read-repos fly' }),
      ],
      [
        'a scope the app lacks',
        'invalid_scope',
        400,
        request({ subject_token: 'alice@example.com', scope: 'manage-repos' }),
      ],
      ['no subject_token', 'invalid_request', 400, request({})],
      [
        'no subject_token_type',
        'invalid_request',
        400,
        request({ subject_token: 'alice@example.com', subject_token_type: '' }),
      ],
      [
        'another platform’s subject_token_type',
        'invalid_request',
        400,
        request({
          subject_token: 'alice@example.com',
          subject_token_type: 'urn:service:token-type:user-email',
        }),
      ],
      [
        'an actor_token (delegation)',
        'invalid_request',
        400,
        request({
          subject_token: 'alice@example.com',
          actor_token: 'x',
          actor_token_type: USER_EMAIL_TOKEN_TYPE,
        }),
      ],
      [
        'a refresh token asked for',
        'invalid_request',
        400,
        request({
          subject_token: 'alice@example.com',
          requested_token_type: 'urn:ietf:params:oauth:token-type:refresh_token',
        }),
      ],
      [
        'an audience',
        'invalid_target',
        400,
        request({ subject_token: 'alice@example.com', audience: 'other-service' }),
      ],
    ])('%s → %s (%i)', async (_case, error, status, req) => {
      expect(await refusal(kit, req)).toMatchObject({ error, status });
    });

    it('refuses an app without the token-exchange privilege', async () => {
      kit.addExchangeApp('plain-app', 'plain-secret', IDS.acme, { tokenExchange: false });
      expect(
        await refusal(
          kit,
          request(
            { subject_token: 'alice@example.com' },
            basicAuthorization('plain-app', 'plain-secret'),
          ),
        ),
      ).toEqual({
        error: 'invalid_client',
        status: 401,
        description: 'The client is not authorized for token exchange',
      });
    });

    it('refuses a privileged app bound to no organization', async () => {
      kit.addExchangeApp('unbound', 'unbound-secret', null);
      expect(
        await refusal(
          kit,
          request(
            { subject_token: 'alice@example.com' },
            basicAuthorization('unbound', 'unbound-secret'),
          ),
        ),
      ).toEqual({
        error: 'invalid_client',
        status: 401,
        description: 'The app is not bound to an organization',
      });
    });

    it('refuses an organization not on the Enterprise plan', async () => {
      kit.directory.organizations.find((org) => org.id === IDS.other)!.plan = 'team';
      kit.addExchangeApp('other-app', 'other-secret', IDS.other);
      expect(
        (
          await refusal(
            kit,
            request(
              { subject_token: 'carol@example.com' },
              basicAuthorization('other-app', 'other-secret'),
            ),
          )
        ).error,
      ).toBe('invalid_client');
    });

    it('refuses a disabled member', async () => {
      kit.directory.users.find((user) => user.id === IDS.bob)!.disabledAt = new Date(0);
      expect((await refusal(kit, request({ subject_token: 'bob@example.com' }))).error).toBe(
        'invalid_grant',
      );
    });

    it('refuses credentials sent both ways', async () => {
      expect(
        await refusal(kit, request({ subject_token: 'alice@example.com', client_secret: SECRET })),
      ).toMatchObject({ error: 'invalid_request', status: 400 });
    });
  });

  describe('audit of refused attempts', () => {
    it('records each refusal on a known organization with its error code, chained after the successes', async () => {
      await kit.exchange.exchange(request({ subject_token: 'alice@example.com' }));
      await refusal(kit, request({ subject_token: 'carol@example.com' }));
      await refusal(
        kit,
        request({ subject_token: 'alice@example.com' }, basicAuthorization(CLIENT, 'wrong')),
      );
      await refusal(kit, request({ subject_token: 'alice@example.com', scope: 'jobs' }));
      const entries = kit.auditStore.of(IDS.acme);
      expect(entries.map((e) => [e.seq, e.outcome, e.errorCode, e.subject])).toEqual([
        [1, 'success', null, 'alice@example.com'],
        [2, 'failure', 'invalid_grant', 'carol@example.com'],
        [3, 'failure', 'invalid_client', 'alice@example.com'],
        [4, 'failure', 'invalid_scope', 'alice@example.com'],
      ]);
      expect(entries[1]!.detail).toEqual({
        reason: 'The user is not a member of the organization the app is bound to',
        ip: '198.51.100.7',
      });
      expect(verifyAuditChain(entries)).toEqual({ intact: true, checked: 4 });
      expect(kit.tokens.accessTokens).toHaveLength(1);
    });

    it('records nothing when the organization is unknown', async () => {
      await refusal(kit, request({ subject_token: 'alice@example.com' }, null));
      await refusal(
        kit,
        request({ subject_token: 'alice@example.com' }, basicAuthorization('nobody', SECRET)),
      );
      expect(kit.auditStore.entries).toEqual([]);
    });

    it('answers no token when the audit entry cannot be written (the rollback is in the integration test)', async () => {
      kit.auditStore.append = () => Promise.reject(new Error('disk full'));
      await expect(
        kit.exchange.exchange(request({ subject_token: 'alice@example.com' })),
      ).rejects.toThrow('disk full');
    });
  });
});
