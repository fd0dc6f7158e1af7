import type { AuditEntryView } from '@gatehouse/settings-api';
import type { AuditEntry } from './audit-entry';

export function auditEntryView(entry: AuditEntry): AuditEntryView {
  return {
    id: entry.id,
    seq: entry.seq,
    action: entry.action,
    outcome: entry.outcome,
    errorCode: entry.errorCode,
    clientId: entry.clientId,
    actorUserId: entry.actorUserId,
    subject: entry.subject,
    detail: entry.detail,
    createdAt: entry.createdAt.toISOString(),
    prevHash: entry.prevHash,
    hash: entry.hash,
  };
}
