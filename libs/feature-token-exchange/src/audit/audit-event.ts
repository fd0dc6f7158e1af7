import { auditRecordedEvent, AuditRecordedData, Topics } from '@gatehouse/messaging';
import type { OutboxMessage } from '@gatehouse/persistence';
import type { AuditEntry } from './audit-entry';

/**
 * audit.recorded v1 for the outbox, keyed by organization id. The event carries the entry's
 * `seq` and `hash`, so a consumer keeping the latest hash per organization anchors the chain
 * outside the database (a truncated chain then shows).
 */
export function auditRecordedMessage(entry: AuditEntry): OutboxMessage {
  const message = auditRecordedEvent.encode(
    {
      entryId: entry.id,
      organizationId: entry.orgId,
      action: entry.action,
      actor: actorOf(entry),
      ...subjectOf(entry),
      details: {
        ...entry.detail,
        seq: entry.seq,
        outcome: entry.outcome,
        errorCode: entry.errorCode,
        clientId: entry.clientId,
        subject: entry.subject,
        prevHash: entry.prevHash,
        hash: entry.hash,
      },
      occurredAt: entry.createdAt.toISOString(),
    },
    { key: entry.orgId, time: entry.createdAt, id: `audit-${entry.orgId}-${entry.seq}` },
  );
  return { topic: Topics.audit, ...message };
}

function actorOf(entry: AuditEntry): AuditRecordedData['actor'] {
  if (entry.actorUserId) return { type: 'user', id: entry.actorUserId };
  if (entry.clientId) return { type: 'app', id: entry.clientId };
  const issuer = entry.detail.issuer;
  return { type: 'system', id: typeof issuer === 'string' && issuer ? issuer : 'gatehouse' };
}

function subjectOf(entry: AuditEntry): Pick<AuditRecordedData, 'subject'> {
  const { userId, tokenId } = entry.detail;
  if (typeof userId === 'string' && userId) return { subject: { type: 'user', id: userId } };
  if (typeof tokenId === 'string' && tokenId) return { subject: { type: 'token', id: tokenId } };
  if (entry.actorUserId && entry.clientId) return { subject: { type: 'app', id: entry.clientId } };
  return {};
}
