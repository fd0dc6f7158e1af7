import { tokenApprovalState } from '@gatehouse/domain';
import type { PersonalTokenRecord } from '@gatehouse/identity';
import type { PersonalTokenApprovalView, PersonalTokenView } from '@gatehouse/settings-api';
import type { OrganizationTokenRules } from './ports/token-approval.reader';

/**
 * A stored token as the settings API shows it, never its value; `nowMs` decides `expired`, `rules`
 * (the owner's organizations' token policies) its approvals.
 */
export function personalTokenViewOf(
  row: PersonalTokenRecord,
  nowMs: number,
  rules: readonly OrganizationTokenRules[],
): PersonalTokenView {
  const used = row.lastUsedAddress !== null || row.lastUsedClient !== null;
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    fineGrained: row.fineGrained
      ? {
          global: [...row.fineGrained.global],
          scoped: row.fineGrained.scoped.map(({ entity, permissions }) => ({
            entity: { _id: entity.id, type: entity.type, name: entity.name },
            permissions: [...permissions],
          })),
          canReadGatedRepos: row.fineGrained.canReadGatedRepos,
        }
      : null,
    preview: row.preview,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    expired: row.expiresAt !== null && row.expiresAt.getTime() <= nowMs,
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
    lastUsedFrom: used ? { address: row.lastUsedAddress, client: row.lastUsedClient } : null,
    approvals: approvalsOf(row, rules),
  };
}

function approvalsOf(
  row: PersonalTokenRecord,
  rules: readonly OrganizationTokenRules[],
): PersonalTokenApprovalView[] {
  const approvals: PersonalTokenApprovalView[] = [];
  for (const rule of rules) {
    const state = tokenApprovalState({
      org: rule.org,
      policy: rule.policy,
      approvalRequiredSince: rule.approvalRequiredSince,
      decision: rule.decisions[row.id] ?? null,
      token: row,
    });
    if (state !== 'not_required')
      approvals.push({ organization: { id: rule.org.id, name: rule.org.name }, state });
  }
  return approvals;
}
