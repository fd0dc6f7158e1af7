import { OrgRole } from './account';
import { ScopeName } from './scopes';

export type ResourceKind = 'repo' | 'collection' | 'user' | 'org' | 'endpoint' | 'job' | 'webhook';

export type PolicyAction =
  | 'repo.read'
  | 'repo.write'
  | 'repo.create'
  | 'repo.delete'
  | 'repo.manage'
  | 'collection.read'
  | 'collection.write'
  | 'discussion.write'
  | 'billing.read'
  | 'memberships.read'
  | 'profile.read'
  | 'email.read'
  | 'inference.call'
  | 'endpoints.read'
  | 'endpoints.write'
  | 'jobs.run'
  | 'webhooks.manage'
  | 'org.settings';

export interface ActionRule {
  resourceKinds: readonly ResourceKind[];
  /** Changes something: refused to read-only personal tokens and to exchange tokens outside their org. */
  writes: boolean;
  /** OAuth and exchange tokens need one of these (implied scopes count); null: no scope grants it. */
  scopes: readonly ScopeName[] | null;
  /** Lowest organization role allowed on organization-owned resources. */
  orgRole: OrgRole;
  /** About the token's own account only (never another user's). */
  ownAccountOnly?: boolean;
}

/**
 * What each action needs (docs/oauth.md "Scopes"). Organization roles (documented decision, applied to every
 * token kind on organization resources):
 *  - read: read repositories, collections and endpoints, see memberships and billing status,
 *    take part in discussions;
 *  - contributor: also create repositories, and write to the repositories they created;
 *  - write: also write every repository and collection, manage endpoints, run jobs, and make
 *    inference calls billed to the organization;
 *  - admin: also delete repositories, change repository settings, manage the organization's
 *    webhooks and its settings.
 */
export const ACTION_RULES: Readonly<Record<PolicyAction, ActionRule>> = {
  'repo.read': { resourceKinds: ['repo'], writes: false, scopes: ['read-repos'], orgRole: 'read' },
  'repo.write': {
    resourceKinds: ['repo'],
    writes: true,
    scopes: ['write-repos'],
    orgRole: 'write',
  },
  'repo.create': {
    resourceKinds: ['repo'],
    writes: true,
    scopes: ['manage-repos'],
    orgRole: 'contributor',
  },
  'repo.delete': {
    resourceKinds: ['repo'],
    writes: true,
    scopes: ['manage-repos'],
    orgRole: 'admin',
  },
  'repo.manage': {
    resourceKinds: ['repo'],
    writes: true,
    scopes: ['manage-repos'],
    orgRole: 'admin',
  },
  'collection.read': {
    resourceKinds: ['collection'],
    writes: false,
    scopes: ['read-collections'],
    orgRole: 'read',
  },
  'collection.write': {
    resourceKinds: ['collection'],
    writes: true,
    scopes: ['write-collections'],
    orgRole: 'write',
  },
  'discussion.write': {
    resourceKinds: ['repo'],
    writes: true,
    scopes: ['write-discussions'],
    orgRole: 'read',
  },
  'billing.read': {
    resourceKinds: ['user', 'org'],
    writes: false,
    scopes: ['read-billing'],
    orgRole: 'read',
    ownAccountOnly: true,
  },
  'memberships.read': {
    resourceKinds: ['user'],
    writes: false,
    scopes: ['read-memberships'],
    orgRole: 'read',
    ownAccountOnly: true,
  },
  'profile.read': {
    resourceKinds: ['user'],
    writes: false,
    scopes: ['profile'],
    orgRole: 'read',
    ownAccountOnly: true,
  },
  'email.read': {
    resourceKinds: ['user'],
    writes: false,
    scopes: ['email'],
    orgRole: 'read',
    ownAccountOnly: true,
  },
  'inference.call': {
    resourceKinds: ['user', 'org'],
    writes: false,
    scopes: ['inference-api'],
    orgRole: 'write',
    ownAccountOnly: true,
  },
  'endpoints.read': {
    resourceKinds: ['endpoint'],
    writes: false,
    scopes: ['read-endpoints'],
    orgRole: 'read',
  },
  'endpoints.write': {
    resourceKinds: ['endpoint'],
    writes: true,
    scopes: ['write-endpoints'],
    orgRole: 'write',
  },
  'jobs.run': { resourceKinds: ['job'], writes: true, scopes: ['jobs'], orgRole: 'write' },
  'webhooks.manage': {
    resourceKinds: ['webhook'],
    writes: true,
    scopes: ['webhooks'],
    orgRole: 'admin',
  },
  'org.settings': { resourceKinds: ['org'], writes: true, scopes: null, orgRole: 'admin' },
};

export const POLICY_ACTIONS = Object.keys(ACTION_RULES) as PolicyAction[];
