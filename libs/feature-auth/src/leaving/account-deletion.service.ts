import { Inject, Injectable } from '@nestjs/common';
import { verifyPassword } from '@gatehouse/crypto';
import type { Clock } from '@gatehouse/domain';
import { TransactionRunner } from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import { AccountRequestThrottle } from '../accounts/account-request-throttle';
import { ACCOUNTS_OPTIONS, type AccountsOptions } from '../accounts/accounts-options';
import type { Throttled } from '../accounts/password.service';
import { OwnAccountRepository } from '../accounts/ports/own-account.repository';
import { AdminAccountStore } from '../admin/ports/admin-account.store';
import { SignOutEverywhere } from '../session/sign-out-everywhere';
import { AccountDeletionStore } from './ports/account-deletion.store';
import { SecondFactorCheck } from './ports/second-factor-check';

const DAY_MS = 86_400_000;

export type DeletionRequestResult =
  | { kind: 'scheduled'; dueAt: Date }
  | { kind: 'wrong_password' }
  | { kind: 'second_factor_required' }
  | { kind: 'wrong_second_factor' }
  /** The owner is the only administrator of these organizations (by name). */
  | { kind: 'ownerless'; organizations: string[] }
  | Throttled;

/**
 * "Delete my account" (docs/security.md "Leaving"): the password (and the second factor, once
 * there is one) asked again; refused while the owner is the only administrator of an
 * organization; then the account is signed out everywhere and deleted when the grace period
 * (GATEHOUSE_ACCOUNT_DELETION_GRACE_DAYS) ends, unless its owner signs in before
 * (SignInService calls the deletion off). DueAccountDeletions deletes it.
 */
@Injectable()
export class AccountDeletionService {
  constructor(
    private readonly accounts: OwnAccountRepository,
    private readonly admins: AdminAccountStore,
    private readonly deletions: AccountDeletionStore,
    private readonly factors: SecondFactorCheck,
    private readonly throttle: AccountRequestThrottle,
    private readonly signOut: SignOutEverywhere,
    private readonly runner: TransactionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ACCOUNTS_OPTIONS) private readonly options: AccountsOptions,
  ) {}

  async request(
    userId: string,
    password: string,
    secondFactorCode: string | undefined,
    address: string,
  ): Promise<DeletionRequestResult> {
    const account = await this.accounts.findById(userId);
    if (!account) return { kind: 'wrong_password' };
    const wait = await this.throttle.admit('change', address, `user:${userId}`);
    if (wait !== null) return { kind: 'throttled', retryAfterSeconds: wait };
    if (!(await verifyPassword(password, account.passwordHash))) return { kind: 'wrong_password' };
    const factor = await this.factors.check(userId, secondFactorCode);
    if (factor === 'missing') return { kind: 'second_factor_required' };
    if (factor === 'wrong') return { kind: 'wrong_second_factor' };
    const dueAt = new Date(this.clock.now() + this.options.deletionGraceDays * DAY_MS);
    return this.runner.run(async (tx) => {
      const organizations = await this.admins.organizationsOnlyAdministeredBy(tx, userId);
      if (organizations.length > 0) return { kind: 'ownerless', organizations };
      await this.signOut.everywhere(tx, userId);
      await this.deletions.schedule(tx, userId, dueAt);
      return { kind: 'scheduled', dueAt };
    });
  }
}
