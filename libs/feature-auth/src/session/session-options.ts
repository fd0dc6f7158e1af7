/** How browser sessions behave (from the app's configuration, through AuthModule.forRoot). */
export interface SessionOptions {
  /** `Secure` cookies with the `__Host-` prefix: the public URL is https. */
  secureCookies: boolean;
  /** GATEHOUSE_SESSION_TTL_SECONDS: how long a sign-in lasts. */
  signedInTtlSeconds: number;
  /** How long a session that never signed in (it only holds a CSRF token) lasts. */
  anonymousTtlSeconds: number;
  /** Failed sign-ins allowed per account, and per client address, within `windowSeconds`. */
  limits: SignInLimits;
}

export interface SignInLimits {
  perAccount: number;
  perAddress: number;
  windowSeconds: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { perAccount: 5, perAddress: 30, windowSeconds: 15 * 60 };

export const SESSION_OPTIONS = Symbol('gatehouse.auth.sessionOptions');
