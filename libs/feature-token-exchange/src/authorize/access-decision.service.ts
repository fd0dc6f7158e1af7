import { Injectable } from '@nestjs/common';
import {
  authorize,
  authorizePermission,
  type FineGrainedGrant,
  ORG_ROLES,
  OrgRole,
  PolicyDecision,
  PolicyToken,
} from '@gatehouse/domain';
import {
  AccountReader,
  BearerAuthenticator,
  Principal,
  type TokenPrincipal,
} from '@gatehouse/identity';
import type { AuthorizeRequest } from './authorize-request';

/** What the caller learns about the token besides the decision. */
interface AuthorizedPrincipal {
  kind: Principal['kind'];
  userId: string | null;
  clientId: string | null;
  scopes: string[];
  /** Personal tokens: `read`, `write` or `fineGrained`, with a fine-grained token's permissions. */
  role: Principal['role'];
  fineGrained: FineGrainedGrant | null;
  boundOrgId: string | null;
  /** Exchange tokens: the role the decision used (the lower of the role at issuance and today's). */
  memberRole: OrgRole | null;
  repo: { type: string; name: string } | null;
}

export type AccessDecision = PolicyDecision & { principal: AuthorizedPrincipal | null };

/**
 * `POST /internal/authorize`: the access policy of @gatehouse/domain (docs/oauth.md "Scopes",
 * "Fine-grained tokens") served to the platform's other services, asked by action or by
 * permission. The token is resolved to its principal, with the user's memberships read with it:
 * every change of a membership drops the principals of its user in every process
 * (PrincipalInvalidator), so a member removed from an organization, or demoted, loses access at
 * once, and a decision on a cached principal makes no round trip.
 */
@Injectable()
export class AccessDecisionService {
  constructor(
    private readonly bearer: BearerAuthenticator,
    private readonly accounts: AccountReader,
  ) {}

  async decide(request: AuthorizeRequest): Promise<AccessDecision> {
    const principal = await this.bearer.resolve(request.token);
    if (!principal) return { allow: false, reason: 'token is not active', principal: null };
    const token = await this.policyTokenOf(principal);
    const decision = request.permission
      ? authorizePermission(token, request.permission, request.resource)
      : authorize(token, request.action!, request.resource);
    return {
      ...decision,
      principal: summary(principal, token),
    };
  }

  private async policyTokenOf(principal: TokenPrincipal): Promise<PolicyToken> {
    const orgRoles: Record<string, OrgRole> = {};
    if (principal.account)
      for (const membership of principal.account.memberships)
        orgRoles[membership.id] = membership.roleInOrg;
    else if (principal.user)
      for (const membership of await this.accounts.membershipsOf(principal.user.id))
        orgRoles[membership.organization.id] = membership.role;
    const currentBoundRole = principal.boundOrgId ? (orgRoles[principal.boundOrgId] ?? null) : null;
    return {
      kind: principal.kind,
      userId: principal.user?.id ?? '',
      role: principal.role,
      fineGrained: principal.fineGrained ?? null,
      scopes: principal.scopes,
      grantedOrgIds: principal.grantedOrgIds,
      boundOrgId: principal.boundOrgId,
      memberRole:
        principal.kind === 'exchange' ? lowerRole(principal.memberRole, currentBoundRole) : null,
      orgRoles: principal.kind === 'exchange' ? {} : orgRoles,
      clientId: principal.clientId,
      repoId: principal.repo ? `${principal.repo.type}/${principal.repo.name}` : null,
      orgBlocks: principal.orgBlocks ?? {},
      twoFactorMissing: principal.twoFactorMissing ?? {},
    };
  }
}

/** The lower of two roles; null when either is missing (no longer a member). */
function lowerRole(a: OrgRole | null, b: OrgRole | null): OrgRole | null {
  if (!a || !b) return null;
  return ORG_ROLES.indexOf(a) <= ORG_ROLES.indexOf(b) ? a : b;
}

function summary(principal: Principal, token: PolicyToken): AuthorizedPrincipal {
  return {
    kind: principal.kind,
    userId: principal.user?.id ?? null,
    clientId: principal.clientId,
    scopes: [...principal.scopes],
    role: principal.role,
    fineGrained: principal.fineGrained ?? null,
    boundOrgId: principal.boundOrgId,
    memberRole: token.memberRole ?? null,
    repo: principal.repo,
  };
}
