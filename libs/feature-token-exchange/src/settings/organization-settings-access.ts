import {
  authorizePermission,
  ORG_TOKEN_BLOCK_MESSAGES,
  type OrgRole,
  type PolicyDecision,
} from '@gatehouse/domain';
import { actsAsUser, isFineGrained, type Principal } from '@gatehouse/identity';

export type SettingsAccessMode = 'read' | 'write';

/**
 * Who may read an organization's audit log and change its token-exchange settings: its
 * administrators, through a personal access token (a `write` one to change anything), their
 * signed-in browser session, or a fine-grained token holding `org.read` (to read) or `org.write`
 * (to change) on that organization. OAuth, exchange and trusted-publisher tokens never reach
 * organization settings, as the access policy has it (docs/oauth.md "Scopes", `read-memberships`:
 * "no access to organization settings"; `org.settings` has no scope). A token the organization's
 * token policy refuses (pending, denied, or read/write under `fine_grained_only`) is refused here too.
 */
export function organizationSettingsAccess(
  principal: Pick<Principal, 'kind' | 'role' | 'fineGrained' | 'user' | 'orgBlocks'>,
  memberRole: OrgRole | null,
  mode: SettingsAccessMode,
  orgId: string,
): PolicyDecision {
  const fineGrained = isFineGrained(principal);
  if (!actsAsUser(principal) && !fineGrained)
    return { allow: false, reason: 'Organization settings need a personal access token' };
  if (memberRole !== 'admin')
    return { allow: false, reason: 'Only organization administrators may do this' };
  const block = principal.orgBlocks?.[orgId];
  if (block) return { allow: false, reason: ORG_TOKEN_BLOCK_MESSAGES[block] };
  if (fineGrained) {
    const permission = mode === 'read' ? 'org.read' : 'org.write';
    const decision = authorizePermission(
      {
        kind: 'personal',
        userId: principal.user?.id ?? '',
        role: 'fineGrained',
        fineGrained: principal.fineGrained ?? null,
        scopes: [],
        grantedOrgIds: [],
        orgRoles: { [orgId]: memberRole },
      },
      permission,
      { kind: 'org', ownerType: 'org', ownerId: orgId, private: true },
    );
    return decision.allow
      ? { allow: true, reason: 'organization administrator' }
      : {
          allow: false,
          reason: `This token lacks the '${permission}' permission on this organization`,
        };
  }
  if (mode === 'write' && principal.role !== 'write')
    return { allow: false, reason: 'This token is read-only' };
  return { allow: true, reason: 'organization administrator' };
}
