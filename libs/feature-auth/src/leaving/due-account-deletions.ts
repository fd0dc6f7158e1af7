import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  OnApplicationBootstrap,
  Optional,
} from '@nestjs/common';
import type { Clock } from '@gatehouse/domain';
import { TransactionRunner } from '@gatehouse/identity';
import { CLOCK, LOGGER, PeriodicPruner } from '@gatehouse/platform';
import type { Logger } from 'pino';
import { AccountRemoval } from '../admin/account-removal';
import { AccountDeletionStore } from './ports/account-deletion.store';

/** Deletions are due by the day: a quarter of an hour late is on time. */
const INTERVAL_MS = 15 * 60_000;
const BATCH_SIZE = 50;
/** An account that cannot go yet (the last administrator of an organization) is tried a day later. */
const RETRY_MS = 86_400_000;

const SILENT = { info: () => undefined, warn: () => undefined };

/**
 * Deletes the accounts whose grace period ended, at start and every quarter of an hour, with
 * AccountRemoval (the admin's delete). Safe with several replicas: each batch locks its accounts
 * with `FOR UPDATE SKIP LOCKED`, so two replicas never take the same one. An account that became
 * an organization's only administrator meanwhile stays, tried again a day later.
 */
@Injectable()
export class DueAccountDeletions implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly pruner: PeriodicPruner<'accounts'>;

  constructor(
    private readonly deletions: AccountDeletionStore,
    private readonly removal: AccountRemoval,
    private readonly runner: TransactionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
    @Optional() @Inject(LOGGER) private readonly logger?: Logger,
  ) {
    this.pruner = new PeriodicPruner(
      { accounts: { retentionMs: 0, prune: (before, limit) => this.deleteBatch(before, limit) } },
      {
        clock,
        logger: logger ? logger.child({ component: 'account-deletions' }) : SILENT,
      },
      { intervalMs: INTERVAL_MS, batchSize: BATCH_SIZE, subject: 'accounts asked to be deleted' },
    );
  }

  /** Deletes every account due now; returns how many went. */
  async deleteDue(): Promise<number> {
    return (await this.pruner.pruneOnce()).accounts;
  }

  onApplicationBootstrap(): void {
    this.pruner.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.pruner.stop();
  }

  private deleteBatch(before: Date, limit: number): Promise<number> {
    return this.runner.run(async (tx) => {
      const due = await this.deletions.claimDue(tx, before, limit);
      let removed = 0;
      for (const account of due) {
        const result = await this.removal.remove(tx, account, 'owner');
        if (result.kind === 'removed') {
          removed += 1;
          continue;
        }
        await this.deletions.postpone(tx, account.id, new Date(this.clock.now() + RETRY_MS));
        this.logger?.warn(
          { userId: account.id, organizations: result.organizations },
          'account deletion postponed: it is the only administrator of an organization',
        );
      }
      return removed;
    });
  }
}
