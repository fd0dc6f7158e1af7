/** What asking for the second factor again answered. */
export type SecondFactorAnswer = 'not_enrolled' | 'accepted' | 'missing' | 'wrong';

/**
 * The second factor asked again before an account is deleted: the factors feature binds its check
 * of an authenticator-app or recovery code (SecondFactorCheckModule); an account without a factor
 * answers `not_enrolled`.
 */
export abstract class SecondFactorCheck {
  abstract check(userId: string, code: string | undefined): Promise<SecondFactorAnswer>;
}
