/** What TokenExchangeServiceModule.forRoot takes (from the app's configuration). */
export interface TokenExchangeServiceOptions {
  /** `urn:<platform>:token-type:user-email` (docs/oauth.md "Token exchange"; config `oauth.userEmailTokenType`). */
  userEmailTokenType: string;
  /** GATEHOUSE_ALLOW_LOOPBACK_TARGETS: CI providers' JWKS URLs may point at loopback (development, tests). */
  allowLoopbackTargets: boolean;
  /** Limits of the JWKS fetches of the trusted-publisher grant; see DEFAULT_JWKS_FETCH_LIMITS. */
  jwks?: Partial<JwksFetchLimits>;
}

export interface JwksFetchLimits {
  /** Whole-request deadline, connection included. */
  timeoutMs: number;
  /** Largest JWKS body accepted. */
  maxBytes: number;
  /** How long a fetched key set is used before it is fetched again. */
  cacheTtlMs: number;
  /** A token signed with a key not in the cached set refetches at most this often (key rotation). */
  refetchCooldownMs: number;
}

export const DEFAULT_JWKS_FETCH_LIMITS: JwksFetchLimits = {
  timeoutMs: 5_000,
  maxBytes: 64 * 1024,
  cacheTtlMs: 10 * 60_000,
  refetchCooldownMs: 30_000,
};

export const TOKEN_EXCHANGE_OPTIONS = Symbol('gatehouse.tokenExchangeOptions');
