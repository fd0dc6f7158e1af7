import {
  grantTouchesOrg,
  orgTokenBlock,
  type OrgTokenStanding,
  tokenApprovalState,
} from '@gatehouse/domain';
import type { OrganizationTokenPolicyView, OrganizationTokenView } from '@gatehouse/settings-api';
import type {
  OrganizationTokenPolicyRecord,
  OrganizationTokenRecord,
} from './ports/organization-token.store';

/** The facts the domain's policy decides on, for one token under the organization's policy. */
function standingOf(
  org: { id: string; name: string },
  policy: OrganizationTokenPolicyRecord,
  token: OrganizationTokenRecord,
): OrgTokenStanding {
  return {
    org,
    policy: policy.policy,
    approvalRequiredSince: policy.approvalRequiredSince,
    decision: token.decision?.state ?? null,
    token,
  };
}

/** A token as the organization's administrators see it: the grant's entries about this organization only. */
export function organizationTokenViewOf(
  org: { id: string; name: string },
  policy: OrganizationTokenPolicyRecord,
  token: OrganizationTokenRecord,
): OrganizationTokenView {
  const standing = standingOf(org, policy, token);
  const grant = token.fineGrained;
  return {
    id: token.id,
    name: token.name,
    owner: { ...token.owner },
    role: token.role,
    fineGrained: grant
      ? {
          global: [],
          scoped: grant.scoped
            .filter((entry) => grantTouchesOrg({ ...grant, scoped: [entry] }, org))
            .map(({ entity, permissions }) => ({
              entity: { _id: entity.id, type: entity.type, name: entity.name },
              permissions: [...permissions],
            })),
          canReadGatedRepos: grant.canReadGatedRepos,
        }
      : null,
    preview: token.preview,
    createdAt: token.createdAt.toISOString(),
    expiresAt: token.expiresAt ? token.expiresAt.toISOString() : null,
    lastUsedAt: token.lastUsedAt ? token.lastUsedAt.toISOString() : null,
    approval: {
      state: tokenApprovalState(standing),
      decidedBy: token.decision?.decidedBy ?? null,
      decidedAt: token.decision ? token.decision.decidedAt.toISOString() : null,
    },
    blocked: orgTokenBlock(standing) !== null,
  };
}

export function organizationTokenPolicyViewOf(
  record: OrganizationTokenPolicyRecord,
): OrganizationTokenPolicyView {
  return {
    policy: record.policy,
    approvalRequiredSince: record.approvalRequiredSince
      ? record.approvalRequiredSince.toISOString()
      : null,
    updatedAt: record.updatedAt ? record.updatedAt.toISOString() : null,
  };
}
