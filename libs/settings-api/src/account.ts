/** The signed-in person's own account (`GET /api/settings/account`). */
export interface AccountView {
  username: string;
  email: string;
  /** False until the address's confirmation link is used; apps cannot be authorized before. */
  emailConfirmed: boolean;
}

/** `POST /api/settings/account/password`: the current password is required. */
export interface ChangePasswordBody {
  currentPassword: string;
  newPassword: string;
}

/** `POST /api/settings/account/email`: the password is required; the new address confirms the change. */
export interface ChangeEmailBody {
  password: string;
  email: string;
}

/** The answer to a change of address: where the confirmation link went. */
export interface EmailChangeRequested {
  pendingEmail: string;
}

/** `POST /api/settings/account/deletion`: the password (and the second factor's code) asked again. */
export interface DeleteAccountBody {
  password: string;
  secondFactorCode?: string;
}

/** The answer: the account is deleted then unless its owner signs in before. */
export interface AccountDeletionScheduled {
  deletionDueAt: string;
}

/** One of the account's recent security events (`GET /api/settings/account/security-events`). */
export interface SecurityEventView {
  id: string;
  /** `new_browser_sign_in`, `password_changed`, `email_changed`, `factor_added`, `factor_removed`, `token_revoked_as_leaked`, `token_revoked_by_organization`. */
  kind: string;
  /** In plain words. */
  description: string;
  createdAt: string;
}
