import { OrgRole, orgRoleAtLeast } from './account';
import { ACTION_RULES, ActionRule, PolicyAction, ResourceKind } from './access-rules';
import { twoFactorRequiredMessage } from '../accounts/second-factor-rules';
import { ORG_TOKEN_BLOCK_MESSAGES, type OrgTokenBlock } from './org-token-policy';
import { scopeCovers } from './scopes';
import {
  FineGrainedGrant,
  impliedPermissions,
  Permission,
  PERMISSION_ACTIONS,
} from './token-permissions';

/** The token behind an API call, as introspection describes it. */
export interface PolicyToken {
  kind: 'personal' | 'oauth' | 'exchange' | 'trusted_publisher';
  userId: string;
  /** Personal tokens: `read` (the default), `write` or `fineGrained`. */
  role?: 'read' | 'write' | 'fineGrained' | null;
  /** Personal tokens of role `fineGrained`: what they may do (token-permissions.ts). */
  fineGrained?: FineGrainedGrant | null;
  /** OAuth and exchange tokens. */
  scopes: readonly string[];
  /** OAuth tokens: organizations the user granted the app (docs/oauth.md "Consent"). */
  grantedOrgIds: readonly string[];
  /** Exchange tokens: the organization the app is bound to, and the user's role in it. */
  boundOrgId?: string | null;
  memberRole?: OrgRole | null;
  /** Personal and OAuth tokens: the user's role in each organization they belong to. */
  orgRoles?: Readonly<Record<string, OrgRole>>;
  /** OAuth and exchange tokens: the app, for `contribute-repos`. */
  clientId?: string | null;
  /** Trusted-publisher tokens: the one repository they reach. */
  repoId?: string | null;
  /** Personal tokens: organizations whose token policy refuses this token (org-token-policy.ts). */
  orgBlocks?: Readonly<Record<string, OrgTokenBlock>>;
  /** Organizations that require two factors of the user, who has none: id to name. */
  twoFactorMissing?: Readonly<Record<string, string>>;
}

export interface PolicyResource {
  kind: ResourceKind;
  id?: string;
  ownerType: 'user' | 'org';
  ownerId: string;
  private: boolean;
  gated?: boolean;
  /** The user was individually granted access to this gated repository. */
  userHasGatedAccess?: boolean;
  createdByClientId?: string | null;
  createdByUserId?: string | null;
}

export interface PolicyDecision {
  allow: boolean;
  reason: string;
}

const allow = (reason: string): PolicyDecision => ({ allow: true, reason });
const deny = (reason: string): PolicyDecision => ({ allow: false, reason });

/**
 * May `token` perform `action` on `resource`? One pure decision for every service:
 *  - public, non-gated repositories and public collections are readable by every token, as they
 *    are without one;
 *  - trusted-publisher tokens read and write their one repository;
 *  - personal tokens act as the user, `read` tokens never write; an organization's token policy
 *    refuses a pending or denied token, or a `read`/`write` one under `fine_grained_only`, all of
 *    its resources but public content (org-token-policy.ts); so does an organization that
 *    requires two factors, to a user who has none;
 *  - fine-grained personal tokens need the action's permission on the resource (global on the
 *    owner's own resources, a scoped entry on its entity) and are capped by the owner's own rights;
 *  - OAuth tokens act as the user within their scopes, on organization resources only for
 *    organizations the user granted, within the user's role there; `contribute-repos` creates
 *    repositories and reaches only those this app created;
 *  - exchange tokens (docs/oauth.md "Token exchange") act within their scopes and the member's role in the bound
 *    organization; outside it they only read public collections and public gated repositories the
 *    user was granted, and the user's own identity (profile, e-mail, memberships).
 */
export function authorize(
  token: PolicyToken,
  action: PolicyAction,
  resource: PolicyResource,
): PolicyDecision {
  const rule = ACTION_RULES[action];
  if (!rule) return deny(`unknown action ${action}`);
  if (!rule.resourceKinds.includes(resource.kind))
    return deny(`${action} does not apply to a ${resource.kind}`);
  if (isPublicContentRead(action, resource))
    return allow('public resource: readable without a token');
  if (token.kind === 'trusted_publisher') return trustedPublisher(token, action, resource);
  const block = resource.ownerType === 'org' ? token.orgBlocks?.[resource.ownerId] : undefined;
  if (block) return deny(ORG_TOKEN_BLOCK_MESSAGES[block]);
  const unmetOrg =
    resource.ownerType === 'org' ? token.twoFactorMissing?.[resource.ownerId] : undefined;
  if (unmetOrg !== undefined) return deny(twoFactorRequiredMessage(unmetOrg));

  const decision = isFineGrained(token)
    ? fineGrained(token, action, rule, resource)
    : decide(token, action, rule, resource);
  if (decision.allow || !isGatedRead(action, resource)) return decision;
  return gatedRead(token, resource);
}

/**
 * The same decision asked by permission (the Hub's names, token-permissions.ts): each permission
 * stands for one action, so every token kind is answered by the one rule.
 */
export function authorizePermission(
  token: PolicyToken,
  permission: Permission,
  resource: PolicyResource,
): PolicyDecision {
  const action = PERMISSION_ACTIONS[permission];
  if (!action) return deny(`unknown permission ${permission}`);
  return authorize(token, action, resource);
}

function isFineGrained(token: PolicyToken): boolean {
  return token.kind === 'personal' && token.role === 'fineGrained';
}

/**
 * A fine-grained token: the permission the action needs, held for this resource, then the owner's
 * own rights (as a personal write token of the owner would be decided), so a token never exceeds
 * its owner's role in an organization.
 */
function fineGrained(
  token: PolicyToken,
  action: PolicyAction,
  rule: ActionRule,
  resource: PolicyResource,
): PolicyDecision {
  const refusal = otherAccountRefusal(token, rule, resource);
  if (refusal) return refusal;
  if (rule.permission === null) return allow("the token's own identity");
  const held = impliedPermissions(heldPermissions(token, action, resource));
  if (!held.has(rule.permission)) return deny(`missing permission ${rule.permission}`);
  const asOwner = decide({ ...token, role: 'write', fineGrained: null }, action, rule, resource);
  return asOwner.allow ? allow(`${asOwner.reason}, permission ${rule.permission}`) : asOwner;
}

/** The permissions a fine-grained token holds on `resource`, before implications. */
function heldPermissions(
  token: PolicyToken,
  action: PolicyAction,
  resource: PolicyResource,
): Permission[] {
  const grant = token.fineGrained;
  if (!grant) return [];
  const held: Permission[] = [];
  const ownAccount = isOwnAccount(token, resource);
  // The Hub's global `discussion.write` reaches discussions on other owners' public repositories.
  if (ownAccount || (action === 'discussion.write' && !resource.private))
    held.push(...grant.global);
  for (const { entity, permissions } of grant.scoped) {
    const covers =
      entity.type === 'user' || entity.type === 'org'
        ? entity.type === resource.ownerType &&
          entity.id === resource.ownerId &&
          (entity.type === 'org' || ownAccount)
        : resource.kind === 'repo' && resource.id === `${entity.type}/${entity.name}`;
    if (covers) held.push(...permissions);
  }
  return held;
}

function decide(
  token: PolicyToken,
  action: PolicyAction,
  rule: ActionRule,
  resource: PolicyResource,
): PolicyDecision {
  const ownAccount = isOwnAccount(token, resource);
  const refusal = otherAccountRefusal(token, rule, resource);
  if (refusal) return refusal;
  if (token.kind === 'personal' && rule.writes && token.role !== 'write')
    return deny('read-only personal token');

  if (token.kind === 'exchange') return exchange(token, action, rule, resource, ownAccount);
  if (ownAccount)
    return token.kind === 'oauth'
      ? scopes(token, action, rule, resource, 'own resource')
      : allow('own resource');
  if (action === 'discussion.write' && !resource.private) {
    const reason = 'public repository: anyone may take part in discussions';
    return token.kind === 'oauth' ? scopes(token, action, rule, resource, reason) : allow(reason);
  }
  if (resource.ownerType === 'user') return deny('resource of another user');

  if (token.kind === 'oauth' && !token.grantedOrgIds.includes(resource.ownerId)) {
    return deny('organization not granted to this app');
  }
  const role = token.orgRoles?.[resource.ownerId];
  if (!role) return deny('not a member of the organization');
  const byRole = orgRole(role, action, rule, resource, token.userId);
  if (!byRole.allow || token.kind === 'personal') return byRole;
  return scopes(token, action, rule, resource, byRole.reason);
}

function exchange(
  token: PolicyToken,
  action: PolicyAction,
  rule: ActionRule,
  resource: PolicyResource,
  ownAccount: boolean,
): PolicyDecision {
  const identity =
    action === 'profile.read' || action === 'email.read' || action === 'memberships.read';
  if (ownAccount && identity)
    return scopes(token, action, rule, resource, "the token's own identity");
  if (ownAccount) return deny('token-exchange tokens have no access to personal resources');
  if (resource.ownerType !== 'org' || resource.ownerId !== token.boundOrgId) {
    return deny(
      'token-exchange tokens are read-only outside the bound organization, on public collections and public gated repositories',
    );
  }
  const role = token.memberRole ?? token.orgRoles?.[resource.ownerId];
  if (!role) return deny('user is no longer a member of the bound organization');
  const byRole = orgRole(role, action, rule, resource, token.userId);
  return byRole.allow ? scopes(token, action, rule, resource, byRole.reason) : byRole;
}

function orgRole(
  role: OrgRole,
  action: PolicyAction,
  rule: ActionRule,
  resource: PolicyResource,
  userId: string,
): PolicyDecision {
  if (orgRoleAtLeast(role, rule.orgRole)) return allow(`organization member (${role})`);
  if (action === 'repo.write' && role === 'contributor' && resource.createdByUserId === userId) {
    return allow('organization contributor on a repository they created');
  }
  return deny(`organization role ${role} does not allow ${action}`);
}

/** Scope check for OAuth and exchange tokens; `reason` explains the allow when scopes pass. */
function scopes(
  token: PolicyToken,
  action: PolicyAction,
  rule: ActionRule,
  resource: PolicyResource,
  reason: string,
): PolicyDecision {
  if (rule.scopes === null) return deny(`no scope grants ${action}`);
  if (token.scopes.includes('contribute-repos')) {
    if (action === 'repo.create') return allow(`${reason}, contribute-repos`);
    const createdHere =
      !!resource.createdByClientId && resource.createdByClientId === token.clientId;
    if ((action === 'repo.read' || action === 'repo.write') && createdHere) {
      return allow(`${reason}, contribute-repos on a repository this app created`);
    }
  }
  if (!rule.scopes.some((scope) => scopeCovers(token.scopes, scope)))
    return deny(`missing scope ${rule.scopes.join(' or ')}`);
  if (
    action === 'discussion.write' &&
    resource.private &&
    !scopeCovers(token.scopes, 'read-repos')
  ) {
    return deny('missing scope read-repos (needed for discussions on a private repository)');
  }
  return allow(reason);
}

function isPublicContentRead(action: PolicyAction, resource: PolicyResource): boolean {
  if (resource.private) return false;
  return (action === 'repo.read' && !resource.gated) || action === 'collection.read';
}

function isGatedRead(action: PolicyAction, resource: PolicyResource): boolean {
  return action === 'repo.read' && !resource.private && resource.gated === true;
}

/** docs/oauth.md "Scopes" `gated-repos`: public gated repositories the user was individually granted. */
function gatedRead(token: PolicyToken, resource: PolicyResource): PolicyDecision {
  if (!resource.userHasGatedAccess)
    return deny('gated repository: the user has not been granted access');
  if (isFineGrained(token) && !token.fineGrained?.canReadGatedRepos)
    return deny('fine-grained token without canReadGatedRepos');
  if (token.kind !== 'personal' && !scopeCovers(token.scopes, 'gated-repos'))
    return deny('missing scope gated-repos');
  return allow('public gated repository the user was granted access to');
}

function trustedPublisher(
  token: PolicyToken,
  action: PolicyAction,
  resource: PolicyResource,
): PolicyDecision {
  const ownRepo = resource.kind === 'repo' && !!token.repoId && resource.id === token.repoId;
  if (ownRepo && (action === 'repo.read' || action === 'repo.write')) {
    return allow('trusted-publisher token for this repository');
  }
  return deny('trusted-publisher tokens only read and write their own repository');
}

function isOwnAccount(token: PolicyToken, resource: PolicyResource): boolean {
  return resource.ownerType === 'user' && resource.ownerId === token.userId;
}

/** An action about the token's own account only, asked about another user's. */
function otherAccountRefusal(
  token: PolicyToken,
  rule: ActionRule,
  resource: PolicyResource,
): PolicyDecision | null {
  return rule.ownAccountOnly && resource.ownerType === 'user' && !isOwnAccount(token, resource)
    ? deny("only the token's own account")
    : null;
}
