import { ApiError } from '../common';
import type { PolicyAction } from './access-rules';

/** What a fine-grained token's scoped entry names (the Hub's `entity.type`). */
export type EntityType = 'user' | 'org' | 'model' | 'dataset' | 'space';

const ENTITY_TYPES: readonly EntityType[] = ['user', 'org', 'model', 'dataset', 'space'];

/** Entity types that name one repository (`owner/name`). */
export const REPO_ENTITY_TYPES: readonly EntityType[] = ['model', 'dataset', 'space'];

/**
 * The permissions of fine-grained tokens, by the names the Hub uses (docs/oauth.md "Fine-grained
 * tokens"). Each one:
 *  - `action`: the policy action it stands for, so a question asked by permission is answered by
 *    the same rule as one asked by action (`PERMISSION_ACTIONS`);
 *  - `entityTypes`: the scoped entries it may appear in; `user` also means `global` (the
 *    owner's own account);
 *  - `implies`: the permissions it carries with it (writing a repository reads it).
 */
export const PERMISSION_DEFINITIONS = [
  {
    name: 'repo.content.read',
    description: 'Read the files of repositories, private ones included',
    action: 'repo.read',
    entityTypes: ['user', 'org', 'model', 'dataset', 'space'],
  },
  {
    name: 'repo.access.read',
    description: "See a gated repository's access requests",
    action: 'repo.access.read',
    entityTypes: ['user', 'org', 'model', 'dataset', 'space'],
  },
  {
    name: 'repo.write',
    description: "Change repositories' files and settings, create and delete repositories",
    action: 'repo.write',
    entityTypes: ['user', 'org', 'model', 'dataset', 'space'],
    implies: ['repo.content.read'],
  },
  {
    name: 'discussion.write',
    description: 'Open discussions and pull requests, comment and close them',
    action: 'discussion.write',
    entityTypes: ['user', 'org', 'model', 'dataset', 'space'],
  },
  {
    name: 'collection.read',
    description: 'Read collections, private ones included',
    action: 'collection.read',
    entityTypes: ['user', 'org'],
  },
  {
    name: 'collection.write',
    description: 'Create, change and delete collections',
    action: 'collection.write',
    entityTypes: ['user', 'org'],
    implies: ['collection.read'],
  },
  {
    name: 'inference.serverless.write',
    description: 'Make calls to inference providers, billed to the account',
    action: 'inference.call',
    entityTypes: ['user', 'org'],
  },
  {
    name: 'inference.endpoints.infer.write',
    description: 'See inference endpoints and send requests to them',
    action: 'endpoints.read',
    entityTypes: ['user', 'org'],
  },
  {
    name: 'inference.endpoints.write',
    description: 'Create, change and delete inference endpoints',
    action: 'endpoints.write',
    entityTypes: ['user', 'org'],
    implies: ['inference.endpoints.infer.write'],
  },
  {
    name: 'job.write',
    description: 'Run Jobs',
    action: 'jobs.run',
    entityTypes: ['user', 'org'],
  },
  {
    name: 'user.webhooks.read',
    description: 'List and read webhooks and their activity (secrets left out)',
    action: 'webhooks.read',
    entityTypes: ['user'],
  },
  {
    name: 'user.webhooks.write',
    description: 'Create, change, replay and delete webhooks, and see their secrets',
    action: 'webhooks.manage',
    entityTypes: ['user'],
    implies: ['user.webhooks.read'],
  },
  {
    name: 'user.billing.read',
    description: 'See whether a payment method is set up',
    action: 'billing.read',
    entityTypes: ['user', 'org'],
  },
  {
    name: 'org.read',
    description: "Read the organization's members and settings, as the owner's role shows them",
    action: 'org.read',
    entityTypes: ['org'],
  },
  {
    name: 'org.write',
    description: "Change the organization's settings (administrators only)",
    action: 'org.settings',
    entityTypes: ['org'],
    implies: ['org.read'],
  },
] as const satisfies ReadonlyArray<{
  name: string;
  description: string;
  action: PolicyAction;
  entityTypes: readonly EntityType[];
  implies?: readonly string[];
}>;

export type Permission = (typeof PERMISSION_DEFINITIONS)[number]['name'];

export const PERMISSIONS: readonly Permission[] = PERMISSION_DEFINITIONS.map((p) => p.name);

type Definition = (typeof PERMISSION_DEFINITIONS)[number];
const BY_NAME = new Map<string, Definition>(PERMISSION_DEFINITIONS.map((p) => [p.name, p]));

/** The policy action a permission stands for. */
export const PERMISSION_ACTIONS = Object.fromEntries(
  PERMISSION_DEFINITIONS.map((p) => [p.name, p.action]),
) as Readonly<Record<Permission, PolicyAction>>;

function isPermission(value: string): value is Permission {
  return BY_NAME.has(value);
}

/** May `permission` appear in an entry of this type (`user` standing for `global` too)? */
function permissionAppliesTo(permission: Permission, type: EntityType): boolean {
  return (BY_NAME.get(permission)!.entityTypes as readonly EntityType[]).includes(type);
}

/** The permissions with everything they imply. */
export function impliedPermissions(held: Iterable<string>): Set<string> {
  const result = new Set<string>();
  for (const name of held) {
    result.add(name);
    const definition = BY_NAME.get(name);
    for (const implied of definition && 'implies' in definition ? definition.implies : [])
      result.add(implied);
  }
  return result;
}

/** An entry's entity: users and organizations by id, repositories by `owner/name`. */
export interface FineGrainedEntity {
  type: EntityType;
  /** Users and organizations: their id. Repositories: a stable id derived from type and name. */
  id: string;
  name: string;
}

interface ScopedPermissions {
  entity: FineGrainedEntity;
  permissions: Permission[];
}

/**
 * What a fine-grained token may do (docs/oauth.md "Fine-grained tokens"): `global` on the
 * owner's own account and resources, each scoped entry on its entity (an organization's entry
 * covers what the organization owns, a repository's entry that repository), and public gated
 * repositories the owner was granted with `canReadGatedRepos`. The owner's own rights cap it all.
 */
export interface FineGrainedGrant {
  global: Permission[];
  scoped: ScopedPermissions[];
  canReadGatedRepos: boolean;
}

/** A fine-grained grant as a client asks for it: entities by name, resolved to ids by the caller. */
export interface FineGrainedRequest {
  global?: readonly string[];
  scoped?: ReadonlyArray<{
    entity: { type: string; name: string };
    permissions: readonly string[];
  }>;
  canReadGatedRepos?: boolean;
}

export interface CheckedFineGrainedRequest {
  global: Permission[];
  scoped: Array<{ entity: { type: EntityType; name: string }; permissions: Permission[] }>;
  canReadGatedRepos: boolean;
}

const REPO_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,95}\/[A-Za-z0-9][A-Za-z0-9._-]{0,95}$/;
const NAMESPACE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,95}$/;

/**
 * Checks a requested grant against the permission table: known permissions, each allowed on its
 * entry's type (`global` as on the owner's account), repository names as `owner/name`, one entry
 * per entity, and something granted at all. Permissions come back deduplicated in the table's
 * order. A bad value is a `bad_request` naming the field.
 */
export function checkFineGrainedRequest(request: FineGrainedRequest): CheckedFineGrainedRequest {
  const global = checkedPermissions(request.global ?? [], 'user', 'fineGrained.global');
  const seen = new Set<string>();
  const scoped = (request.scoped ?? []).map(({ entity, permissions }, index) => {
    const field = `fineGrained.scoped.${index}`;
    if (!(ENTITY_TYPES as readonly string[]).includes(entity.type))
      throw ApiError.badRequest(
        `Unknown entity type '${entity.type}': one of ${ENTITY_TYPES.join(', ')}`,
        `${field}.entity.type`,
      );
    const type = entity.type as EntityType;
    const pattern = REPO_ENTITY_TYPES.includes(type) ? REPO_NAME : NAMESPACE;
    if (!pattern.test(entity.name))
      throw ApiError.badRequest(
        REPO_ENTITY_TYPES.includes(type)
          ? `A ${type} is named owner/name, not '${entity.name}'`
          : `'${entity.name}' is not a ${type} name`,
        `${field}.entity.name`,
      );
    const key = `${type}/${entity.name.toLowerCase()}`;
    if (seen.has(key))
      throw ApiError.badRequest(`${type} ${entity.name} is listed twice`, `${field}.entity`);
    seen.add(key);
    const checked = checkedPermissions(permissions, type, `${field}.permissions`);
    if (checked.length === 0)
      throw ApiError.badRequest(
        `No permission given for ${type} ${entity.name}`,
        `${field}.permissions`,
      );
    return { entity: { type, name: entity.name }, permissions: checked };
  });
  const canReadGatedRepos = request.canReadGatedRepos === true;
  if (global.length === 0 && scoped.length === 0 && !canReadGatedRepos)
    throw ApiError.badRequest('A fine-grained token needs at least one permission', 'fineGrained');
  return { global, scoped, canReadGatedRepos };
}

function checkedPermissions(
  names: readonly string[],
  type: EntityType,
  field: string,
): Permission[] {
  for (const name of names) {
    if (!isPermission(name)) throw ApiError.badRequest(`Unknown permission '${name}'`, field);
    if (!permissionAppliesTo(name, type))
      throw ApiError.badRequest(
        field.endsWith('global')
          ? `Permission '${name}' applies to an organization, not to your own account`
          : `Permission '${name}' does not apply to a ${type}`,
        field,
      );
  }
  return PERMISSIONS.filter((name) => names.includes(name));
}
