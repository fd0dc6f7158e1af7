import { z } from 'zod';
import { defineEvent } from './event-definition';

/**
 * audit.recorded v1, on Topics.audit, key: organization id. One per audit-log row, published
 * through the outbox in the transaction that wrote the row (docs/oauth.md "Token exchange": every token exchange is
 * recorded in the organization's audit log). For downstream SIEMs; nothing inside consumes it.
 */
export const auditRecordedEvent = defineEvent({
  type: 'audit.recorded',
  version: 1,
  schema: z.object({
    /** The audit-log row's id. */
    entryId: z.string().min(1),
    organizationId: z.string().min(1),
    /** Dotted lower-case name, e.g. `oauth.token_exchange`. */
    action: z.string().regex(/^[a-z][a-z_]*(\.[a-z][a-z_]*)+$/),
    /** Who acted: for a token exchange, the organization's OAuth app. */
    actor: z.object({ type: z.enum(['app', 'user', 'system']), id: z.string().min(1) }),
    /** Whom it concerned, e.g. the member a token was issued for. */
    subject: z
      .object({ type: z.enum(['user', 'app', 'token', 'organization']), id: z.string().min(1) })
      .optional(),
    /** Action-specific facts (scopes, expiry, token id); never a secret. */
    details: z.record(z.string(), z.unknown()),
    occurredAt: z.iso.datetime({ offset: true }),
  }),
});

export type AuditRecordedData = z.output<typeof auditRecordedEvent.schema>;
