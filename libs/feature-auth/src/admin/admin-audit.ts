import { newObjectId } from '@gatehouse/crypto';
import type { AdminAction, AdminAuditRecord } from './ports/admin-records';

/** The administrator acting, as the audit log names them. */
export interface AdminActor {
  id: string;
  username: string;
}

/** One audit entry of an admin action on a user or an organization, at `now` (epoch ms). */
export function adminAuditEntry(
  actor: AdminActor,
  action: AdminAction,
  target: AdminAuditRecord['target'],
  now: number,
  details: Record<string, unknown> = {},
): AdminAuditRecord {
  return {
    id: newObjectId(now),
    actor: { id: actor.id, username: actor.username },
    action,
    target,
    details,
    at: new Date(now),
  };
}
