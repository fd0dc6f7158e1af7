import { OrgRole } from './account';
import { POLICY_ACTIONS, PolicyAction } from './access-rules';
import { PolicyResource, PolicyToken, authorize } from './access-policy';
import { SCOPES_SUPPORTED } from './scopes';

const ADA = 'user-ada';
const BOB = 'user-bob';
const ACME = 'org-acme'; // bound (exchange) or granted (OAuth)
const OTHER = 'org-other';

const personal = (role: 'read' | 'write' | null, orgRoles: Record<string, OrgRole> = {}): PolicyToken => ({
  kind: 'personal',
  userId: ADA,
  role,
  scopes: [],
  grantedOrgIds: [],
  orgRoles,
});
const oauth = (scopes: string[], orgRoles: Record<string, OrgRole> = {}, grantedOrgIds: string[] = [ACME]): PolicyToken => ({
  kind: 'oauth',
  userId: ADA,
  scopes,
  grantedOrgIds,
  orgRoles,
  clientId: 'app-1',
});
const exchange = (scopes: string[], memberRole: OrgRole | null = 'write'): PolicyToken => ({
  kind: 'exchange',
  userId: ADA,
  scopes,
  grantedOrgIds: [],
  boundOrgId: ACME,
  memberRole,
  clientId: 'org-app',
});
const publisher: PolicyToken = { kind: 'trusted_publisher', userId: ADA, scopes: [], grantedOrgIds: [], repoId: 'repo-ci' };

const owners = {
  ada: { ownerType: 'user', ownerId: ADA },
  bob: { ownerType: 'user', ownerId: BOB },
  acme: { ownerType: 'org', ownerId: ACME },
  other: { ownerType: 'org', ownerId: OTHER },
} as const;
type Owner = keyof typeof owners;

const res = (kind: PolicyResource['kind'], owner: Owner, extra: Partial<PolicyResource> = {}): PolicyResource => ({
  kind,
  ...owners[owner],
  private: true,
  ...extra,
});
const privateRepo = (owner: Owner, extra: Partial<PolicyResource> = {}) => res('repo', owner, { id: `repo-${owner}`, ...extra });
const publicRepo = (owner: Owner, extra: Partial<PolicyResource> = {}) => privateRepo(owner, { private: false, ...extra });
const gatedRepo = (owner: Owner, userHasGatedAccess: boolean) => publicRepo(owner, { gated: true, userHasGatedAccess });
const account = (owner: Owner) => res(owners[owner].ownerType === 'user' ? 'user' : 'org', owner);

type Row = [string, PolicyToken, PolicyAction, PolicyResource, boolean, string];

const PUBLIC = 'public resource: readable without a token';
const GATED = 'public gated repository the user was granted access to';
const OUTSIDE = 'token-exchange tokens are read-only outside the bound organization, on public collections and public gated repositories';
const PERSONAL_OFF = 'token-exchange tokens have no access to personal resources';

const generic: Row[] = [
  ['an unknown action', personal('write'), 'repo.fly' as PolicyAction, privateRepo('ada'), false, 'unknown action repo.fly'],
  ['an action on the wrong kind of resource', personal('write'), 'repo.read', res('collection', 'ada'), false, 'repo.read does not apply to a collection'],
  ['a public repository with no scope at all', oauth([]), 'repo.read', publicRepo('bob'), true, PUBLIC],
  ['a public collection of another organization', oauth([]), 'collection.read', res('collection', 'other', { private: false }), true, PUBLIC],
];

// docs/oauth.md "Token exchange": tokens issued by token exchange.
const exchangeRules: Row[] = [
  ['exchange: bound org private repo, write member, read-repos', exchange(['read-repos']), 'repo.read', privateRepo('acme'), true, 'organization member (write)'],
  ['exchange: bound org repo write, write member', exchange(['write-repos']), 'repo.write', privateRepo('acme'), true, 'organization member (write)'],
  ['exchange: bound org repo delete, admin member', exchange(['manage-repos'], 'admin'), 'repo.delete', privateRepo('acme'), true, 'organization member (admin)'],
  ['exchange: bound org collection write', exchange(['write-collections']), 'collection.write', res('collection', 'acme'), true, 'organization member (write)'],
  ['exchange: bound org private collection, read member', exchange(['read-collections'], 'read'), 'collection.read', res('collection', 'acme'), true, 'organization member (read)'],
  ['exchange: bound org public gated repo, read member', exchange(['read-repos'], 'read'), 'repo.read', gatedRepo('acme', false), true, 'organization member (read)'],
  ['exchange: a read member never writes, whatever the scopes', exchange(['write-repos', 'manage-repos'], 'read'), 'repo.write', privateRepo('acme'), false, 'organization role read does not allow repo.write'],
  ['exchange: a read member never writes collections', exchange(['write-collections'], 'read'), 'collection.write', res('collection', 'acme'), false, 'organization role read does not allow collection.write'],
  ['exchange: write member cannot delete', exchange(['manage-repos']), 'repo.delete', privateRepo('acme'), false, 'organization role write does not allow repo.delete'],
  ['exchange: contributor creates', exchange(['manage-repos'], 'contributor'), 'repo.create', privateRepo('acme'), true, 'organization member (contributor)'],
  ['exchange: contributor writes a repo they created', exchange(['write-repos'], 'contributor'), 'repo.write', privateRepo('acme', { createdByUserId: ADA }), true, 'organization contributor on a repository they created'],
  ['exchange: contributor cannot write other repos', exchange(['write-repos'], 'contributor'), 'repo.write', privateRepo('acme', { createdByUserId: BOB }), false, 'organization role contributor does not allow repo.write'],
  ['exchange: scopes limit an admin', exchange(['openid'], 'admin'), 'repo.read', privateRepo('acme'), false, 'missing scope read-repos'],
  ['exchange: no scope grants organization settings', exchange(['manage-repos'], 'admin'), 'org.settings', account('acme'), false, 'no scope grants org.settings'],
  ['exchange: user no longer a member', exchange(['read-repos'], null), 'repo.read', privateRepo('acme'), false, 'user is no longer a member of the bound organization'],
  ['exchange: outside, public collection of a user', exchange([]), 'collection.read', res('collection', 'bob', { private: false }), true, PUBLIC],
  ['exchange: outside, public gated repo the user was granted', exchange(['gated-repos']), 'repo.read', gatedRepo('other', true), true, GATED],
  ['exchange: outside, own public gated repo through the grant', exchange(['gated-repos']), 'repo.read', gatedRepo('ada', true), true, GATED],
  ['exchange: outside, public gated repo not granted', exchange(['gated-repos']), 'repo.read', gatedRepo('other', false), false, 'gated repository: the user has not been granted access'],
  ['exchange: outside, gated repo without gated-repos', exchange(['read-repos']), 'repo.read', gatedRepo('other', true), false, 'missing scope gated-repos'],
  ['exchange: the user’s personal private repo', exchange(['read-repos', 'manage-repos']), 'repo.read', privateRepo('ada'), false, PERSONAL_OFF],
  ['exchange: writing the user’s personal public repo', exchange(['write-repos']), 'repo.write', publicRepo('ada'), false, PERSONAL_OFF],
  ['exchange: the user’s own billing', exchange(['read-billing']), 'billing.read', account('ada'), false, PERSONAL_OFF],
  ['exchange: another org’s private repo', exchange(['read-repos'], 'admin'), 'repo.read', privateRepo('other'), false, OUTSIDE],
  ['exchange: another user’s private collection', exchange(['read-collections']), 'collection.read', res('collection', 'bob'), false, OUTSIDE],
  ['exchange: writing outside is refused', exchange(['write-repos']), 'repo.write', publicRepo('other'), false, OUTSIDE],
  ['exchange: discussions outside are refused', exchange(['write-discussions']), 'discussion.write', publicRepo('bob'), false, OUTSIDE],
  ['exchange: own profile', exchange(['profile']), 'profile.read', account('ada'), true, "the token's own identity"],
  ['exchange: own e-mail needs the scope', exchange(['profile']), 'email.read', account('ada'), false, 'missing scope email'],
  ['exchange: outside, a public non-gated repo reads as without a token', exchange([]), 'repo.read', publicRepo('other'), true, PUBLIC],
  ['exchange: outside, writing a public collection is refused', exchange(['write-collections']), 'collection.write', res('collection', 'other', { private: false }), false, OUTSIDE],
  ['exchange: outside, another org’s endpoints', exchange(['read-endpoints'], 'admin'), 'endpoints.read', res('endpoint', 'other'), false, OUTSIDE],
  ['exchange: bound org discussions, read member', exchange(['write-discussions', 'read-repos'], 'read'), 'discussion.write', privateRepo('acme'), true, 'organization member (read)'],
  ['exchange: bound org endpoints, write member', exchange(['write-endpoints']), 'endpoints.write', res('endpoint', 'acme'), true, 'organization member (write)'],
  ['exchange: bound org jobs need the scope', exchange(['write-repos']), 'jobs.run', res('job', 'acme'), false, 'missing scope jobs'],
  ['exchange: inference billed to the bound org, write member', exchange(['inference-api']), 'inference.call', account('acme'), true, 'organization member (write)'],
  ['exchange: bound org webhooks, admin member', exchange(['webhooks'], 'admin'), 'webhooks.manage', res('webhook', 'acme'), true, 'organization member (admin)'],
  ['exchange: bound org webhooks, write member', exchange(['webhooks']), 'webhooks.manage', res('webhook', 'acme'), false, 'organization role write does not allow webhooks.manage'],
  ['exchange: another user’s profile', exchange(['profile']), 'profile.read', account('bob'), false, "only the token's own account"],
  ['exchange: contribute-repos only on repos this app created', exchange(['contribute-repos']), 'repo.write', privateRepo('acme', { createdByClientId: 'org-app' }), true, 'organization member (write), contribute-repos on a repository this app created'],
];

// docs/oauth.md "Scopes": each scope on an OAuth token, with what it grants and what it does not.
const scopeRules: Row[] = [
  ['openid grants no API access', oauth(['openid']), 'profile.read', account('ada'), false, 'missing scope profile'],
  ['openid does not read private repos', oauth(['openid']), 'repo.read', privateRepo('ada'), false, 'missing scope read-repos'],
  ['profile reads the own profile', oauth(['profile']), 'profile.read', account('ada'), true, 'own resource'],
  ['profile does not read another user’s account', oauth(['profile']), 'profile.read', account('bob'), false, "only the token's own account"],
  ['email reads the e-mail', oauth(['email']), 'email.read', account('ada'), true, 'own resource'],
  ['profile does not read the e-mail', oauth(['openid', 'profile']), 'email.read', account('ada'), false, 'missing scope email'],
  ['read-billing on the user', oauth(['read-billing']), 'billing.read', account('ada'), true, 'own resource'],
  ['read-billing on a selected org', oauth(['read-billing'], { [ACME]: 'read' }), 'billing.read', account('acme'), true, 'organization member (read)'],
  ['read-billing on an org not selected', oauth(['read-billing'], { [OTHER]: 'admin' }), 'billing.read', account('other'), false, 'organization not granted to this app'],
  ['read-memberships reads memberships', oauth(['read-memberships']), 'memberships.read', account('ada'), true, 'own resource'],
  ['read-memberships gives no org resources', oauth(['read-memberships'], { [ACME]: 'admin' }), 'repo.read', privateRepo('acme'), false, 'missing scope read-repos'],
  ['read-memberships gives no org settings', oauth(['read-memberships'], { [ACME]: 'admin' }), 'org.settings', account('acme'), false, 'no scope grants org.settings'],
  ['read-repos reads own private repos', oauth(['read-repos']), 'repo.read', privateRepo('ada'), true, 'own resource'],
  ['read-repos does not write', oauth(['read-repos']), 'repo.write', privateRepo('ada'), false, 'missing scope write-repos'],
  ['read-repos on a selected org', oauth(['read-repos'], { [ACME]: 'read' }), 'repo.read', privateRepo('acme'), true, 'organization member (read)'],
  ['read-repos on an org not selected', oauth(['read-repos'], { [OTHER]: 'admin' }), 'repo.read', privateRepo('other'), false, 'organization not granted to this app'],
  ['read-repos on a selected org the user left', oauth(['read-repos'], {}), 'repo.read', privateRepo('acme'), false, 'not a member of the organization'],
  ['read-repos on another user’s private repo', oauth(['read-repos', 'manage-repos']), 'repo.read', privateRepo('bob'), false, 'resource of another user'],
  ['gated-repos on a granted gated repo', oauth(['gated-repos']), 'repo.read', gatedRepo('bob', true), true, GATED],
  ['gated-repos without the grant', oauth(['gated-repos']), 'repo.read', gatedRepo('bob', false), false, 'gated repository: the user has not been granted access'],
  ['gated-repos never reads private repos', oauth(['gated-repos']), 'repo.read', privateRepo('ada'), false, 'missing scope read-repos'],
  ['read-repos alone does not read others’ gated repos', oauth(['read-repos']), 'repo.read', gatedRepo('bob', true), false, 'missing scope gated-repos'],
  ['contribute-repos creates', oauth(['contribute-repos']), 'repo.create', privateRepo('ada'), true, 'own resource, contribute-repos'],
  ['contribute-repos creates in a selected org as contributor', oauth(['contribute-repos'], { [ACME]: 'contributor' }), 'repo.create', privateRepo('acme'), true, 'organization member (contributor), contribute-repos'],
  ['contribute-repos writes a repo this app created', oauth(['contribute-repos']), 'repo.write', privateRepo('ada', { createdByClientId: 'app-1' }), true, 'own resource, contribute-repos on a repository this app created'],
  ['contribute-repos reads a repo this app created', oauth(['contribute-repos']), 'repo.read', privateRepo('ada', { createdByClientId: 'app-1' }), true, 'own resource, contribute-repos on a repository this app created'],
  ['contribute-repos does not write other repos', oauth(['contribute-repos']), 'repo.write', privateRepo('ada', { createdByClientId: 'app-2' }), false, 'missing scope write-repos'],
  ['contribute-repos does not read other repos', oauth(['contribute-repos']), 'repo.read', privateRepo('ada'), false, 'missing scope read-repos'],
  ['contribute-repos does not delete', oauth(['contribute-repos']), 'repo.delete', privateRepo('ada', { createdByClientId: 'app-1' }), false, 'missing scope manage-repos'],
  ['write-repos writes own repos', oauth(['write-repos']), 'repo.write', privateRepo('ada'), true, 'own resource'],
  ['write-repos includes read-repos', oauth(['write-repos']), 'repo.read', privateRepo('ada'), true, 'own resource'],
  ['write-repos does not create', oauth(['write-repos']), 'repo.create', privateRepo('ada'), false, 'missing scope manage-repos'],
  ['write-repos in a selected org as write member', oauth(['write-repos'], { [ACME]: 'write' }), 'repo.write', privateRepo('acme'), true, 'organization member (write)'],
  ['write-repos in a selected org as read member', oauth(['write-repos'], { [ACME]: 'read' }), 'repo.write', privateRepo('acme'), false, 'organization role read does not allow repo.write'],
  ['manage-repos creates', oauth(['manage-repos']), 'repo.create', privateRepo('ada'), true, 'own resource'],
  ['manage-repos deletes', oauth(['manage-repos']), 'repo.delete', privateRepo('ada'), true, 'own resource'],
  ['manage-repos manages settings', oauth(['manage-repos']), 'repo.manage', privateRepo('ada'), true, 'own resource'],
  ['manage-repos includes read-repos', oauth(['manage-repos']), 'repo.read', privateRepo('ada'), true, 'own resource'],
  ['manage-repos deletes in a selected org as admin', oauth(['manage-repos'], { [ACME]: 'admin' }), 'repo.delete', privateRepo('acme'), true, 'organization member (admin)'],
  ['manage-repos cannot delete as write member', oauth(['manage-repos'], { [ACME]: 'write' }), 'repo.delete', privateRepo('acme'), false, 'organization role write does not allow repo.delete'],
  ['read-collections reads private collections', oauth(['read-collections']), 'collection.read', res('collection', 'ada'), true, 'own resource'],
  ['read-collections does not write', oauth(['read-collections']), 'collection.write', res('collection', 'ada'), false, 'missing scope write-collections'],
  ['write-collections writes', oauth(['write-collections']), 'collection.write', res('collection', 'ada'), true, 'own resource'],
  ['write-collections includes read-collections', oauth(['write-collections']), 'collection.read', res('collection', 'ada'), true, 'own resource'],
  ['inference-api calls inference', oauth(['inference-api']), 'inference.call', account('ada'), true, 'own resource'],
  ['no inference without inference-api', oauth(['read-repos']), 'inference.call', account('ada'), false, 'missing scope inference-api'],
  ['inference billed to an org needs write role', oauth(['inference-api'], { [ACME]: 'read' }), 'inference.call', account('acme'), false, 'organization role read does not allow inference.call'],
  ['read-endpoints views endpoints', oauth(['read-endpoints']), 'endpoints.read', res('endpoint', 'ada'), true, 'own resource'],
  ['read-endpoints does not manage', oauth(['read-endpoints']), 'endpoints.write', res('endpoint', 'ada'), false, 'missing scope write-endpoints'],
  ['write-endpoints manages endpoints', oauth(['write-endpoints']), 'endpoints.write', res('endpoint', 'ada'), true, 'own resource'],
  ['write-endpoints includes read-endpoints', oauth(['write-endpoints']), 'endpoints.read', res('endpoint', 'ada'), true, 'own resource'],
  ['jobs runs jobs', oauth(['jobs']), 'jobs.run', res('job', 'ada'), true, 'own resource'],
  ['no jobs without the scope', oauth(['write-repos']), 'jobs.run', res('job', 'ada'), false, 'missing scope jobs'],
  ['webhooks manages webhooks', oauth(['webhooks']), 'webhooks.manage', res('webhook', 'ada'), true, 'own resource'],
  ['org webhooks need the admin role', oauth(['webhooks'], { [ACME]: 'write' }), 'webhooks.manage', res('webhook', 'acme'), false, 'organization role write does not allow webhooks.manage'],
  ['write-discussions on a public repo', oauth(['write-discussions']), 'discussion.write', publicRepo('bob'), true, 'public repository: anyone may take part in discussions'],
  ['write-discussions on a public org repo not selected', oauth(['write-discussions'], {}, []), 'discussion.write', publicRepo('other'), true, 'public repository: anyone may take part in discussions'],
  ['no discussions without write-discussions', oauth(['write-repos']), 'discussion.write', publicRepo('bob'), false, 'missing scope write-discussions'],
  ['private repo discussions also need read-repos', oauth(['write-discussions']), 'discussion.write', privateRepo('ada'), false, 'missing scope read-repos (needed for discussions on a private repository)'],
  ['private repo discussions with read-repos', oauth(['write-discussions', 'read-repos']), 'discussion.write', privateRepo('ada'), true, 'own resource'],
];

const personalRules: Row[] = [
  ['personal read token reads own private repo', personal('read'), 'repo.read', privateRepo('ada'), true, 'own resource'],
  ['personal read token cannot write', personal('read'), 'repo.write', privateRepo('ada'), false, 'read-only personal token'],
  ['personal token without role is read-only', personal(null), 'collection.write', res('collection', 'ada'), false, 'read-only personal token'],
  ['personal read token calls inference', personal('read'), 'inference.call', account('ada'), true, 'own resource'],
  ['personal write token writes', personal('write'), 'repo.write', privateRepo('ada'), true, 'own resource'],
  ['personal write token limited by org role', personal('write', { [ACME]: 'read' }), 'repo.write', privateRepo('acme'), false, 'organization role read does not allow repo.write'],
  ['personal write token, org admin, settings', personal('write', { [ACME]: 'admin' }), 'org.settings', account('acme'), true, 'organization member (admin)'],
  ['personal token, another user’s private repo', personal('write'), 'repo.read', privateRepo('bob'), false, 'resource of another user'],
  ['personal token, org the user is not in', personal('write'), 'repo.read', privateRepo('other'), false, 'not a member of the organization'],
  ['personal token, granted gated repo', personal('read'), 'repo.read', gatedRepo('other', true), true, GATED],
  ['personal token, discussions on a public repo', personal('write'), 'discussion.write', publicRepo('bob'), true, 'public repository: anyone may take part in discussions'],
];

const publisherRules: Row[] = [
  ['trusted publisher writes its repository', publisher, 'repo.write', privateRepo('acme', { id: 'repo-ci' }), true, 'trusted-publisher token for this repository'],
  ['trusted publisher reads its repository', publisher, 'repo.read', privateRepo('ada', { id: 'repo-ci' }), true, 'trusted-publisher token for this repository'],
  ['trusted publisher cannot delete its repository', publisher, 'repo.delete', privateRepo('acme', { id: 'repo-ci' }), false, 'trusted-publisher tokens only read and write their own repository'],
  ['trusted publisher, another private repository', publisher, 'repo.read', privateRepo('acme', { id: 'repo-x' }), false, 'trusted-publisher tokens only read and write their own repository'],
  ['trusted publisher, a public repository', publisher, 'repo.read', publicRepo('bob'), true, PUBLIC],
];

const rows = [...generic, ...exchangeRules, ...scopeRules, ...personalRules, ...publisherRules];

describe('authorize', () => {
  it.each(rows)('%s', (_name, token, action, resource, allowed, reason) => {
    expect(authorize(token, action, resource)).toEqual({ allow: allowed, reason });
  });

  it('has an allowing OAuth row for every scope but openid, and a refusing one for openid', () => {
    const allowedScopes = new Set(scopeRules.filter((row) => row[4]).flatMap((row) => row[1].scopes));
    expect(SCOPES_SUPPORTED.filter((scope) => !allowedScopes.has(scope))).toEqual(['openid']);
    expect(scopeRules.some((row) => !row[4] && row[1].scopes.join() === 'openid')).toBe(true);
  });

  it('exercises every action', () => {
    const used = new Set(rows.map((row) => row[2]));
    expect(POLICY_ACTIONS.filter((action) => !used.has(action))).toEqual([]);
  });
});
