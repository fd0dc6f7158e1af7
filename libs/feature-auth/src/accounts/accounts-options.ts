/** Who may make an account on the sign-in pages (GATEHOUSE_SIGNUP). */
export type SignUpMode = 'closed' | 'invite' | 'open';

export interface AccountsOptions {
  /** The public base URL the mailed links start with (GATEHOUSE_PUBLIC_URL, no trailing slash). */
  issuer: string;
  signUp: SignUpMode;
  /** GATEHOUSE_ACCOUNT_DELETION_GRACE_DAYS: an account asked to be deleted waits this long. */
  deletionGraceDays: number;
}

export const ACCOUNTS_OPTIONS = Symbol('gatehouse.auth.accountsOptions');

/** How long each link works: a reset link is short-lived, a confirmation a day, an invitation a week. */
export const LINK_TTL_MS = {
  confirm_email: 24 * 3_600_000,
  reset_password: 30 * 60_000,
  invitation: 7 * 24 * 3_600_000,
} as const;
