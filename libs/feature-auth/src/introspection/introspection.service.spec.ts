import { OAuthError } from '@gatehouse/domain';
import {
  aPersonalTokenRecord,
  createIdentityTestKit,
  IdentityTestKit,
} from '@gatehouse/identity/testing';
import { IntrospectionService } from './introspection.service';

const USER_ID = '65a000000000000000000001';
const ACME = '65a0000000000000000000f1';
const BETA = '65a0000000000000000000f2';
const NOW = Date.UTC(2026, 0, 1, 12);
const PERSONAL = `hf_${'P'.repeat(34)}`;

describe('IntrospectionService (RFC 7662)', () => {
  let kit: IdentityTestKit;
  let service: IntrospectionService;

  beforeEach(() => {
    kit = createIdentityTestKit({ publicUrl: 'https://hub.example', nowMs: NOW });
    kit.accounts.addUser({ id: USER_ID, username: 'ada' });
    kit.accounts.addMembership(USER_ID, { id: ACME, name: 'acme' }, 'write');
    kit.accounts.addMembership(USER_ID, { id: BETA, name: 'beta' }, 'read');
    service = new IntrospectionService(kit.bearer, kit.accounts, kit.identityOptions);
  });

  it('describes an OAuth token: user, app, scopes, granted organizations with roles, times', async () => {
    const { access_token } = await kit.issuer.issue(kit.tx, {
      kind: 'oauth',
      userId: USER_ID,
      clientId: 'app',
      scopes: ['openid', 'read-repos'],
      orgIds: [ACME],
      ttlSeconds: 3600,
      withRefreshToken: false,
      idToken: false,
    });
    expect(await service.introspect(access_token)).toEqual({
      active: true,
      iss: 'https://hub.example',
      token_type: 'bearer',
      kind: 'oauth',
      scope: 'openid read-repos',
      client_id: 'app',
      sub: USER_ID,
      username: 'ada',
      iat: NOW / 1000,
      exp: NOW / 1000 + 3600,
      organizations: [{ sub: ACME, name: 'acme', roleInOrg: 'write' }],
    });
  });

  it('adds bound_org and member_role for an exchange token', async () => {
    const { access_token } = await kit.issuer.issue(kit.tx, {
      kind: 'exchange',
      userId: USER_ID,
      clientId: 'org-app',
      scopes: ['read-repos'],
      orgIds: [],
      boundOrgId: BETA,
      memberRole: 'read',
      ttlSeconds: 28_800,
      withRefreshToken: false,
      idToken: false,
    });
    expect(await service.introspect(access_token)).toMatchObject({
      active: true,
      kind: 'exchange',
      bound_org: BETA,
      member_role: 'read',
      organizations: [{ sub: BETA, name: 'beta', roleInOrg: 'read' }],
    });
  });

  it('describes a personal token with its role, name and every organization', async () => {
    kit.tokens.personalTokens.push(
      aPersonalTokenRecord({
        id: 'pat',
        token: PERSONAL,
        userId: USER_ID,
        name: 'ci',
        role: 'write',
        createdAt: new Date(NOW - 1000),
      }),
    );
    expect(await service.introspect(PERSONAL)).toEqual({
      active: true,
      iss: 'https://hub.example',
      token_type: 'bearer',
      kind: 'personal',
      sub: USER_ID,
      username: 'ada',
      iat: NOW / 1000 - 1,
      organizations: [
        { sub: ACME, name: 'acme', roleInOrg: 'write' },
        { sub: BETA, name: 'beta', roleInOrg: 'read' },
      ],
      role: 'write',
      name: 'ci',
    });
  });

  it('answers {active: false} alone for unknown, expired and refresh tokens', async () => {
    const issued = await kit.issuer.issue(kit.tx, {
      kind: 'oauth',
      userId: USER_ID,
      clientId: 'app',
      scopes: [],
      orgIds: [],
      ttlSeconds: 60,
      withRefreshToken: true,
      idToken: false,
    });
    expect(await service.introspect(issued.refresh_token)).toEqual({ active: false });
    expect(await service.introspect('garbage')).toEqual({ active: false });
    kit.clock.advance(60_000);
    expect(await service.introspect(issued.access_token)).toEqual({ active: false });
  });

  it('needs the token parameter', async () => {
    const error = await service.introspect(undefined).catch((e: unknown) => e);
    expect((error as OAuthError).code).toBe('invalid_request');
  });
});
