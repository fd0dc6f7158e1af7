import { ApiError } from '../common';
import { ACTION_RULES, POLICY_ACTIONS, ResourceKind } from './access-rules';
import { authorize, authorizePermission, PolicyResource, PolicyToken } from './access-policy';
import {
  checkFineGrainedRequest,
  EntityType,
  FineGrainedGrant,
  Permission,
  PERMISSION_ACTIONS,
  PERMISSIONS,
} from './token-permissions';

const ADA = 'user-ada';
const BOB = 'user-bob';
const ACME = 'org-acme';
const OTHER = 'org-other';

/** Where an entry points: `global`, or a scoped entry of this type. */
type Column = 'global' | EntityType;
const COLUMNS: readonly Column[] = ['global', 'user', 'org', 'model', 'dataset', 'space'];

/**
 * Every permission × entity kind: `A` the permission may be granted there and the token it makes
 * is allowed its action on that entity; `-` no such grant can be made (checkFineGrainedRequest
 * refuses it). Columns in COLUMNS order.
 */
const MATRIX: Record<Permission, string> = {
  'repo.content.read': 'A A A A A A',
  'repo.access.read': 'A A A A A A',
  'repo.write': 'A A A A A A',
  'discussion.write': 'A A A A A A',
  'collection.read': 'A A A - - -',
  'collection.write': 'A A A - - -',
  'inference.serverless.write': 'A A A - - -',
  'inference.endpoints.infer.write': 'A A A - - -',
  'inference.endpoints.write': 'A A A - - -',
  'job.write': 'A A A - - -',
  'user.webhooks.read': 'A A - - - -',
  'user.webhooks.write': 'A A - - - -',
  'user.billing.read': 'A A A - - -',
  'org.read': '- - A - - -',
  'org.write': '- - A - - -',
};

const fineGrained = (grant: Partial<FineGrainedGrant>, orgRole = 'admin'): PolicyToken => ({
  kind: 'personal',
  userId: ADA,
  role: 'fineGrained',
  fineGrained: { global: [], scoped: [], canReadGatedRepos: false, ...grant },
  scopes: [],
  grantedOrgIds: [],
  orgRoles: { [ACME]: orgRole as 'admin' },
});

const entity = (column: Exclude<Column, 'global'>) =>
  ({
    user: { type: 'user', id: ADA, name: 'ada' },
    org: { type: 'org', id: ACME, name: 'acme' },
    model: { type: 'model', id: 'm', name: 'acme/bert' },
    dataset: { type: 'dataset', id: 'd', name: 'acme/squad' },
    space: { type: 'space', id: 's', name: 'acme/demo' },
  })[column] as FineGrainedGrant['scoped'][number]['entity'];

const tokenWith = (permission: Permission, column: Column): PolicyToken =>
  column === 'global'
    ? fineGrained({ global: [permission] })
    : fineGrained({ scoped: [{ entity: entity(column), permissions: [permission] }] });

/** The resource a permission's action is about, owned where the column points. */
function resourceAt(permission: Permission, column: Column): PolicyResource {
  const kind: ResourceKind = ACTION_RULES[PERMISSION_ACTIONS[permission]].resourceKinds[0]!;
  const ownedByAda = column === 'global' || column === 'user';
  const owner = ownedByAda
    ? ({ ownerType: 'user', ownerId: ADA } as const)
    : ({ ownerType: 'org', ownerId: ACME } as const);
  const repoId =
    column === 'model' || column === 'dataset' || column === 'space'
      ? `${column}/${entity(column).name}`
      : ownedByAda
        ? 'model/ada/notes'
        : 'model/acme/bert';
  const resourceKind = kind === 'user' && !ownedByAda ? 'org' : kind;
  return {
    kind: resourceKind,
    ...owner,
    private: true,
    ...(resourceKind === 'repo' ? { id: repoId } : {}),
  };
}

/** The same resource somewhere the token was not given: another organization, another repository. */
function elsewhere(resource: PolicyResource, column: Column): PolicyResource {
  if (column === 'global' || column === 'user')
    return resource.kind === 'repo'
      ? { ...resource, ownerType: 'org', ownerId: OTHER, id: 'model/other/x' }
      : {
          ...resource,
          ownerType: 'org',
          ownerId: OTHER,
          kind: resource.kind === 'user' ? 'org' : resource.kind,
        };
  return resource.kind === 'repo'
    ? { ...resource, ownerId: OTHER, id: `${column === 'org' ? 'model' : column}/other/x` }
    : { ...resource, ownerId: OTHER };
}

const cells = PERMISSIONS.flatMap((permission) =>
  MATRIX[permission]
    .split(' ')
    .map((cell, index) => ({ permission, column: COLUMNS[index]!, cell })),
);

describe('fine-grained tokens: every permission × entity kind', () => {
  it('covers every permission of the table', () => {
    expect(Object.keys(MATRIX).sort()).toEqual([...PERMISSIONS].sort());
  });

  it.each(cells.filter(({ cell }) => cell === 'A'))(
    '$permission on $column: allowed there, nothing elsewhere',
    ({ permission, column }) => {
      const token = tokenWith(permission, column);
      const resource = resourceAt(permission, column);
      const owner = resource.ownerType === 'user' ? 'own resource' : 'organization member (admin)';
      expect(authorizePermission(token, permission, resource)).toEqual({
        allow: true,
        reason: `${owner}, permission ${permission}`,
      });
      // An organization the user belongs to with the same role, or a repository next door.
      const other = elsewhere(resource, column);
      const answer = authorizePermission(
        { ...token, orgRoles: { ...token.orgRoles, [OTHER]: 'admin' } },
        permission,
        other,
      );
      expect(answer.allow).toBe(false);
    },
  );

  it.each(cells.filter(({ cell }) => cell === '-'))(
    '$permission on $column: cannot be granted',
    ({ permission, column }) => {
      const request =
        column === 'global'
          ? { global: [permission] }
          : {
              scoped: [
                { entity: { type: column, name: entity(column).name }, permissions: [permission] },
              ],
            };
      expect(() => checkFineGrainedRequest(request)).toThrow(ApiError);
    },
  );

  it.each(cells.filter(({ cell }) => cell === 'A'))(
    '$permission on $column: the grant can be made',
    ({ permission, column }) => {
      const request =
        column === 'global'
          ? { global: [permission] }
          : {
              scoped: [
                { entity: { type: column, name: entity(column).name }, permissions: [permission] },
              ],
            };
      expect(() => checkFineGrainedRequest(request)).not.toThrow();
    },
  );
});

type Row = [string, PolicyToken, Permission, PolicyResource, boolean, string];
const acmeRepo: PolicyResource = {
  kind: 'repo',
  id: 'model/acme/bert',
  ownerType: 'org',
  ownerId: ACME,
  private: true,
};

const rows: Row[] = [
  [
    'the owner’s role caps the token: a read member’s repo.write',
    fineGrained({ scoped: [{ entity: entity('org'), permissions: ['repo.write'] }] }, 'read'),
    'repo.write',
    acmeRepo,
    false,
    'organization role read does not allow repo.write',
  ],
  [
    'a read member’s repo.content.read is allowed',
    fineGrained(
      { scoped: [{ entity: entity('org'), permissions: ['repo.content.read'] }] },
      'read',
    ),
    'repo.content.read',
    acmeRepo,
    true,
    'organization member (read), permission repo.content.read',
  ],
  [
    'repo.write implies repo.content.read',
    fineGrained({ scoped: [{ entity: entity('model'), permissions: ['repo.write'] }] }),
    'repo.content.read',
    acmeRepo,
    true,
    'organization member (admin), permission repo.content.read',
  ],
  [
    'a permission the token lacks',
    fineGrained({ scoped: [{ entity: entity('org'), permissions: ['repo.content.read'] }] }),
    'repo.write',
    acmeRepo,
    false,
    'missing permission repo.write',
  ],
  [
    'a repository entry for another user’s private repository: the owner has no right there',
    fineGrained({
      scoped: [
        { entity: { type: 'model', id: 'x', name: 'bob/secret' }, permissions: ['repo.write'] },
      ],
    }),
    'repo.content.read',
    { kind: 'repo', id: 'model/bob/secret', ownerType: 'user', ownerId: BOB, private: true },
    false,
    'resource of another user',
  ],
  [
    'global permissions do not reach an organization',
    fineGrained({ global: ['repo.content.read'] }),
    'repo.content.read',
    acmeRepo,
    false,
    'missing permission repo.content.read',
  ],
  [
    'a user entry naming someone else covers nothing',
    fineGrained({
      scoped: [
        { entity: { type: 'user', id: BOB, name: 'bob' }, permissions: ['repo.content.read'] },
      ],
    }),
    'repo.content.read',
    { kind: 'repo', id: 'model/bob/x', ownerType: 'user', ownerId: BOB, private: true },
    false,
    'missing permission repo.content.read',
  ],
  [
    'global discussion.write reaches other owners’ public repositories',
    fineGrained({ global: ['discussion.write'] }),
    'discussion.write',
    { kind: 'repo', id: 'model/bob/x', ownerType: 'user', ownerId: BOB, private: false },
    true,
    'public repository: anyone may take part in discussions, permission discussion.write',
  ],
  [
    'public repositories stay readable, as without a token',
    fineGrained({ scoped: [{ entity: entity('org'), permissions: ['org.read'] }] }),
    'repo.content.read',
    { kind: 'repo', id: 'model/bob/x', ownerType: 'user', ownerId: BOB, private: false },
    true,
    'public resource: readable without a token',
  ],
  [
    'a public gated repository needs canReadGatedRepos',
    fineGrained({ global: ['repo.content.read'] }),
    'repo.content.read',
    {
      kind: 'repo',
      id: 'model/bob/gated',
      ownerType: 'user',
      ownerId: BOB,
      private: false,
      gated: true,
      userHasGatedAccess: true,
    },
    false,
    'fine-grained token without canReadGatedRepos',
  ],
  [
    'canReadGatedRepos reads a gated repository the owner was granted',
    fineGrained({ canReadGatedRepos: true }),
    'repo.content.read',
    {
      kind: 'repo',
      id: 'model/bob/gated',
      ownerType: 'user',
      ownerId: BOB,
      private: false,
      gated: true,
      userHasGatedAccess: true,
    },
    true,
    'public gated repository the user was granted access to',
  ],
  [
    'org.write is for administrators only',
    fineGrained({ scoped: [{ entity: entity('org'), permissions: ['org.write'] }] }, 'write'),
    'org.write',
    { kind: 'org', ownerType: 'org', ownerId: ACME, private: true },
    false,
    'organization role write does not allow org.settings',
  ],
];

describe('fine-grained decisions', () => {
  it.each(rows)('%s', (_name, token, permission, resource, allowed, reason) => {
    expect(authorizePermission(token, permission, resource)).toEqual({ allow: allowed, reason });
  });

  it('reads the token’s own identity whatever its permissions', () => {
    const token = fineGrained({ canReadGatedRepos: true });
    const own: PolicyResource = { kind: 'user', ownerType: 'user', ownerId: ADA, private: true };
    for (const action of ['profile.read', 'email.read', 'memberships.read'] as const)
      expect(authorize(token, action, own)).toEqual({
        allow: true,
        reason: "the token's own identity",
      });
    expect(authorize(token, 'profile.read', { ...own, ownerId: BOB }).allow).toBe(false);
  });

  it('refuses an unknown permission', () => {
    expect(authorizePermission(fineGrained({}), 'repo.fly' as Permission, acmeRepo)).toEqual({
      allow: false,
      reason: 'unknown permission repo.fly',
    });
  });
});

describe('one rule for every token kind', () => {
  const tokens: PolicyToken[] = [
    {
      kind: 'personal',
      userId: ADA,
      role: 'read',
      scopes: [],
      grantedOrgIds: [],
      orgRoles: { [ACME]: 'write' },
    },
    {
      kind: 'personal',
      userId: ADA,
      role: 'write',
      scopes: [],
      grantedOrgIds: [],
      orgRoles: { [ACME]: 'admin' },
    },
    {
      kind: 'oauth',
      userId: ADA,
      scopes: ['manage-repos', 'webhooks', 'read-collections'],
      grantedOrgIds: [ACME],
      orgRoles: { [ACME]: 'admin' },
    },
  ];

  it('answers a permission as the action it stands for', () => {
    for (const token of tokens)
      for (const permission of PERMISSIONS)
        for (const column of COLUMNS) {
          const resource = resourceAt(permission, column);
          expect(authorizePermission(token, permission, resource)).toEqual(
            authorize(token, PERMISSION_ACTIONS[permission], resource),
          );
        }
  });

  it('names a permission for every action but the token’s own identity', () => {
    const without = POLICY_ACTIONS.filter((action) => ACTION_RULES[action].permission === null);
    expect(without.sort()).toEqual(['email.read', 'memberships.read', 'profile.read']);
    for (const permission of PERMISSIONS)
      expect(ACTION_RULES[PERMISSION_ACTIONS[permission]].permission).toBe(permission);
  });
});

describe('checkFineGrainedRequest', () => {
  const refusal = (request: Parameters<typeof checkFineGrainedRequest>[0]) => {
    try {
      checkFineGrainedRequest(request);
    } catch (error) {
      return [(error as ApiError).message, (error as ApiError).options.field];
    }
    throw new Error('expected a refusal');
  };

  it('keeps the table’s order and drops duplicates', () => {
    expect(
      checkFineGrainedRequest({
        global: ['repo.write', 'repo.content.read', 'repo.write'],
        scoped: [{ entity: { type: 'org', name: 'acme' }, permissions: ['org.read'] }],
      }),
    ).toEqual({
      global: ['repo.content.read', 'repo.write'],
      scoped: [{ entity: { type: 'org', name: 'acme' }, permissions: ['org.read'] }],
      canReadGatedRepos: false,
    });
  });

  it.each([
    [{ global: ['repo.fly'] }, ["Unknown permission 'repo.fly'", 'fineGrained.global']],
    [
      { global: ['org.read'] },
      [
        "Permission 'org.read' applies to an organization, not to your own account",
        'fineGrained.global',
      ],
    ],
    [
      { scoped: [{ entity: { type: 'team', name: 'x' }, permissions: ['repo.write'] }] },
      [
        "Unknown entity type 'team': one of user, org, model, dataset, space",
        'fineGrained.scoped.0.entity.type',
      ],
    ],
    [
      { scoped: [{ entity: { type: 'model', name: 'bert' }, permissions: ['repo.write'] }] },
      ["A model is named owner/name, not 'bert'", 'fineGrained.scoped.0.entity.name'],
    ],
    [
      {
        scoped: [
          { entity: { type: 'org', name: 'acme' }, permissions: ['org.read'] },
          { entity: { type: 'org', name: 'ACME' }, permissions: ['repo.write'] },
        ],
      },
      ['org ACME is listed twice', 'fineGrained.scoped.1.entity'],
    ],
    [
      { scoped: [{ entity: { type: 'org', name: 'acme' }, permissions: [] }] },
      ['No permission given for org acme', 'fineGrained.scoped.0.permissions'],
    ],
    [{}, ['A fine-grained token needs at least one permission', 'fineGrained']],
  ])('refuses %j', (request, expected) => {
    expect(refusal(request)).toEqual(expected);
  });
});
