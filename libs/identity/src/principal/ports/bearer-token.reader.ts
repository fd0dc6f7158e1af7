import type { OrgTokenPolicy, TokenApprovalDecision } from '@gatehouse/domain';
import type { MembershipRecord, UserRecord } from '../../accounts/ports/account-records';
import type { AccessTokenRecord, PersonalTokenRecord } from '../../tokens/ports/token-records';

/**
 * Whether the user can answer a second factor, and which of their organizations require one.
 * Always read by BearerTokenReader; absent from a principal built at issuance from what the
 * authorization request read.
 */
interface TwoFactorStanding {
  /** The user has a confirmed authenticator app or a passkey. */
  secondFactor?: boolean;
  /** The organizations among the memberships that require two factors of their members. */
  twoFactorOrgIds?: string[];
}

/** An access token (OAuth, exchange or trusted publisher) with its user, the user's memberships and its app. */
export interface AccessTokenGrant extends TwoFactorStanding {
  token: Omit<AccessTokenRecord, 'tokenHash' | 'refreshFamilyId' | 'authTime'>;
  /** Null for tokens without a user (trusted-publisher repo tokens). */
  user: UserRecord | null;
  /** By organization name. */
  memberships: MembershipRecord[];
  /** The registered app's name; null without a client or without a row (metadata-document apps). */
  appName: string | null;
}

/**
 * What an organization of the user says about personal tokens (token-exchange's
 * organization_token_policies and token_approvals): one per membership with a policy or a
 * decision about this token.
 */
export interface OrgTokenRule {
  orgId: string;
  policy: OrgTokenPolicy;
  approvalRequiredSince: Date | null;
  decision: TokenApprovalDecision | null;
}

export interface PersonalTokenGrant extends TwoFactorStanding {
  token: Omit<PersonalTokenRecord, 'tokenHash'>;
  user: UserRecord;
  /** By organization name. */
  memberships: MembershipRecord[];
  orgTokenRules: OrgTokenRule[];
}

/**
 * Port: everything a bearer token's principal is made of, read by the SHA-256 of the token in one
 * round trip (docs/benchmarks.md "Token validation"). Revoked and expired tokens are returned as
 * they are stored; the caller decides.
 */
export abstract class BearerTokenReader {
  abstract accessToken(tokenHash: string): Promise<AccessTokenGrant | null>;
  abstract personalToken(tokenHash: string): Promise<PersonalTokenGrant | null>;
  /** The stored hash of an access token, to find its cached principal from a token.revoked event. */
  abstract accessTokenHash(tokenId: string): Promise<string | null>;
  /** The hashes of the user's tokens that may be cached: personal and access tokens neither revoked nor expired. */
  abstract liveTokenHashesOf(userId: string): Promise<string[]>;
  /** The hashes of the personal tokens of an organization's members that may be cached. */
  abstract livePersonalTokenHashesOfMembers(orgId: string): Promise<string[]>;
  /** The hashes of every token of an organization's members that may be cached, personal and access. */
  abstract liveTokenHashesOfMembers(orgId: string): Promise<string[]>;
}
