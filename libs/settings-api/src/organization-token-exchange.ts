/** A token-exchange app as its organization's administrators see it (`GET …/settings/token-exchange-apps`). */
export interface TokenExchangeAppView {
  clientId: string;
  name: string;
  scopes: string[];
  /** Lifetime of the tokens the app exchanges (docs/oauth.md "Token formats and lifetimes": default 8 hours, at most 30 days). */
  tokenDurationSeconds: number;
  hasClientSecret: boolean;
  updatedAt: string;
}

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

/** `GET /api/organizations/{name}/audit-log`: newest first. */
export interface AuditLogPage {
  entries: AuditEntryView[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

/** Where a chain stops holding. */
interface AuditBrokenLink {
  /** The entry where the chain stops holding. */
  seq: number;
  /** Null when that entry is gone (a cut tail) or the problem is the sealed head. */
  id: string | null;
  problem:
    | 'sequence_gap'
    | 'prev_hash_mismatch'
    | 'hash_mismatch'
    | 'mac_mismatch'
    | 'mac_missing'
    | 'truncated'
    | 'head_mismatch';
  message: string;
}

/** `GET /api/organizations/{name}/audit-log/verify`: whether the whole chain holds, and where it breaks. */
export type AuditLogVerification =
  { intact: true; checked: number } | { intact: false; checked: number; brokenAt: AuditBrokenLink };
