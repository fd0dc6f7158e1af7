/** What signing in needs to know about an account. */
export interface SignInAccount {
  id: string;
  passwordHash: string;
  disabled: boolean;
}

/** Port: the account a sign-in form names, by username or e-mail address (case-insensitive), or by id. */
export abstract class SignInAccounts {
  abstract findByLogin(login: string): Promise<SignInAccount | null>;
  /** The account of a signed-in person, to ask for their password again. */
  abstract findById(userId: string): Promise<SignInAccount | null>;
}
