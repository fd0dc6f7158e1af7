import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@gatehouse/domain';
import { OutboxWriter, PrincipalInvalidator, type Transaction } from '@gatehouse/identity';
import { accountDeletedEvent, Topics } from '@gatehouse/messaging';
import { CLOCK } from '@gatehouse/platform';
import { SignOutEverywhere } from '../session/sign-out-everywhere';
import { AdminAccountStore } from './ports/admin-account.store';

export type AccountRemovalResult =
  | { kind: 'removed' }
  /** The user is the only administrator of these organizations (by name): nothing was done. */
  | { kind: 'ownerless'; organizations: string[] };

/**
 * The one way an account is deleted, by a platform administrator or, after the grace period, at
 * its owner's request: refused while it is the only administrator of an organization (which would
 * be left ownerless); otherwise signed out everywhere (its apps told), the row deleted with, by
 * cascade, every token, consent, listed session, membership, webhook and app of the user, and
 * `account.deleted` written to the outbox, all in the caller's transaction.
 */
@Injectable()
export class AccountRemoval {
  constructor(
    private readonly accounts: AdminAccountStore,
    private readonly principals: PrincipalInvalidator,
    private readonly signOut: SignOutEverywhere,
    private readonly outbox: OutboxWriter,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async remove(
    tx: Transaction,
    user: { id: string; username: string },
    deletedBy: 'owner' | 'admin',
  ): Promise<AccountRemovalResult> {
    const organizations = await this.accounts.organizationsOnlyAdministeredBy(tx, user.id);
    if (organizations.length > 0) return { kind: 'ownerless', organizations };
    // Its tokens go with the row: their cached principals are marked stale while they still exist.
    await this.principals.accountChanged(user.id);
    await this.signOut.everywhere(tx, user.id);
    await this.accounts.deleteUser(tx, user.id);
    const now = new Date(this.clock.now());
    const message = accountDeletedEvent.encode(
      {
        userId: user.id,
        username: user.username,
        deletedBy,
        deletedAt: now.toISOString(),
      },
      { key: user.id, time: now },
    );
    await this.outbox.append(tx, { topic: Topics.accountEvents, ...message });
    return { kind: 'removed' };
  }
}

/** The 409 message of an account that would leave organizations without an administrator. */
export function ownerlessMessage(username: string, organizations: string[]): string {
  return `${username} is the only administrator of ${organizations.join(', ')}: give the organization another administrator first`;
}
