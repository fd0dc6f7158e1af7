import { acme, ada, labs } from './__fixtures__/accounts';
import { buildWhoami } from './whoami';

const CREATED = Date.UTC(2025, 11, 1);
const EXPIRES = Date.UTC(2026, 0, 1, 8);

const acmeEntry = {
  type: 'org',
  id: acme.id,
  name: 'acme',
  fullname: 'Acme Corp',
  email: 'billing@acme.example.com',
  canPay: true,
  avatarUrl: 'https://cdn.example.com/acme.png',
  periodEnd: 1767225600,
  roleInOrg: 'admin',
};
const labsEntry = {
  type: 'org',
  id: labs.id,
  name: 'labs',
  fullname: 'Labs',
  email: null,
  canPay: false,
  avatarUrl: '/avatars/labs.svg',
  periodEnd: null,
  roleInOrg: 'read',
};

describe('buildWhoami', () => {
  it('answers a personal token with the whole account', () => {
    expect(
      buildWhoami({
        user: ada,
        memberships: [acme, labs],
        token: { kind: 'personal', displayName: 'ci-hub.js', role: 'write', createdAtMs: CREATED },
      }),
    ).toEqual({
      type: 'user',
      id: ada.id,
      name: 'ada',
      fullname: 'Ada Lovelace',
      email: 'ada@example.com',
      emailVerified: true,
      isPro: true,
      canPay: true,
      avatarUrl: '/avatars/ada.svg',
      periodEnd: 1767225600,
      orgs: [acmeEntry, labsEntry],
      auth: {
        type: 'access_token',
        accessToken: {
          displayName: 'ci-hub.js',
          role: 'write',
          createdAt: '2025-12-01T00:00:00.000Z',
        },
      },
    });
  });

  it('describes a fine-grained token in the Hub shape, organizations by their current name', () => {
    const whoami = buildWhoami({
      user: ada,
      memberships: [acme, labs],
      token: {
        kind: 'personal',
        displayName: 'deploy',
        role: 'fineGrained',
        fineGrained: {
          global: ['discussion.write'],
          scoped: [
            { entity: { type: 'user', id: ada.id, name: 'ada' }, permissions: ['repo.write'] },
            { entity: { type: 'org', id: acme.id, name: 'acme-old' }, permissions: ['org.read'] },
            { entity: { type: 'model', id: 'm1', name: 'acme/bert' }, permissions: ['repo.write'] },
          ],
          canReadGatedRepos: true,
        },
        createdAtMs: CREATED,
      },
    });
    expect(whoami.orgs).toEqual([acmeEntry, labsEntry]);
    expect(whoami.auth).toEqual({
      type: 'access_token',
      accessToken: {
        displayName: 'deploy',
        role: 'fineGrained',
        createdAt: '2025-12-01T00:00:00.000Z',
        fineGrained: {
          canReadGatedRepos: true,
          global: ['discussion.write'],
          scoped: [
            { entity: { _id: ada.id, type: 'user', name: 'ada' }, permissions: ['repo.write'] },
            { entity: { _id: acme.id, type: 'org', name: 'acme' }, permissions: ['org.read'] },
            {
              entity: { _id: 'm1', type: 'model', name: 'acme/bert' },
              permissions: ['repo.write'],
            },
          ],
        },
      },
    });
  });

  it('adds expiresAt for an expiring personal token', () => {
    const whoami = buildWhoami({
      user: ada,
      memberships: [],
      token: {
        kind: 'personal',
        displayName: 't',
        role: 'read',
        createdAtMs: CREATED,
        expiresAtMs: EXPIRES,
      },
    });
    expect(whoami.auth).toEqual({
      type: 'access_token',
      accessToken: {
        displayName: 't',
        role: 'read',
        createdAt: '2025-12-01T00:00:00.000Z',
        expiration: '2026-01-01T08:00:00.000Z',
      },
      expiresAt: '2026-01-01T08:00:00.000Z',
    });
  });

  it('answers an OAuth token within its scopes and granted organizations', () => {
    const whoami = buildWhoami({
      user: ada,
      memberships: [acme, labs],
      token: {
        kind: 'oauth',
        clientId: 'app-1',
        appName: 'Example App',
        scopes: ['openid', 'profile', 'read-repos'],
        grantedOrgIds: [labs.id],
        createdAtMs: CREATED,
        expiresAtMs: EXPIRES,
      },
    });
    expect(whoami).not.toHaveProperty('email');
    expect(whoami).not.toHaveProperty('emailVerified');
    expect(whoami.canPay).toBe(false);
    const { roleInOrg: _role, ...labsWithoutRole } = labsEntry;
    expect(whoami.orgs).toEqual([labsWithoutRole]);
    expect(whoami.auth).toEqual({
      type: 'oauth',
      accessToken: { role: 'read', createdAt: '2025-12-01T00:00:00.000Z' },
      expiresAt: '2026-01-01T08:00:00.000Z',
      oauth: {
        clientId: 'app-1',
        appName: 'Example App',
        scope: 'openid profile read-repos',
        organizations: [labs.id],
      },
    });
    expect(whoami.auth.accessToken).not.toHaveProperty('displayName');
  });

  it('shows e-mail, billing and roles to an OAuth token with those scopes; write scopes report role write', () => {
    const whoami = buildWhoami({
      user: ada,
      memberships: [acme, labs],
      token: {
        kind: 'oauth',
        clientId: 'app-1',
        appName: 'Example App',
        scopes: ['email', 'read-billing', 'read-memberships', 'write-repos'],
        grantedOrgIds: [acme.id, labs.id],
        createdAtMs: CREATED,
        expiresAtMs: EXPIRES,
      },
    });
    expect(whoami.email).toBe('ada@example.com');
    expect(whoami.emailVerified).toBe(true);
    expect(whoami.canPay).toBe(true);
    expect(whoami.orgs).toEqual([acmeEntry, labsEntry]);
    expect(whoami.auth.accessToken.role).toBe('write');
  });

  it('shows the bound organization of a token-exchange token, read role for a read member', () => {
    const whoami = buildWhoami({
      user: ada,
      memberships: [acme, labs],
      token: {
        kind: 'oauth',
        clientId: 'org-app',
        appName: 'Labs backend',
        scopes: ['openid', 'write-repos', 'read-memberships'],
        grantedOrgIds: [],
        boundOrgId: labs.id,
        createdAtMs: CREATED,
        expiresAtMs: EXPIRES,
      },
    });
    expect(whoami.orgs).toEqual([labsEntry]);
    expect(whoami.auth).toEqual({
      type: 'oauth',
      accessToken: { role: 'read', createdAt: '2025-12-01T00:00:00.000Z' },
      expiresAt: '2026-01-01T08:00:00.000Z',
      oauth: {
        clientId: 'org-app',
        appName: 'Labs backend',
        scope: 'openid write-repos read-memberships',
        organizations: [labs.id],
        boundOrganization: { id: labs.id, role: 'read' },
      },
    });
  });

  it('names a service account and its organization, and never shows its placeholder address', () => {
    const whoami = buildWhoami({
      user: {
        ...ada,
        username: 'acme+ci',
        fullname: 'CI',
        email: 'x@service-accounts.invalid',
        isPro: false,
      },
      memberships: [{ ...acme, roleInOrg: 'write' }],
      token: {
        kind: 'personal',
        displayName: 'release',
        role: 'fineGrained',
        fineGrained: {
          global: [],
          scoped: [
            {
              entity: { type: 'org', id: acme.id, name: 'acme' },
              permissions: ['repo.content.read'],
            },
          ],
          canReadGatedRepos: false,
        },
        createdAtMs: CREATED,
      },
    });
    expect(whoami).toMatchObject({
      type: 'user',
      name: 'acme+ci',
      serviceAccount: { organization: 'acme' },
      orgs: [{ ...acmeEntry, roleInOrg: 'write' }],
      auth: { type: 'access_token', accessToken: { role: 'fineGrained' } },
    });
    expect(whoami).not.toHaveProperty('email');
    expect(
      buildWhoami({
        user: ada,
        memberships: [],
        token: { kind: 'personal', displayName: 'x', role: 'read', createdAtMs: CREATED },
      }),
    ).not.toHaveProperty('serviceAccount');
  });
});
