import type { OrgRole, TokenRepository } from '@gatehouse/domain';
import type { MembershipRecord } from '../accounts/ports/account-records';
import type { PrincipalUser } from '../principal/principal';

/** The user fields an id_token's claims are built from. */
export type IdTokenUser = PrincipalUser;

/** What a grant asks TokenIssuer to issue. */
export interface IssueTokenRequest {
  kind: 'oauth' | 'exchange' | 'trusted_publisher';
  /** Required for refresh tokens and id_tokens. */
  userId: string | null;
  /** Required for refresh tokens and id_tokens (it is the id_token's `aud`). */
  clientId: string | null;
  /** Granted scopes, already validated by the grant. */
  scopes: string[];
  /** Scopes of the refresh token when they differ from the access token's (a narrowed refresh, RFC 6749 §6). */
  refreshTokenScopes?: string[];
  /** Organizations granted at consent (`orgIds`). */
  orgIds: string[];
  /** Token exchange: the organization the app is bound to. */
  boundOrgId?: string | null;
  /** Token exchange: the member's role in that organization. */
  memberRole?: OrgRole | null;
  /** Trusted publishers: the repository the token may act on (then the token is `hf_jwt_...`). */
  repo?: TokenRepository | null;
  ttlSeconds: number;
  withRefreshToken: boolean;
  /**
   * The grant's id (24 hex, e.g. `newObjectId()`): every access and refresh token of one grant
   * carries it, so one call revokes them all (refresh reuse, authorization code replay).
   * OAuth tokens get a fresh one when absent.
   */
  refreshFamilyId?: string;
  /** When the user signed in; defaults to now. */
  authTime?: Date;
  /** The public id of the sign-in session the grant came from: the id_token's `sid`. */
  sessionId?: string;
  /** The authorization request's `nonce`, echoed in the id_token. */
  nonce?: string;
  /** Issue an id_token (the grant decides: `openid` was granted). */
  idToken: boolean;
  /** For the token.issued event, e.g. `authorization_code`; a default per kind otherwise. */
  grantType?: string;
  /**
   * The user as the grant already read it (the refresh token's row, the authorization request):
   * the id_token is built from it instead of reading the user again.
   */
  user?: IdTokenUser;
  /**
   * With `user`: the user's memberships and the app's name as the grant read them, so the new
   * access token's principal is cached at once and its first check (userinfo, right after a
   * sign-in) costs no statement. The user must not be disabled. Not cached for a member of an
   * organization without `twoFactor`: an organization may require two factors.
   */
  cachePrincipal?: {
    memberships: MembershipRecord[];
    appName: string | null;
    /** Whether the user has a second factor and which organizations require one; see above. */
    twoFactor?: { secondFactor: boolean; twoFactorOrgIds: string[] };
  };
}

/** RFC 6749 §5.1 (+ OIDC Core §3.1.3.3 `id_token`, RFC 8693 §2.2.1 `issued_token_type`). */
export interface TokenResponseBody {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  scope: string;
  refresh_token?: string;
  id_token?: string;
  issued_token_type?: string;
}

/** The response plus the records behind it, for grants that must remember what they issued. */
export interface IssuedTokens {
  body: TokenResponseBody;
  accessTokenId: string;
  refreshTokenId: string | null;
  /** The grant id the tokens carry (see `IssueTokenRequest.refreshFamilyId`). */
  familyId: string | null;
}

export const ACCESS_TOKEN_TYPE_URN = 'urn:ietf:params:oauth:token-type:access_token';
