/** An account as the sign-up, confirmation, reset and settings flows see it. */
export interface OwnAccount {
  id: string;
  username: string;
  email: string;
  emailConfirmed: boolean;
  passwordHash: string;
  disabled: boolean;
}

export type AccountLinkPurpose = 'confirm_email' | 'reset_password' | 'invitation';

/** A link sent by e-mail, as stored: the hash of its secret, never the secret. */
export interface AccountLinkRecord {
  id: string;
  purpose: AccountLinkPurpose;
  /** Null for an invitation. */
  userId: string | null;
  /** The address to confirm; the invited address (or null: anyone holding the link). */
  email: string | null;
  tokenHash: string;
  expiresAt: Date;
}

/** A new account, as sign-up makes it: its address not yet confirmed. */
export interface NewOwnAccount {
  id: string;
  username: string;
  email: string;
  passwordHash: string;
}
