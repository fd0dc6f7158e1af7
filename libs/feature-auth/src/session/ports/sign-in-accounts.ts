/** What signing in needs to know about an account. */
export interface SignInAccount {
  id: string;
  passwordHash: string;
  disabled: boolean;
  /** Its owner asked to delete it, and the grace period runs (docs/security.md "Leaving"). */
  deletionPending?: boolean;
}

/** Port: the account a sign-in form names, by username or e-mail address (case-insensitive), or by id. */
export abstract class SignInAccounts {
  abstract findByLogin(login: string): Promise<SignInAccount | null>;
  /** The account of a signed-in person, to ask for their password again. */
  abstract findById(userId: string): Promise<SignInAccount | null>;

  /** Signing in during the grace period keeps the account: its deletion is called off. */
  abstract cancelDeletion(userId: string): Promise<void>;

  /**
   * The same password stored again at the current scrypt cost, unless the stored hash is no longer
   * `previous` (the password was changed meanwhile, which wins).
   */
  abstract replacePasswordHash(userId: string, previous: string, next: string): Promise<void>;
}
