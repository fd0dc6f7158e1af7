import { Topics, tokenRevokedByOrganizationEvent } from '@gatehouse/messaging';
import type { OutboxMessage } from '@gatehouse/persistence';

export interface OrganizationRevocation {
  noticeId: string;
  userId: string;
  tokenId: string;
  tokenName: string | null;
  organization: string;
  revokedBy: string | null;
  revokedAt: Date;
}

/** token.revoked_by_organization for the outbox, keyed by the owner's id as every token event is. */
export function tokenRevokedByOrganizationMessage(
  revocation: OrganizationRevocation,
): OutboxMessage {
  const message = tokenRevokedByOrganizationEvent.encode(
    { ...revocation, revokedAt: revocation.revokedAt.toISOString() },
    { key: revocation.userId, time: revocation.revokedAt },
  );
  return { topic: Topics.tokenEvents, ...message };
}
