import type {
  FineGrainedGrant,
  OrgMembership,
  OrgRole,
  OrgTokenBlock,
  UserAccount,
} from '@gatehouse/domain';

/** The user a token acts for, as API handlers need it. */
export interface PrincipalUser {
  id: string;
  username: string;
  email: string;
  fullname: string;
  isPro: boolean;
  avatarUrl: string | null;
}

/**
 * The user's profile and memberships as they were read with the credentials, so userinfo and
 * whoami answer from the principal without reading the user again.
 */
export interface PrincipalAccount {
  user: UserAccount;
  memberships: OrgMembership[];
}

/** `session`: the signed-in browser session of the settings pages, with the user's own write rights. */
type PrincipalKind = 'personal' | 'session' | 'oauth' | 'exchange' | 'trusted_publisher';

/**
 * Who is calling, resolved from `Authorization: Bearer <token>` (BearerAuthenticator) or from the
 * browser session (SessionAuthenticator); set on the request by BearerAuthGuard and read with
 * `@CurrentPrincipal()`.
 */
export interface Principal {
  /** The token record's id (never the token or its hash). */
  tokenId: string;
  kind: PrincipalKind;
  user: PrincipalUser | null;
  /** OAuth scopes; [] for personal tokens, which act with the user's full rights (`role` limits them). */
  scopes: string[];
  /** Personal token role. */
  role: 'read' | 'write' | 'fineGrained' | null;
  /**
   * Personal tokens of role `fineGrained`: what they may do, kept with the principal so every
   * decision about them is made on the cached principal.
   */
  fineGrained?: FineGrainedGrant | null;
  /**
   * Personal tokens: the organizations whose token policy refuses this token, by organization id
   * (a pending or denied approval, or `fine_grained_only` for a read or write token), kept with
   * the principal so the refusal is decided on the cached principal.
   */
  orgBlocks?: Readonly<Record<string, OrgTokenBlock>>;
  /**
   * The user's organizations that require two factors while the user has none, id to name, kept
   * with the principal so `/internal/authorize` refuses their resources on the cached principal.
   */
  twoFactorMissing?: Readonly<Record<string, string>>;
  clientId: string | null;
  /**
   * Organizations the token may act on: those granted at consent for OAuth tokens, every
   * organization the user belongs to for personal tokens, the bound one for exchange tokens.
   */
  grantedOrgIds: string[];
  /** Token exchange: the organization the app is bound to. */
  boundOrgId: string | null;
  /** Token exchange: the member's role in `boundOrgId` when the token was issued. */
  memberRole: OrgRole | null;
  /** Trusted-publisher tokens: the repository they may act on. */
  repo: { type: string; name: string } | null;
  /** Personal token name. */
  displayName: string | null;
  createdAt: Date;
  expiresAt: Date | null;
  /**
   * Set by BearerAuthenticator and SessionAuthenticator for principals with a user; principals
   * built elsewhere (tests, other services' fakes) may leave it out, and readers then load it.
   */
  account?: PrincipalAccount;
  /** The registered app's name for tokens of an app (null when it has no row: metadata-document apps). */
  appName?: string | null;
}

/** A principal resolved from a token (never the browser session). */
export type TokenPrincipal = Principal & { kind: Exclude<PrincipalKind, 'session'> };
