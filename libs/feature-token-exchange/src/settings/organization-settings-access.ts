import type { OrgRole, PolicyDecision } from '@gatehouse/domain';
import { actsAsUser, type Principal } from '@gatehouse/identity';

export type SettingsAccessMode = 'read' | 'write';

/**
 * Who may read an organization's audit log and change its token-exchange settings: its
 * administrators, through a personal access token (a `write` one to change anything) or their
 * signed-in browser session. OAuth,
 * exchange and trusted-publisher tokens never reach organization settings, as the access policy
 * has it (docs/oauth.md "Scopes", `read-memberships`: "no access to organization settings"; `org.settings` has
 * no scope).
 */
export function organizationSettingsAccess(
  principal: Pick<Principal, 'kind' | 'role'>,
  memberRole: OrgRole | null,
  mode: SettingsAccessMode,
): PolicyDecision {
  if (!actsAsUser(principal))
    return { allow: false, reason: 'Organization settings need a personal access token' };
  if (memberRole !== 'admin')
    return { allow: false, reason: 'Only organization administrators may do this' };
  if (mode === 'write' && principal.role !== 'write')
    return { allow: false, reason: 'This token is read-only' };
  return { allow: true, reason: 'organization administrator' };
}
