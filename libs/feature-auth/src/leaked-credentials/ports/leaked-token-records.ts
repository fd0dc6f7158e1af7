/** Which table a token is in: personal_access_tokens, access_tokens or refresh_tokens. */
export type LeakedTokenKind = 'personal' | 'access' | 'refresh';

/** A batch accepted by `POST /api/credentials/revoke`: the hashes of its well-formed tokens. */
export interface LeakReport {
  reportId: string;
  /** SHA-256 (hex) of each distinct well-formed token, never the tokens. */
  tokenHashes: string[];
  /** How many of the tokens end with a valid checksum (hasValidChecksum), for the logs. */
  checksummed: number;
  reportedAt: Date;
}

/** A token found live among a report's hashes. */
export interface LiveLeakedToken {
  kind: LeakedTokenKind;
  id: string;
  tokenHash: string;
  /** Null for a trusted-publisher token: it acts for a repository, and has no owner to tell. */
  userId: string | null;
  /** The personal token's name, or the OAuth app's name. */
  name: string | null;
  /** The OAuth app of an access or refresh token. */
  clientId: string | null;
  /** The grant of a refresh token, revoked whole (RFC 7009 §2.1). */
  familyId: string | null;
}

/** What the owner of a token reported leaked is told, once per token. */
export interface LeakedTokenNotice {
  id: string;
  userId: string;
  tokenKind: LeakedTokenKind;
  tokenId: string;
  tokenName: string | null;
  clientId: string | null;
  reportedAt: Date;
  revokedAt: Date;
  dismissedAt: Date | null;
}
