import type { TokenPrincipal } from './principal';
import { decodePrincipal, encodePrincipal, STALE_PRINCIPAL } from './principal-snapshot';

const NOW = Date.UTC(2026, 0, 1, 12);

const oauth: TokenPrincipal = {
  tokenId: '65a0000000000000000000a1',
  kind: 'oauth',
  user: {
    id: '65a000000000000000000001',
    username: 'ada',
    email: 'ada@example.com',
    fullname: 'Ada',
    isPro: true,
    avatarUrl: null,
  },
  scopes: ['openid', 'profile', 'read-repos'],
  role: null,
  clientId: 'app-1',
  grantedOrgIds: ['65a0000000000000000000b1'],
  boundOrgId: null,
  memberRole: null,
  repo: null,
  displayName: null,
  createdAt: new Date(NOW - 1000),
  expiresAt: new Date(NOW + 3600_000),
  account: {
    user: {
      id: '65a000000000000000000001',
      username: 'ada',
      fullname: 'Ada',
      email: 'ada@example.com',
      emailVerified: true,
      avatarUrl: '/avatars/ada.png',
      websiteUrl: null,
      isPro: true,
      canPay: false,
    },
    memberships: [
      {
        id: '65a0000000000000000000b1',
        name: 'analytical',
        fullname: 'Analytical',
        avatarUrl: '/avatars/analytical.png',
        plan: 'team',
        canPay: true,
        periodEnd: 1_800_000_000,
        roleInOrg: 'admin',
      },
    ],
  },
  appName: 'Notebook',
};

const personal: TokenPrincipal = {
  ...oauth,
  tokenId: '65a0000000000000000000a2',
  kind: 'personal',
  scopes: [],
  role: 'write',
  clientId: null,
  displayName: 'laptop',
  expiresAt: null,
  account: undefined,
  appName: null,
};

const publisher: TokenPrincipal = {
  ...personal,
  tokenId: '65a0000000000000000000a3',
  kind: 'trusted_publisher',
  user: null,
  role: null,
  repo: { type: 'model', name: 'analytical/engine' },
  displayName: null,
};

const { account: _omitted, ...withoutAccount } = personal;

describe('principal snapshots', () => {
  it.each([
    ['an OAuth token with its account', oauth],
    ['a personal token without an account', withoutAccount],
    ['a trusted publisher token without a user', publisher],
    [
      'a fine-grained personal token with its grant',
      {
        ...withoutAccount,
        role: 'fineGrained',
        expiresAt: new Date(Date.UTC(2026, 2, 1)),
        fineGrained: {
          global: ['repo.content.read'],
          scoped: [
            {
              entity: { type: 'org', id: '65a0000000000000000000b1', name: 'analytical' },
              permissions: ['repo.write', 'org.read'],
            },
          ],
          canReadGatedRepos: true,
        },
      } satisfies TokenPrincipal,
    ],
    [
      'a personal token refused by two organizations’ token policies',
      {
        ...withoutAccount,
        orgBlocks: {
          '65a0000000000000000000b1': 'approval_pending',
          '65a0000000000000000000b2': 'fine_grained_only',
        },
      } satisfies TokenPrincipal,
    ],
  ])('give back %s as it was encoded, dates included', (_label, principal) => {
    expect(decodePrincipal(encodePrincipal(principal))).toEqual(principal);
  });

  it('read the same principal from a value this release wrote as from the same value checked against the schema', () => {
    const written = JSON.parse(encodePrincipal(oauth)) as Record<string, unknown>;
    const { v: _version, ...untagged } = written;
    expect(decodePrincipal(JSON.stringify(untagged))).toEqual(
      decodePrincipal(JSON.stringify(written)),
    );
    expect(decodePrincipal(JSON.stringify({ ...untagged, v: 2 }))).toEqual(oauth);
  });

  it('read an entry of the release before, which has no version, after checking it', () => {
    const { v: _version, ...previous } = JSON.parse(encodePrincipal(oauth)) as Record<
      string,
      unknown
    >;
    expect(decodePrincipal(JSON.stringify(previous))).toEqual(oauth);
    expect(decodePrincipal(JSON.stringify({ ...previous, scopes: 'openid' }))).toBeNull();
  });

  it('check an entry of another version against the schema', () => {
    const { v: _version, ...fields } = JSON.parse(encodePrincipal(oauth)) as Record<
      string,
      unknown
    >;
    expect(decodePrincipal(JSON.stringify({ v: 6, ...fields }))).toEqual(oauth);
    expect(decodePrincipal(JSON.stringify({ v: 6, ...fields, kind: 'robot' }))).toBeNull();
    const { twoFactorMissing: _noRequirement, ...version4 } = fields;
    expect(decodePrincipal(JSON.stringify({ v: 4, ...version4 }))).toEqual(oauth);
    expect(
      decodePrincipal(JSON.stringify({ v: 6, ...fields, twoFactorMissing: { o1: 'acme' } })),
    ).toEqual({ ...oauth, twoFactorMissing: { o1: 'acme' } });
    const { orgBlocks: _noBlocks, ...version3 } = version4;
    expect(decodePrincipal(JSON.stringify({ v: 3, ...version3 }))).toEqual(oauth);
    const { fineGrained: _none, ...version2 } = version3;
    expect(decodePrincipal(JSON.stringify({ v: 2, ...version2 }))).toEqual(oauth);
  });

  it('read the stale marker and anything that is not a snapshot as nothing', () => {
    expect(decodePrincipal(STALE_PRINCIPAL)).toBeNull();
    expect(decodePrincipal('{"tokenId":1}')).toBeNull();
    expect(decodePrincipal('{"v":2,')).toBeNull();
    expect(decodePrincipal('not json')).toBeNull();
  });

  // A value tagged with the version is read without the schema: a change to these fields must
  // come with a new SNAPSHOT_VERSION, or this release would trust the last one's entries.
  it('write version 5 with exactly the fields of version 5', () => {
    const written = JSON.parse(encodePrincipal(oauth)) as Record<string, unknown>;
    expect(Object.keys(written)).toEqual([
      'v',
      'tokenId',
      'kind',
      'user',
      'scopes',
      'role',
      'fineGrained',
      'orgBlocks',
      'twoFactorMissing',
      'clientId',
      'grantedOrgIds',
      'boundOrgId',
      'memberRole',
      'repo',
      'displayName',
      'createdAt',
      'expiresAt',
      'account',
      'appName',
    ]);
    expect(written.v).toBe(5);
  });
});
