import type { OutboxMessage } from '@gatehouse/persistence';
import type { AccessTokenRecord, RefreshTokenRecord } from './ports/token-records';
import {
  Topics,
  tokenIssuedEvent,
  tokenRevokedEvent,
  TokenRevokedData,
} from '@gatehouse/messaging';

export interface IssuedTokenFacts {
  tokenId: string;
  kind: 'access' | 'refresh';
  userId: string | null;
  clientId: string | null;
  grantType: string;
  scopes: string[];
  organizationId: string | null;
  familyId: string | null;
  issuedAt: Date;
  expiresAt: Date | null;
}

/**
 * token.issued for the outbox, keyed by user id. Tokens without a user or a client (a
 * trusted-publisher repo token) have no event: the v1 schema requires both.
 */
export function tokenIssuedMessage(facts: IssuedTokenFacts): OutboxMessage | null {
  if (!facts.userId || !facts.clientId) return null;
  const message = tokenIssuedEvent.encode(
    {
      tokenId: facts.tokenId,
      kind: facts.kind,
      userId: facts.userId,
      clientId: facts.clientId,
      grantType: facts.grantType,
      scopes: facts.scopes,
      organizationId: facts.organizationId,
      familyId: facts.familyId,
      issuedAt: facts.issuedAt.toISOString(),
      expiresAt: facts.expiresAt ? facts.expiresAt.toISOString() : null,
    },
    { key: facts.userId, time: facts.issuedAt },
  );
  return { topic: Topics.tokenEvents, ...message };
}

export type RevocationReason = TokenRevokedData['reason'];

/** token.revoked for the outbox, keyed by user id; null for tokens without a user or a client. */
export function tokenRevokedMessage(
  token: Pick<AccessTokenRecord | RefreshTokenRecord, 'id' | 'userId' | 'clientId'>,
  kind: 'access' | 'refresh',
  reason: RevocationReason,
  at: Date,
): OutboxMessage | null {
  if (!token.userId || !token.clientId) return null;
  const message = tokenRevokedEvent.encode(
    {
      tokenId: token.id,
      kind,
      userId: token.userId,
      clientId: token.clientId,
      reason,
      revokedAt: at.toISOString(),
    },
    { key: token.userId, time: at },
  );
  return { topic: Topics.tokenEvents, ...message };
}
