import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@gatehouse/domain';
import {
  AccountReader,
  RandomSource,
  type Transaction,
  TransactionRunner,
} from '@gatehouse/identity';
import type { AccountMailTemplate } from '@gatehouse/messaging';
import { CLOCK } from '@gatehouse/platform';
import { AccountMailRequests } from '../accounts/account-mail-requests';
import { type SecurityEventKind, SecurityEventStore } from './ports/security-event.store';

/** The kinds whose e-mail this class sends; the others' mail is sent where they happen. */
const MAILED: Partial<Record<SecurityEventKind, AccountMailTemplate>> = {
  new_browser_sign_in: 'new_browser_sign_in',
  factor_added: 'factor_added',
  factor_removed: 'factor_removed',
  token_revoked_by_organization: 'token_revoked_by_organization',
};

/**
 * Security notices (docs/security.md "Security notices"): an entry on the account page for each
 * event, and an e-mail through the account mail outbox for those that have no mail of their own
 * already (a password or address change, a leaked token each send theirs). Written in the
 * caller's transaction, so a notice exists if and only if what it tells about happened.
 */
@Injectable()
export class SecurityNotices {
  constructor(
    private readonly events: SecurityEventStore,
    private readonly mails: AccountMailRequests,
    private readonly accounts: AccountReader,
    private readonly random: RandomSource,
    private readonly runner: TransactionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * `id` names an event told from a message (its notice id), so the message read twice tells
   * once; without it the event is new.
   */
  async record(
    tx: Transaction,
    userId: string,
    kind: SecurityEventKind,
    details: Record<string, string> = {},
    id?: string,
  ): Promise<void> {
    const now = this.clock.now();
    const added = await this.events.add(tx, {
      id: id ?? this.random.id(now),
      userId,
      kind,
      details,
      createdAt: new Date(now),
    });
    const template = MAILED[kind];
    if (!added) return;
    if (template === undefined) return;
    const user = await this.accounts.findUser(userId, tx);
    if (user?.email)
      await this.mails.request(tx, { template, userId, username: user.username, to: user.email });
  }

  /** For what happened outside a transaction (a sign-in). */
  recordAlone(userId: string, kind: SecurityEventKind, details?: Record<string, string>) {
    return this.runner.run((tx) => this.record(tx, userId, kind, details));
  }

  /** For what another service told (an event read at least once): once per `id`. */
  recordOnce(userId: string, kind: SecurityEventKind, details: Record<string, string>, id: string) {
    return this.runner.run((tx) => this.record(tx, userId, kind, details, id));
  }

  /** The one call the second-factor feature makes when a factor is added or removed. */
  factorChanged(
    tx: Transaction,
    userId: string,
    change: 'added' | 'removed',
    factor: string,
  ): Promise<void> {
    return this.record(tx, userId, change === 'added' ? 'factor_added' : 'factor_removed', {
      factor,
    });
  }
}
