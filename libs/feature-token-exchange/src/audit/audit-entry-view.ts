import type { AuditEntry } from './audit-entry';

/** An audit entry in API answers: every hashed field, so a reader can check the chain itself. */
export interface AuditEntryView {
  id: string;
  seq: number;
  action: string;
  outcome: 'success' | 'failure';
  errorCode: string | null;
  clientId: string | null;
  actorUserId: string | null;
  subject: string | null;
  detail: Record<string, unknown>;
  createdAt: string;
  prevHash: string | null;
  hash: string;
}

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
