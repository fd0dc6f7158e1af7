/** What a use case asks the audit log to record (the chain fields are added by AuditRecorder). */
export interface AuditEntryDraft {
  orgId: string;
  /** Dotted lower-case name, e.g. `oauth.token_exchange` (the audit.recorded v1 event's rule). */
  action: AuditAction;
  outcome: 'success' | 'failure';
  /** The OAuth or API error code of a refused attempt. */
  errorCode?: string | null;
  /** The OAuth app concerned: the exchanging app, or the app whose settings changed. */
  clientId?: string | null;
  /** The user who acted (an administrator changing settings); null when an app or a CI job acted. */
  actorUserId?: string | null;
  /** Whom the entry concerns, as the caller named it: the member's e-mail, a repository, an app. */
  subject?: string | null;
  /** Action-specific facts; never a secret or a token. */
  detail?: Record<string, unknown>;
}

/** One row of an organization's audit log, as stored and as hashed (libs/feature-token-exchange/README.md "Audit log"). */
export interface AuditEntry {
  /** Database id (bigserial, as a string); not part of the hash. */
  id: string;
  orgId: string;
  /** 1, 2, 3... per organization. */
  seq: number;
  action: string;
  outcome: 'success' | 'failure';
  errorCode: string | null;
  clientId: string | null;
  actorUserId: string | null;
  subject: string | null;
  detail: Record<string, unknown>;
  createdAt: Date;
  /** The previous entry's `hash`; null for the organization's first entry. */
  prevHash: string | null;
  hash: string;
  /** AuditSeal.entryMac(hash); null on entries written before the log was sealed. Not hashed. */
  mac: string | null;
}

export const AUDIT_ACTIONS = {
  tokenExchange: 'oauth.token_exchange',
  trustedPublisherExchange: 'oauth.trusted_publisher_exchange',
  tokenDurationChanged: 'settings.token_duration_changed',
  clientSecretRefreshed: 'settings.client_secret_refreshed',
  tokenApproved: 'org.token_approval.approved',
  tokenDenied: 'org.token_approval.denied',
  tokenRevoked: 'org.token.revoked',
  tokenPolicyUpdated: 'org.token_policy.updated',
  twoFactorRequirementUpdated: 'org.two_factor_requirement.updated',
  serviceAccountCreated: 'org.service_account.created',
  serviceAccountDeleted: 'org.service_account.deleted',
  serviceAccountTokenCreated: 'org.service_account_token.created',
  serviceAccountTokenRotated: 'org.service_account_token.rotated',
  serviceAccountTokenDeleted: 'org.service_account_token.deleted',
  jobTokenIssued: 'job.token.issued',
} as const;

type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];
