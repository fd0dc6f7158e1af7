/** How browser sessions behave (from the app's configuration, through AuthModule.forRoot). */
export interface SessionOptions {
  /** `Secure` cookies with the `__Host-` prefix: the public URL is https. */
  secureCookies: boolean;
  /** GATEHOUSE_SESSION_TTL_SECONDS: how long a sign-in lasts. */
  signedInTtlSeconds: number;
  /** How long a session that never signed in (it only holds a CSRF token) lasts. */
  anonymousTtlSeconds: number;
  /** Failed sign-ins allowed before a wait (SignInThrottle says how each is counted). */
  limits: SignInLimits;
}

export interface SignInLimits {
  /** Failures of one login typed from one address, within `windowSeconds`. */
  perLoginAndAddress: number;
  /** Failures from one address across logins, within `windowSeconds`. */
  perAddress: number;
  windowSeconds: number;
  /** Failures of one login from anywhere before each further one doubles the wait. */
  slowDownAfter: number;
  /** The longest such wait. */
  maxDelaySeconds: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  perLoginAndAddress: 5,
  perAddress: 30,
  windowSeconds: 15 * 60,
  slowDownAfter: 10,
  maxDelaySeconds: 30,
};

export const SESSION_OPTIONS = Symbol('gatehouse.auth.sessionOptions');
