/** What asking for the second factor again answered. */
export type SecondFactorAnswer = 'not_enrolled' | 'accepted' | 'missing' | 'wrong';

/**
 * The second factor asked again before an account is deleted. Until second factors exist every
 * account answers `not_enrolled` (LeavingModule's binding); the factors feature binds its own
 * check of a TOTP or recovery code here.
 */
export abstract class SecondFactorCheck {
  abstract check(userId: string, code: string | undefined): Promise<SecondFactorAnswer>;
}
