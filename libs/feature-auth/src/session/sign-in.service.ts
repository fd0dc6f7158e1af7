import { Injectable } from '@nestjs/common';
import { hashPassword, verifyPassword } from '@gatehouse/crypto';
import { SignInAccounts } from './ports/sign-in-accounts';
import { SignInThrottle, ThrottleKeys } from './sign-in-throttle';

export type SignInResult =
  | { kind: 'signed_in'; userId: string }
  | { kind: 'refused'; message: string }
  | { kind: 'throttled'; retryAfterSeconds: number; message: string };

export const WRONG_CREDENTIALS_MESSAGE = 'Incorrect username, email or password.';
export const DISABLED_ACCOUNT_MESSAGE = 'This account is disabled. Contact your administrator.';

/**
 * Checks a sign-in form: throttled per login typed and per address (SignInThrottle), the same
 * answer and about the same time whether the account exists or the password is wrong, and a
 * disabled account refused (told only to someone who knows its password).
 */
@Injectable()
export class SignInService {
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly accounts: SignInAccounts,
    private readonly throttle: SignInThrottle,
  ) {}

  async signIn(input: { login: string; password: string; address: string }): Promise<SignInResult> {
    const login = input.login.trim();
    const keys: ThrottleKeys = { login, address: input.address };
    // Checked before the account is looked up: a throttled answer is the same for every login.
    const retryAfterSeconds = await this.throttle.retryAfterSeconds(keys);
    if (retryAfterSeconds !== null) {
      return { kind: 'throttled', retryAfterSeconds, message: throttledMessage(retryAfterSeconds) };
    }
    const account = login === '' ? null : await this.accounts.findByLogin(login);

    // Hash even for an unknown account, so the response time does not tell which accounts exist.
    const passwordMatches = await verifyPassword(input.password, account?.passwordHash ?? (await this.dummy()));
    if (!account || !passwordMatches) {
      await this.throttle.recordFailure(keys);
      return { kind: 'refused', message: WRONG_CREDENTIALS_MESSAGE };
    }
    if (account.disabled) return { kind: 'refused', message: DISABLED_ACCOUNT_MESSAGE };
    await this.throttle.recordSuccess(keys);
    return { kind: 'signed_in', userId: account.id };
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= hashPassword('no account has this password');
    return this.dummyHash;
  }
}

function throttledMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `Too many failed sign-in attempts. Try again in ${wait}.`;
}
