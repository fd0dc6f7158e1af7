/** How much leak reporting one client address may do (docs/security.md "Leaked tokens"). */
export interface LeakedCredentialsOptions {
  /** Reports accepted from one address (an IPv6 /64 as one) per window; past it, 429. */
  reportsPerAddress: number;
  windowSeconds: number;
}

/** 300 reports of at most 100 tokens a minute: a scanner's burst, not a flood. */
export const DEFAULT_LEAKED_CREDENTIALS_OPTIONS: LeakedCredentialsOptions = {
  reportsPerAddress: 300,
  windowSeconds: 60,
};

export const LEAKED_CREDENTIALS_OPTIONS = Symbol('gatehouse.leakedCredentialsOptions');
