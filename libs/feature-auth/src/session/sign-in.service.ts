import { Injectable, Optional } from '@nestjs/common';
import { hashPassword, passwordNeedsRehash, verifyPassword } from '@gatehouse/crypto';
import { deviceNameOf } from '@gatehouse/domain';
import { NewBrowserNotice } from './ports/new-browser-notice';
import { KnownDevices } from './known-devices';
import { SignInAccount, SignInAccounts } from './ports/sign-in-accounts';
import { type KnownDevice, SignInThrottle } from './sign-in-throttle';

export type SignInResult =
  | { kind: 'signed_in'; userId: string; deviceToken: string; deletionCancelled?: true }
  | { kind: 'refused'; message: string }
  | { kind: 'throttled'; retryAfterSeconds: number; message: string };

export interface SignInForm {
  login: string;
  password: string;
  /** The exact client address (clientAddressOf). */
  address: string;
  /** The browser's device cookie, if it has one. */
  deviceToken: string | null;
  /** The browser's User-Agent, for the notice of a sign-in from a new browser. */
  userAgent?: string;
}

export const WRONG_CREDENTIALS_MESSAGE = 'Incorrect username, email or password.';
export const DISABLED_ACCOUNT_MESSAGE = 'This account is disabled. Contact your administrator.';

/**
 * Checks a sign-in form: the throttle decides first whether the password is checked at all
 * (SignInThrottle), the answer and about the time are the same whether the account exists or the
 * password is wrong, and a disabled account is refused (told only to someone who knows its
 * password). A successful sign-in makes the browser known to the account (KnownDevices), which
 * keeps its owner's way in whatever others try.
 */
@Injectable()
export class SignInService {
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly accounts: SignInAccounts,
    private readonly throttle: SignInThrottle,
    private readonly knownDevices: KnownDevices,
    @Optional() private readonly newBrowser?: NewBrowserNotice,
  ) {}

  async signIn(form: SignInForm): Promise<SignInResult> {
    const login = form.login.trim();
    // Whether the browser is known needs the account; without a device cookie the account is
    // looked up only once the attempt is admitted.
    let account: SignInAccount | null | undefined;
    let knownDevice: KnownDevice | null = null;
    if (form.deviceToken !== null) {
      account = await this.findAccount(login);
      knownDevice = await this.knownDevices.find(account?.id ?? null, form.deviceToken);
    }
    const admission = await this.throttle.admit({ login, address: form.address, knownDevice });
    if (!admission.admitted) {
      return {
        kind: 'throttled',
        retryAfterSeconds: admission.retryAfterSeconds,
        message: throttledMessage(admission.retryAfterSeconds),
      };
    }
    let passwordMatches: boolean;
    try {
      account ??= await this.findAccount(login);
      // Hash even for an unknown account, so the response time does not tell which accounts exist.
      passwordMatches = await verifyPassword(
        form.password,
        account?.passwordHash ?? (await this.dummy()),
      );
    } catch (error) {
      await this.throttle.abandoned(admission.pass).catch(() => undefined);
      throw error;
    }
    if (!account || !passwordMatches) {
      await this.throttle.failed(admission.pass);
      return { kind: 'refused', message: WRONG_CREDENTIALS_MESSAGE };
    }
    if (account.disabled) {
      await this.throttle.succeeded(admission.pass);
      return { kind: 'refused', message: DISABLED_ACCOUNT_MESSAGE };
    }
    // Independent writes, one round trip of waiting instead of one after another.
    await Promise.all([
      this.throttle.succeeded(admission.pass),
      // A hash made at an earlier cost is stored again at today's, once, while the password is at hand.
      passwordNeedsRehash(account.passwordHash) && this.rehash(account, form.password),
      // Looked up above whenever the browser has a device cookie: null is a browser new to the account.
      knownDevice === null &&
        this.newBrowser?.tell(account.id, {
          device: deviceNameOf(form.userAgent),
          address: form.address,
        }),
    ]);
    const deviceToken = await this.knownDevices.remember(account.id, form.deviceToken);
    if (!account.deletionPending) return { kind: 'signed_in', userId: account.id, deviceToken };
    await this.accounts.cancelDeletion(account.id);
    return { kind: 'signed_in', userId: account.id, deviceToken, deletionCancelled: true };
  }

  private async rehash(account: SignInAccount, password: string): Promise<void> {
    const next = await hashPassword(password);
    await this.accounts.replacePasswordHash(account.id, account.passwordHash, next);
  }

  private findAccount(login: string): Promise<SignInAccount | null> {
    return login === '' ? Promise.resolve(null) : this.accounts.findByLogin(login);
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= hashPassword('no account has this password');
    return this.dummyHash;
  }
}

function throttledMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const wait =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `Too many failed sign-in attempts. Try again in ${wait}.`;
}
