import type { FineGrainedGrant } from './token-permissions';

/**
 * An organization's token policy (docs/settings-api.md "Organization tokens"):
 *  - `allow_all`: every token of a member acts within its owner's role (the default);
 *  - `fine_grained_only`: members' `read` and `write` tokens are refused on the organization's
 *    resources;
 *  - `require_approval`: a fine-grained token scoped to the organization (or one of its
 *    repositories) created after the policy was set waits for an administrator's approval.
 */
export const ORG_TOKEN_POLICIES = ['allow_all', 'fine_grained_only', 'require_approval'] as const;
export type OrgTokenPolicy = (typeof ORG_TOKEN_POLICIES)[number];

/** An administrator's decision about one token in one organization. */
export type TokenApprovalDecision = 'approved' | 'denied';

/**
 * A token's approval state in an organization: `not_required` when no approval applies to it
 * (the policy does not ask for one, the token predates the policy, or it is not fine-grained).
 */
export type TokenApprovalState = 'not_required' | 'pending' | TokenApprovalDecision;

/** Why a token is refused everything on an organization's resources. */
export type OrgTokenBlock = 'approval_pending' | 'approval_denied' | 'fine_grained_only';

/** The fixed answers of a blocked token: they say what to do, nothing about the organization. */
export const ORG_TOKEN_BLOCK_MESSAGES: Readonly<Record<OrgTokenBlock, string>> = {
  approval_pending:
    "This token is waiting for an administrator's approval to act in this organization",
  approval_denied: 'An administrator of this organization has denied this token',
  fine_grained_only: 'This organization accepts fine-grained tokens only',
};

/** What decides a token's standing in one organization. */
export interface OrgTokenStanding {
  org: { id: string; name: string };
  policy: OrgTokenPolicy;
  /** When `require_approval` was last switched on; null under the other policies. */
  approvalRequiredSince: Date | null;
  /** The administrators' decision about this token, if any. */
  decision: TokenApprovalDecision | null;
  token: {
    role: 'read' | 'write' | 'fineGrained';
    fineGrained: FineGrainedGrant | null;
    createdAt: Date;
  };
}

/** Whether a fine-grained grant names the organization or one of its repositories (`org/name`). */
export function grantTouchesOrg(
  grant: FineGrainedGrant,
  org: { id: string; name: string },
): boolean {
  const prefix = `${org.name.toLowerCase()}/`;
  return grant.scoped.some(({ entity }) =>
    entity.type === 'org'
      ? entity.id === org.id
      : entity.type !== 'user' && entity.name.toLowerCase().startsWith(prefix),
  );
}

/**
 * The approval state of a token in an organization. A denial holds under every policy until an
 * administrator approves; an approval outlives a later switch of the policy.
 */
export function tokenApprovalState(standing: OrgTokenStanding): TokenApprovalState {
  const { token, decision } = standing;
  if (token.role !== 'fineGrained' || !token.fineGrained) return 'not_required';
  if (!grantTouchesOrg(token.fineGrained, standing.org)) return 'not_required';
  if (decision) return decision;
  const since = standing.approvalRequiredSince;
  if (standing.policy !== 'require_approval' || !since) return 'not_required';
  return token.createdAt.getTime() >= since.getTime() ? 'pending' : 'not_required';
}

/** Why the token is refused on the organization's resources; null when the policy lets it act. */
export function orgTokenBlock(standing: OrgTokenStanding): OrgTokenBlock | null {
  if (standing.token.role !== 'fineGrained')
    return standing.policy === 'fine_grained_only' ? 'fine_grained_only' : null;
  switch (tokenApprovalState(standing)) {
    case 'pending':
      return 'approval_pending';
    case 'denied':
      return 'approval_denied';
    default:
      return null;
  }
}
