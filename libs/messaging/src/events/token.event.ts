import { z } from 'zod';
import { defineEvent } from './event-definition';

const tokenIdentity = {
  /** The token record's id, never the token itself nor its hash. */
  tokenId: z.string().min(1),
  kind: z.enum(['access', 'refresh']),
  userId: z.string().min(1),
  /** The OAuth app's client id. */
  clientId: z.string().min(1),
};

/** token.issued v1, on Topics.tokenEvents, key: user id. */
export const tokenIssuedEvent = defineEvent({
  type: 'token.issued',
  version: 1,
  schema: z.object({
    ...tokenIdentity,
    grantType: z.string().min(1),
    scopes: z.array(z.string()),
    /** Set for tokens bound to an organization (token exchange). */
    organizationId: z.string().min(1).nullable(),
    /** Refresh-token family, for rotation and reuse detection. */
    familyId: z.string().min(1).nullable(),
    issuedAt: z.iso.datetime({ offset: true }),
    expiresAt: z.iso.datetime({ offset: true }).nullable(),
  }),
});

/** token.revoked v1, on Topics.tokenEvents, key: user id. */
export const tokenRevokedEvent = defineEvent({
  type: 'token.revoked',
  version: 1,
  schema: z.object({
    ...tokenIdentity,
    reason: z.enum([
      'revocation_request',
      'refresh_token_reuse',
      'authorization_code_reuse',
      'consent_withdrawn',
      'app_deleted',
      'signed_out',
    ]),
    revokedAt: z.iso.datetime({ offset: true }),
  }),
});

/**
 * token.leaked v1, on Topics.tokenEvents, key: user id. A token of the user was reported leaked
 * (`POST /api/credentials/revoke`) and has been revoked: written once per token, in the
 * transaction that revoked it, for a mailer to tell the owner (docs/security.md "Leaked tokens").
 * Its access or refresh token also has its token.revoked (reason `revocation_request`).
 */
export const tokenLeakedEvent = defineEvent({
  type: 'token.leaked',
  version: 1,
  schema: z.object({
    /** The owner's notice, as `GET /api/settings/token-notices` lists it. */
    noticeId: z.string().min(1),
    userId: z.string().min(1),
    tokenId: z.string().min(1),
    kind: z.enum(['personal', 'access', 'refresh']),
    /** A personal token's name, or the OAuth app's name. */
    tokenName: z.string().nullable(),
    /** The OAuth app's client id; null for a personal token. */
    clientId: z.string().min(1).nullable(),
    reportedAt: z.iso.datetime({ offset: true }),
    revokedAt: z.iso.datetime({ offset: true }),
  }),
});

/**
 * token.revoked_by_organization v1, on Topics.tokenEvents, key: user id. An administrator of an
 * organization revoked a member's personal token (`token-exchange`, organization token
 * governance): written through the outbox in the transaction that revoked it, for `auth` to tell
 * the owner on the account page and by e-mail (docs/security.md "Security notices").
 */
export const tokenRevokedByOrganizationEvent = defineEvent({
  type: 'token.revoked_by_organization',
  version: 1,
  schema: z.object({
    /** Unique per revocation: the owner's security event id, so a message read twice tells once. */
    noticeId: z.string().min(1),
    userId: z.string().min(1),
    tokenId: z.string().min(1),
    tokenName: z.string().nullable(),
    organization: z.string().min(1),
    /** The administrator's username. */
    revokedBy: z.string().nullable(),
    revokedAt: z.iso.datetime({ offset: true }),
  }),
});

/** Everything Topics.tokenEvents carries, for decodeEvent(). */
export const TOKEN_EVENTS = [
  tokenIssuedEvent,
  tokenRevokedEvent,
  tokenLeakedEvent,
  tokenRevokedByOrganizationEvent,
] as const;

export type TokenRevokedData = z.output<typeof tokenRevokedEvent.schema>;
