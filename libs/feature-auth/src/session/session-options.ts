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

/** The sign-in throttle's numbers (SignInThrottle says what each is for). */
export interface SignInLimits {
  /** The window every failure count lives in. */
  windowSeconds: number;
  /** Wrong passwords (and attempts still being checked) for one login from one address, before that address waits for the window's end. */
  perLoginAndAddress: number;
  /** Wrong passwords from one address across logins, before its attempts from unknown browsers are paced. */
  addressSlowDownAfter: number;
  /** Attempts from unknown browsers one address may have being checked at once. */
  inFlightPerAddress: number;
  /** Wrong passwords for one login from unknown browsers anywhere, before addresses that failed on it are paced. */
  loginSlowDownAfter: number;
  /** The longest wait between paced attempts; the wait starts at 1 s and doubles with each further failure. */
  maxDelaySeconds: number;
  /** Wrong passwords from a known browser, before it counts as unknown until the window ends. */
  perKnownDevice: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  windowSeconds: 15 * 60,
  perLoginAndAddress: 5,
  addressSlowDownAfter: 20,
  inFlightPerAddress: 64,
  loginSlowDownAfter: 10,
  maxDelaySeconds: 60,
  perKnownDevice: 5,
};

export const SESSION_OPTIONS = Symbol('gatehouse.auth.sessionOptions');
