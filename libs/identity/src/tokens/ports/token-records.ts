import type {
  AccessTokenKind,
  FineGrainedGrant,
  PersonalAccessTokenRole,
  TokenRepository,
} from '@gatehouse/domain';
import type { UserRecord } from '../../accounts/ports/account-records';

/** An issued access token (OAuth, exchange or trusted publisher); only the SHA-256 of the token is kept. */
export interface AccessTokenRecord {
  id: string;
  tokenHash: string;
  kind: AccessTokenKind;
  userId: string | null;
  clientId: string | null;
  scopes: string[];
  orgIds: string[];
  boundOrgId: string | null;
  role: string | null;
  repo: TokenRepository | null;
  /** The grant the token belongs to (see `IssueTokenRequest.refreshFamilyId`). */
  refreshFamilyId: string | null;
  authTime: Date | null;
  expiresAt: Date;
  revokedAt: Date | null;
  createdAt: Date;
}

/** A refresh token; tokens rotated from one another share `familyId` (RFC 9700 §4.14.2). */
export interface RefreshTokenRecord {
  id: string;
  tokenHash: string;
  familyId: string;
  clientId: string;
  userId: string;
  scopes: string[];
  orgIds: string[];
  authTime: Date;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

/** A refresh token read for redemption, with its user (null when the user is gone). */
interface LockedRefreshToken extends RefreshTokenRecord {
  user: UserRecord | null;
}

/**
 * A refresh token's rotation, drawn before the one statement that finds the presented token,
 * checks it and, when it may be spent, spends it and writes the new pair. The pair copies the
 * grant (user, client, family, organizations, auth time) from the spent token.
 */
export interface RefreshRotation {
  /** SHA-256 of the presented token. */
  tokenHash: string;
  /** The authenticated client: a token of another client is not spent. */
  clientId: string;
  at: Date;
  /**
   * The scopes the new access token narrows to, each with the scopes that would cover it (itself
   * and those implying it): the token is spent only when it was granted one of each. Empty: the
   * access token gets every granted scope.
   */
  narrowedTo: Array<{ scope: string; coveredBy: string[] }>;
  accessToken: { id: string; tokenHash: string; expiresAt: Date };
  refreshToken: { id: string; tokenHash: string; expiresAt: Date };
  /** Kept on the spent token for the reuse grace, opaque to the store; null keeps nothing. */
  answer: string | null;
}

/** What a rotation found: the presented token as it was before, and whether this call spent it. */
export interface RefreshRotationOutcome {
  token: LockedRefreshToken & {
    /** The answer kept by the rotation that spent the token, if it was spent. */
    answer: string | null;
  };
  rotated: boolean;
}

/** A user's personal (`hf_...`) access token; only its SHA-256 is kept. */
export interface PersonalTokenRecord {
  id: string;
  tokenHash: string;
  userId: string;
  name: string;
  role: PersonalAccessTokenRole;
  /** Role `fineGrained` only: what the token may do. */
  fineGrained: FineGrainedGrant | null;
  /** Null: the token does not expire. */
  expiresAt: Date | null;
  /** `hf_…abcd`; null for tokens created before previews were kept. */
  preview: string | null;
  lastUsedAt: Date | null;
  /** Where it was last used, coarsely (an anonymised address prefix) and from which client family. */
  lastUsedAddress: string | null;
  lastUsedClient: string | null;
  createdAt: Date;
  revokedAt: Date | null;
}
