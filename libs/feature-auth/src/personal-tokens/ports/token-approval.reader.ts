import type { OrgTokenPolicy, TokenApprovalDecision } from '@gatehouse/domain';

/**
 * What one organization of the user says about personal tokens: its policy and its
 * administrators' decisions about the user's tokens, by token id.
 */
export interface OrganizationTokenRules {
  org: { id: string; name: string };
  policy: OrgTokenPolicy;
  approvalRequiredSince: Date | null;
  decisions: Readonly<Record<string, TokenApprovalDecision>>;
}

/**
 * Port over token-exchange's organization_token_policies and token_approvals (read across
 * services, docs/architecture.md "Data ownership"), so the owner sees each token's approval state.
 */
export abstract class TokenApprovalReader {
  /** The user's organizations that have a token policy or a decision about one of the user's tokens. */
  abstract rulesOf(userId: string): Promise<OrganizationTokenRules[]>;
}
