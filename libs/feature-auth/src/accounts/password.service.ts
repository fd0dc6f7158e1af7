import { Inject, Injectable } from '@nestjs/common';
import { hashPassword, verifyPassword } from '@gatehouse/crypto';
import {
  type AccountRuleViolation,
  type Clock,
  emailViolation,
  normalizedEmail,
  passwordViolation,
} from '@gatehouse/domain';
import { TransactionRunner } from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import { AccountLinks } from './account-links';
import { AccountMailRequests } from './account-mail-requests';
import { AccountRequestThrottle } from './account-request-throttle';
import { SecurityNotices } from '../security-notices/security-notices';
import { SignOutEverywhere } from '../session/sign-out-everywhere';
import { OwnAccountRepository } from './ports/own-account.repository';

export type Throttled = { kind: 'throttled'; retryAfterSeconds: number };

export type ResetPasswordResult =
  | { kind: 'reset' }
  | { kind: 'invalid_link' }
  | { kind: 'invalid'; violation: AccountRuleViolation }
  | Throttled;

export type ChangePasswordResult =
  | { kind: 'changed' }
  | { kind: 'wrong_password' }
  | { kind: 'invalid'; violation: AccountRuleViolation }
  | Throttled;

export type ChangeEmailResult =
  | { kind: 'sent'; email: string }
  | { kind: 'wrong_password' }
  | { kind: 'invalid'; violation: AccountRuleViolation }
  | Throttled;

/**
 * "Forgot password?", and the changes a signed-in person makes to their own password and address.
 * A reset link is asked for by address with one answer whatever exists; using it sets the
 * password, confirms the address it was sent to, revokes every OAuth token and ends every
 * session. A change of password needs the current one and signs out every other browser and
 * every app; a change of address needs the password,
 * and takes effect when the new address confirms it (SignUpService.confirmEmail), the old one
 * then told.
 */
@Injectable()
export class PasswordService {
  constructor(
    private readonly accounts: OwnAccountRepository,
    private readonly links: AccountLinks,
    private readonly mails: AccountMailRequests,
    private readonly throttle: AccountRequestThrottle,
    private readonly signOuts: SignOutEverywhere,
    private readonly notices: SecurityNotices,
    private readonly runner: TransactionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Mails a reset link when a person's account has `email`; the caller answers the same either way. */
  async requestReset(email: string, address: string): Promise<{ kind: 'sent' } | Throttled> {
    const typed = email.trim();
    const wait = await this.throttle.admit('reset', address, normalizedEmail(typed));
    if (wait !== null) return { kind: 'throttled', retryAfterSeconds: wait };
    if (emailViolation(typed)) return { kind: 'sent' };
    const account = await this.accounts.findByEmail(typed);
    if (!account || account.disabled) return { kind: 'sent' };
    await this.runner.run(async (tx) => {
      await this.links.voidOthers(tx, account.id, 'reset_password');
      const token = await this.links.create(tx, 'reset_password', account.id, account.email);
      await this.mails.request(tx, {
        template: 'reset_password',
        userId: account.id,
        username: account.username,
        to: account.email,
        token,
      });
    });
    return { kind: 'sent' };
  }

  /** Whether `token` is a live reset link (the page shows its form). */
  async resetIsLive(token: unknown): Promise<boolean> {
    return (await this.links.find(token, 'reset_password')) !== null;
  }

  async resetPassword(
    token: unknown,
    password: string,
    address: string,
  ): Promise<ResetPasswordResult> {
    const wait = await this.throttle.admit('reset', address, 'reset-link');
    if (wait !== null) return { kind: 'throttled', retryAfterSeconds: wait };
    const link = await this.links.find(token, 'reset_password');
    const account = link?.userId ? await this.accounts.findById(link.userId) : null;
    if (!account || account.disabled) return { kind: 'invalid_link' };
    // Checked before the link is used, so a refused password leaves it working.
    const violation = passwordViolation(password, account);
    if (violation) return { kind: 'invalid', violation };
    const passwordHash = await hashPassword(password);
    const reset = await this.runner.run(async (tx) => {
      const redeemed = await this.links.redeem(tx, token, 'reset_password');
      if (!redeemed) return false;
      await this.accounts.setPassword(tx, account.id, passwordHash);
      // The link reached this address: it is the account's, confirmed.
      if (!account.emailConfirmed && redeemed.email !== null)
        await this.accounts.confirmEmail(
          tx,
          account.id,
          redeemed.email,
          new Date(this.clock.now()),
        );
      await this.signOuts.revokeTokens(tx, account.id);
      await this.notices.record(tx, account.id, 'password_changed');
      await this.mails.request(tx, {
        template: 'password_changed',
        userId: account.id,
        username: account.username,
        to: account.email,
      });
      return true;
    });
    if (!reset) return { kind: 'invalid_link' };
    await this.signOuts.endSessions(account.id);
    return { kind: 'reset' };
  }

  /** Signs the account out everywhere but the browser that changed it (`keepSessionId`, its cookie value). */
  async changePassword(
    userId: string,
    current: string,
    next: string,
    address: string,
    keepSessionId?: string,
  ): Promise<ChangePasswordResult> {
    const account = await this.accounts.findById(userId);
    if (!account) return { kind: 'wrong_password' };
    const wait = await this.throttle.admit('change', address, `user:${userId}`);
    if (wait !== null) return { kind: 'throttled', retryAfterSeconds: wait };
    if (!(await verifyPassword(current, account.passwordHash))) return { kind: 'wrong_password' };
    const violation = passwordViolation(next, account);
    if (violation) return { kind: 'invalid', violation };
    const passwordHash = await hashPassword(next);
    await this.runner.run(async (tx) => {
      await this.accounts.setPassword(tx, account.id, passwordHash);
      await this.signOuts.revokeTokens(tx, account.id);
      await this.notices.record(tx, account.id, 'password_changed');
      await this.mails.request(tx, {
        template: 'password_changed',
        userId: account.id,
        username: account.username,
        to: account.email,
      });
    });
    await this.signOuts.endSessions(account.id, keepSessionId);
    return { kind: 'changed' };
  }

  async changeEmail(
    userId: string,
    password: string,
    email: string,
    address: string,
  ): Promise<ChangeEmailResult> {
    const account = await this.accounts.findById(userId);
    if (!account) return { kind: 'wrong_password' };
    const next = email.trim();
    const violation = emailViolation(next);
    if (violation) return { kind: 'invalid', violation };
    const wait = await this.throttle.admit('change', address, `user:${userId}`);
    if (wait !== null) return { kind: 'throttled', retryAfterSeconds: wait };
    if (!(await verifyPassword(password, account.passwordHash))) return { kind: 'wrong_password' };
    const taken = await this.accounts.findByEmail(next);
    await this.runner.run(async (tx) => {
      if (taken && taken.id !== account.id) {
        // The same answer as for a free address; only the address's owner learns it is in use.
        await this.mails.request(tx, {
          template: 'account_exists',
          userId: null,
          username: null,
          to: next,
        });
        return;
      }
      await this.links.voidOthers(tx, account.id, 'confirm_email');
      const token = await this.links.create(tx, 'confirm_email', account.id, next);
      await this.mails.request(tx, {
        template: 'confirm_new_email',
        userId: account.id,
        username: account.username,
        to: next,
        token,
      });
    });
    return { kind: 'sent', email: next };
  }
}
