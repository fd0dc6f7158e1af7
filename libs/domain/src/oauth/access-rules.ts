import { OrgRole } from './account';
import { ScopeName } from './scopes';
import type { Permission } from './token-permissions';

export type ResourceKind = 'repo' | 'collection' | 'user' | 'org' | 'endpoint' | 'job' | 'webhook';

export type PolicyAction =
  | 'repo.read'
  | 'repo.write'
  | 'repo.create'
  | 'repo.delete'
  | 'repo.manage'
  | 'repo.access.read'
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
  | 'webhooks.read'
  | 'webhooks.manage'
  | 'org.read'
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
  /**
   * Fine-grained tokens need this permission on the resource (token-permissions.ts); null: the
   * token's own identity, which every fine-grained token reads.
   */
  permission: Permission | null;
}

/**
 * What each action needs (docs/oauth.md "Scopes"). Organization roles (documented decision, applied to every
 * token kind on organization resources):
 *  - read: read repositories, collections and endpoints, see memberships, billing status and the
 *    organization's members and settings (`org.read`), take part in discussions;
 *  - contributor: also create repositories, and write to the repositories they created;
 *  - write: also write every repository and collection, see gated repositories' access requests,
 *    manage endpoints, run jobs, and make inference calls billed to the organization;
 *  - admin: also delete repositories, change repository settings, manage the organization's
 *    webhooks and its settings.
 */
export const ACTION_RULES: Readonly<Record<PolicyAction, ActionRule>> = {
  'repo.read': {
    resourceKinds: ['repo'],
    writes: false,
    scopes: ['read-repos'],
    orgRole: 'read',
    permission: 'repo.content.read',
  },
  'repo.write': {
    resourceKinds: ['repo'],
    writes: true,
    scopes: ['write-repos'],
    orgRole: 'write',
    permission: 'repo.write',
  },
  'repo.create': {
    resourceKinds: ['repo'],
    writes: true,
    scopes: ['manage-repos'],
    orgRole: 'contributor',
    permission: 'repo.write',
  },
  'repo.delete': {
    resourceKinds: ['repo'],
    writes: true,
    scopes: ['manage-repos'],
    orgRole: 'admin',
    permission: 'repo.write',
  },
  'repo.manage': {
    resourceKinds: ['repo'],
    writes: true,
    scopes: ['manage-repos'],
    orgRole: 'admin',
    permission: 'repo.write',
  },
  'repo.access.read': {
    resourceKinds: ['repo'],
    writes: false,
    scopes: ['manage-repos'],
    orgRole: 'write',
    permission: 'repo.access.read',
  },
  'collection.read': {
    resourceKinds: ['collection'],
    writes: false,
    scopes: ['read-collections'],
    orgRole: 'read',
    permission: 'collection.read',
  },
  'collection.write': {
    resourceKinds: ['collection'],
    writes: true,
    scopes: ['write-collections'],
    orgRole: 'write',
    permission: 'collection.write',
  },
  'discussion.write': {
    resourceKinds: ['repo'],
    writes: true,
    scopes: ['write-discussions'],
    orgRole: 'read',
    permission: 'discussion.write',
  },
  'billing.read': {
    resourceKinds: ['user', 'org'],
    writes: false,
    scopes: ['read-billing'],
    orgRole: 'read',
    ownAccountOnly: true,
    permission: 'user.billing.read',
  },
  'memberships.read': {
    resourceKinds: ['user'],
    writes: false,
    scopes: ['read-memberships'],
    orgRole: 'read',
    ownAccountOnly: true,
    permission: null,
  },
  'profile.read': {
    resourceKinds: ['user'],
    writes: false,
    scopes: ['profile'],
    orgRole: 'read',
    ownAccountOnly: true,
    permission: null,
  },
  'email.read': {
    resourceKinds: ['user'],
    writes: false,
    scopes: ['email'],
    orgRole: 'read',
    ownAccountOnly: true,
    permission: null,
  },
  'inference.call': {
    resourceKinds: ['user', 'org'],
    writes: false,
    scopes: ['inference-api'],
    orgRole: 'write',
    ownAccountOnly: true,
    permission: 'inference.serverless.write',
  },
  'endpoints.read': {
    resourceKinds: ['endpoint'],
    writes: false,
    scopes: ['read-endpoints'],
    orgRole: 'read',
    permission: 'inference.endpoints.infer.write',
  },
  'endpoints.write': {
    resourceKinds: ['endpoint'],
    writes: true,
    scopes: ['write-endpoints'],
    orgRole: 'write',
    permission: 'inference.endpoints.write',
  },
  'jobs.run': {
    resourceKinds: ['job'],
    writes: true,
    scopes: ['jobs'],
    orgRole: 'write',
    permission: 'job.write',
  },
  'webhooks.read': {
    resourceKinds: ['webhook'],
    writes: false,
    scopes: ['webhooks'],
    orgRole: 'admin',
    permission: 'user.webhooks.read',
  },
  'webhooks.manage': {
    resourceKinds: ['webhook'],
    writes: true,
    scopes: ['webhooks'],
    orgRole: 'admin',
    permission: 'user.webhooks.write',
  },
  'org.read': {
    resourceKinds: ['org'],
    writes: false,
    scopes: null,
    orgRole: 'read',
    permission: 'org.read',
  },
  'org.settings': {
    resourceKinds: ['org'],
    writes: true,
    scopes: null,
    orgRole: 'admin',
    permission: 'org.write',
  },
};

export const POLICY_ACTIONS = Object.keys(ACTION_RULES) as PolicyAction[];
