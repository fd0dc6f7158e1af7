import {
  aPersonalTokenRecord,
  createIdentityTestKit,
  IdentityTestKit,
} from '@gatehouse/identity/testing';
import { WhoamiService } from './whoami.service';

const ADA = '65a000000000000000000001';
const ACME = '65a0000000000000000000f1';
const BETA = '65a0000000000000000000f2';
const NOW = Date.UTC(2026, 0, 1, 12);
const PERSONAL = `hf_${'P'.repeat(34)}`;

describe('WhoamiService', () => {
  let kit: IdentityTestKit;
  let service: WhoamiService;

  beforeEach(() => {
    kit = createIdentityTestKit({ nowMs: NOW });
    kit.accounts.addUser({
      id: ADA,
      username: 'ada',
      fullname: 'Ada Lovelace',
      isPro: true,
      avatarUrl: '/avatars/ada.png',
    });
    kit.accounts.addMembership(ADA, { id: ACME, name: 'acme', plan: 'team' }, 'admin');
    kit.accounts.addMembership(ADA, { id: BETA, name: 'beta' }, 'read');
    kit.clients.addApp({ clientId: 'app', name: 'Notebook' });
    kit.tokens.personalTokens.push(
      aPersonalTokenRecord({
        id: 'pat',
        token: PERSONAL,
        userId: ADA,
        name: 'ci-hub.js',
        role: 'write',
        createdAt: new Date(NOW - 1000),
      }),
    );
    service = new WhoamiService(kit.accounts, kit.clients);
  });

  it('answers a personal token with the whole account in the Hugging Face shape', async () => {
    const principal = await kit.bearer.authenticate(`Bearer ${PERSONAL}`);
    expect(await service.whoami(principal)).toEqual({
      type: 'user',
      id: ADA,
      name: 'ada',
      fullname: 'Ada Lovelace',
      email: 'ada@example.com',
      emailVerified: true,
      isPro: true,
      canPay: true,
      avatarUrl: '/avatars/ada.png',
      periodEnd: null,
      orgs: [
        {
          type: 'org',
          id: ACME,
          name: 'acme',
          fullname: 'ACME',
          email: null,
          canPay: true,
          avatarUrl: '/avatars/default.svg',
          periodEnd: null,
          roleInOrg: 'admin',
        },
        {
          type: 'org',
          id: BETA,
          name: 'beta',
          fullname: 'BETA',
          email: null,
          canPay: false,
          avatarUrl: '/avatars/default.svg',
          periodEnd: null,
          roleInOrg: 'read',
        },
      ],
      auth: {
        type: 'access_token',
        accessToken: {
          displayName: 'ci-hub.js',
          role: 'write',
          createdAt: new Date(NOW - 1000).toISOString(),
        },
      },
    });
  });

  it('answers an OAuth token with what its scopes and grants show', async () => {
    const { access_token } = await kit.issuer.issue(kit.tx, {
      kind: 'oauth',
      userId: ADA,
      clientId: 'app',
      scopes: ['openid', 'profile', 'read-repos'],
      orgIds: [ACME],
      ttlSeconds: 3600,
      withRefreshToken: false,
      idToken: false,
    });
    const whoami = await service.whoami(await kit.bearer.authenticate(`Bearer ${access_token}`));
    expect(whoami).not.toHaveProperty('email');
    expect(whoami).toMatchObject({
      name: 'ada',
      canPay: false,
      orgs: [{ id: ACME, name: 'acme', canPay: false }],
    });
    expect(whoami.orgs[0]).not.toHaveProperty('roleInOrg');
    expect(whoami.auth).toEqual({
      type: 'oauth',
      accessToken: { role: 'read', createdAt: new Date(NOW).toISOString() },
      expiresAt: new Date(NOW + 3600_000).toISOString(),
      oauth: {
        clientId: 'app',
        appName: 'Notebook',
        scope: 'openid profile read-repos',
        organizations: [ACME],
      },
    });
  });

  it('names a metadata-document app by its host', async () => {
    const clientId = 'https://tools.example/.well-known/oauth-cimd';
    const { access_token } = await kit.issuer.issue(kit.tx, {
      kind: 'oauth',
      userId: ADA,
      clientId,
      scopes: ['openid'],
      orgIds: [],
      ttlSeconds: 3600,
      withRefreshToken: false,
      idToken: false,
    });
    const whoami = await service.whoami(await kit.bearer.authenticate(`Bearer ${access_token}`));
    expect(whoami.auth).toMatchObject({ oauth: { clientId, appName: 'tools.example' } });
  });
});
