import type { FineGrainedPermissions, PersonalTokenRole } from './personal-tokens';

/** An organization's token policy (docs/settings-api.md "Organization tokens"). */
export type OrganizationTokenPolicyName = 'allow_all' | 'fine_grained_only' | 'require_approval';

/**
 * A token's standing with an organization's administrators: `not_required` when no approval
 * applies (not fine-grained, created before `require_approval`, or another policy).
 */
export type TokenApprovalStateName = 'not_required' | 'pending' | 'approved' | 'denied';

/** `GET`/`PUT /api/organizations/{name}/settings/token-policy`. */
export interface OrganizationTokenPolicyView {
  policy: OrganizationTokenPolicyName;
  /** When `require_approval` was switched on: fine-grained tokens created since wait for approval. */
  approvalRequiredSince: string | null;
  updatedAt: string | null;
}

/** `PUT /api/organizations/{name}/settings/token-policy`. */
export interface UpdateOrganizationTokenPolicyBody {
  policy: OrganizationTokenPolicyName;
}

/** A token that can act in the organization, as its administrators see it: never its value. */
export interface OrganizationTokenView {
  id: string;
  name: string;
  owner: { id: string; username: string; fullname: string; role: string };
  role: PersonalTokenRole;
  /** Fine-grained tokens: only the entries that touch this organization or its repositories. */
  fineGrained: FineGrainedPermissions | null;
  preview: string | null;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  approval: {
    state: TokenApprovalStateName;
    decidedBy: string | null;
    decidedAt: string | null;
  };
  /** Whether the organization's policy refuses this token now. */
  blocked: boolean;
}

/** `GET /api/organizations/{name}/settings/tokens`: newest first. */
export interface OrganizationTokensPage {
  tokens: OrganizationTokenView[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

/** `POST /api/organizations/{name}/settings/tokens/revoke`. */
export interface RevokeOrganizationTokenBody {
  token: string;
}

/** The approval of a personal token in one organization, as its owner sees it. */
export interface PersonalTokenApprovalView {
  organization: { id: string; name: string };
  state: Exclude<TokenApprovalStateName, 'not_required'>;
}
