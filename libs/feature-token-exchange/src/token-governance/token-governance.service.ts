import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import {
  ApiError,
  classifyToken,
  Clock,
  isObjectId,
  type OrgTokenPolicy,
  type TokenApprovalDecision,
} from '@gatehouse/domain';
import {
  OutboxWriter,
  Principal,
  PrincipalCache,
  PrincipalInvalidator,
  RandomSource,
  TokenRevoker,
  type Transaction,
  TransactionRunner,
} from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import type {
  OrganizationTokenPolicyView,
  OrganizationTokensPage,
  OrganizationTokenView,
} from '@gatehouse/settings-api';
import { AUDIT_ACTIONS } from '../audit/audit-entry';
import { AuditRecorder } from '../audit/audit-recorder';
import type { DirectoryOrganization } from '../organizations/ports/organization-directory';
import { OrganizationAdminGate } from '../settings/organization-admin-gate';
import { tokenRevokedByOrganizationMessage } from './organization-token-events';
import { organizationTokenPolicyViewOf, organizationTokenViewOf } from './organization-token-view';
import {
  OrganizationTokenLookup,
  OrganizationTokenRecord,
  OrganizationTokenStore,
} from './ports/organization-token.store';

const DEFAULT_PAGE_SIZE = 50;

/**
 * Organization token governance (docs/settings-api.md "Organization tokens"): administrators list
 * the tokens that can act in the organization, set its token policy, approve or deny fine-grained
 * tokens scoped to it and revoke tokens, from the list or by value. Each change is audited in the
 * transaction that makes it, and the cached principals it concerns are marked stale before it
 * commits, so every service decides on the new state from the next request on. A revoked token's
 * owner is told (token.revoked_by_organization, which `auth` turns into a security notice).
 */
@Injectable()
export class TokenGovernanceService {
  constructor(
    private readonly gate: OrganizationAdminGate,
    private readonly store: OrganizationTokenStore,
    private readonly audit: AuditRecorder,
    private readonly transactions: TransactionRunner,
    private readonly revoker: TokenRevoker,
    private readonly principals: PrincipalCache,
    private readonly invalidator: PrincipalInvalidator,
    private readonly outbox: OutboxWriter,
    private readonly random: RandomSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async list(
    principal: Principal,
    orgName: string,
    page: { limit?: number; cursor?: string },
  ): Promise<OrganizationTokensPage> {
    const org = await this.gate.admit(principal, orgName, 'read');
    const limit = page.limit ?? DEFAULT_PAGE_SIZE;
    if (page.cursor !== undefined && !isObjectId(page.cursor))
      throw ApiError.badRequest('cursor must be a nextCursor this API returned', 'cursor');
    const [policy, tokens] = await Promise.all([
      this.store.policyOf(org.id),
      this.store.tokensOf(org, { limit: limit + 1, before: page.cursor ?? null }),
    ]);
    const shown = tokens.slice(0, limit);
    return {
      tokens: shown.map((token) => organizationTokenViewOf(org, policy, token)),
      nextCursor: tokens.length > limit ? shown[shown.length - 1]!.id : null,
    };
  }

  async policy(principal: Principal, orgName: string): Promise<OrganizationTokenPolicyView> {
    const org = await this.gate.admit(principal, orgName, 'read');
    return organizationTokenPolicyViewOf(await this.store.policyOf(org.id));
  }

  /**
   * Switching `require_approval` on starts its clock: fine-grained tokens scoped to the
   * organization created from now on wait for approval; older ones keep working.
   */
  async setPolicy(
    principal: Principal,
    orgName: string,
    policy: OrgTokenPolicy,
  ): Promise<OrganizationTokenPolicyView> {
    const org = await this.gate.admit(principal, orgName, 'write');
    const current = await this.store.policyOf(org.id);
    if (current.policy === policy) return organizationTokenPolicyViewOf(current);
    const now = new Date(this.clock.now());
    const next = {
      orgId: org.id,
      policy,
      approvalRequiredSince: policy === 'require_approval' ? now : null,
      updatedBy: principal.user?.id ?? null,
      updatedAt: now,
    };
    // Stale first: a check reading the old policy before this commits cannot cache it again.
    // Outside the transaction: the embedded database has one connection, which it holds.
    await this.invalidator.organizationTokensChanged(org.id);
    await this.transactions.run(async (tx) => {
      await this.store.savePolicy(tx, next);
      await this.audit.record(tx, {
        orgId: org.id,
        action: AUDIT_ACTIONS.tokenPolicyUpdated,
        outcome: 'success',
        actorUserId: principal.user?.id ?? null,
        subject: org.name,
        detail: { previousPolicy: current.policy, policy },
      });
    });
    return organizationTokenPolicyViewOf(next);
  }

  /** Approves or denies a fine-grained token scoped to the organization; either may undo the other. */
  async decide(
    principal: Principal,
    orgName: string,
    tokenId: string,
    state: TokenApprovalDecision,
  ): Promise<OrganizationTokenView> {
    const org = await this.gate.admit(principal, orgName, 'write');
    const token = await this.tokenOf(org, tokenId);
    if (token.role !== 'fineGrained')
      throw ApiError.badRequest(
        `Only fine-grained tokens are approved or denied; a ${token.role} token is governed by the token policy`,
      );
    const decidedAt = new Date(this.clock.now());
    const decidedBy = principal.user?.id ?? null;
    if (!decidedBy) throw ApiError.forbidden('Only organization administrators may do this');
    await this.transactions.run(async (tx) => {
      await this.principals.invalidate([token.tokenHash]);
      await this.store.saveDecision(tx, {
        orgId: org.id,
        tokenId: token.id,
        state,
        decidedBy,
        decidedAt,
      });
      await this.audit.record(tx, {
        orgId: org.id,
        action: state === 'approved' ? AUDIT_ACTIONS.tokenApproved : AUDIT_ACTIONS.tokenDenied,
        outcome: 'success',
        actorUserId: decidedBy,
        subject: token.owner.username,
        detail: tokenFacts(token),
      });
    });
    const policy = await this.store.policyOf(org.id);
    return organizationTokenViewOf(org, policy, {
      ...token,
      decision: { state, decidedBy: principal.user?.username ?? null, decidedAt },
    });
  }

  async revokeById(principal: Principal, orgName: string, tokenId: string): Promise<void> {
    const org = await this.gate.admit(principal, orgName, 'write');
    await this.revoke(principal, org, await this.tokenOf(org, tokenId), 'list');
  }

  /**
   * Revokes a member's token by its value (a token found in a log or a repository). Whether a
   * value is a token, and whose, is told only when it reaches this organization: anything else is
   * the same 404.
   */
  async revokeByValue(
    principal: Principal,
    orgName: string,
    value: string,
  ): Promise<OrganizationTokenView> {
    const org = await this.gate.admit(principal, orgName, 'write');
    if (classifyToken(value) !== 'personal')
      throw ApiError.badRequest('token must be a personal access token (hf_…)', 'token');
    const token = await this.find(org, { tokenHash: hashToken(value) });
    if (token.owner.id === principal.user?.id)
      throw ApiError.badRequest(
        'This is one of your own tokens: delete it from your access tokens settings',
        'token',
      );
    const policy = await this.store.policyOf(org.id);
    await this.revoke(principal, org, token, 'value');
    return organizationTokenViewOf(org, policy, token);
  }

  private async revoke(
    principal: Principal,
    org: DirectoryOrganization,
    token: OrganizationTokenRecord,
    by: 'list' | 'value',
  ): Promise<void> {
    const revokedAt = this.clock.now();
    const revoked = await this.transactions.run(async (tx: Transaction) => {
      if (!(await this.revoker.revokePersonalToken(tx, token))) return false;
      await this.outbox.append(
        tx,
        tokenRevokedByOrganizationMessage({
          noticeId: this.random.id(revokedAt),
          userId: token.owner.id,
          tokenId: token.id,
          tokenName: token.name,
          organization: org.name,
          revokedBy: principal.user?.username ?? null,
          revokedAt: new Date(revokedAt),
        }),
      );
      await this.audit.record(tx, {
        orgId: org.id,
        action: AUDIT_ACTIONS.tokenRevoked,
        outcome: 'success',
        actorUserId: principal.user?.id ?? null,
        subject: token.owner.username,
        detail: { ...tokenFacts(token), by },
      });
      return true;
    });
    if (!revoked) throw notFound();
  }

  private tokenOf(org: DirectoryOrganization, tokenId: string): Promise<OrganizationTokenRecord> {
    if (!isObjectId(tokenId)) throw notFound();
    return this.find(org, { id: tokenId });
  }

  private async find(
    org: DirectoryOrganization,
    lookup: OrganizationTokenLookup,
  ): Promise<OrganizationTokenRecord> {
    const token = await this.store.findToken(org, lookup);
    if (!token) throw notFound();
    return token;
  }
}

/** What the audit log keeps about a token: never its value or its hash. */
function tokenFacts(token: OrganizationTokenRecord): Record<string, unknown> {
  return {
    tokenId: token.id,
    tokenName: token.name,
    tokenRole: token.role,
    owner: token.owner.username,
  };
}

function notFound(): ApiError {
  return ApiError.notFound('No token of this organization matches');
}
