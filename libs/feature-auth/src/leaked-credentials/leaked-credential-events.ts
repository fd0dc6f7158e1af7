import { leakedCredentialsReportedEvent, tokenLeakedEvent, Topics } from '@gatehouse/messaging';
import type { OutboxMessage } from '@gatehouse/persistence';
import type { LeakedTokenNotice, LeakReport } from './ports/leaked-token-records';

/** leaked_credentials.reported for the outbox, keyed by report id (spread over the partitions). */
export function leakReportMessage(report: LeakReport): OutboxMessage {
  const message = leakedCredentialsReportedEvent.encode(
    {
      reportId: report.reportId,
      tokenHashes: report.tokenHashes,
      checksummed: report.checksummed,
      reportedAt: report.reportedAt.toISOString(),
    },
    { key: report.reportId, time: report.reportedAt },
  );
  return { topic: Topics.leakedCredentials, ...message };
}

/** token.leaked for the outbox, keyed by the owner's id as every token event is. */
export function tokenLeakedMessage(notice: LeakedTokenNotice): OutboxMessage {
  const message = tokenLeakedEvent.encode(
    {
      noticeId: notice.id,
      userId: notice.userId,
      tokenId: notice.tokenId,
      kind: notice.tokenKind,
      tokenName: notice.tokenName,
      clientId: notice.clientId,
      reportedAt: notice.reportedAt.toISOString(),
      revokedAt: notice.revokedAt.toISOString(),
    },
    { key: notice.userId, time: notice.revokedAt },
  );
  return { topic: Topics.tokenEvents, ...message };
}
