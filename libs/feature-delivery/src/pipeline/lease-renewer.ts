import type { Clock } from '@gatehouse/domain';
import type { Logger } from 'pino';
import { DeliveryDispatcher } from './delivery-dispatcher';
import { LEASE_RENEWALS_PER_PERIOD, type DeliverySettings } from './delivery-settings';
import { DeliveryStore } from './ports/delivery.store';
import { type DeliveryTask, leaseRenewed, leasesOf, noteLeaseAsked } from './delivery-task';

/**
 * Keeps the leases of the deliveries this process holds (queued or being attempted) alive: every
 * quarter of the lease period they are all moved to now + leaseMs in one statement. A lease is
 * thus short (it bounds how long the deliveries of a worker that died, SIGKILL or lost node, wait
 * before another worker sends them) while an attempt may take as long as its timeout.
 *
 * The value asked for is noted on the task before the statement is sent, so an attempt recorded
 * while the renewal is under way (or whose answer was lost) still proves its ownership.
 */
export class LeaseRenewer {
  private timer?: NodeJS.Timeout;
  private renewing?: Promise<unknown>;

  constructor(
    private readonly ports: {
      store: DeliveryStore;
      dispatcher: DeliveryDispatcher<DeliveryTask>;
      clock: Clock;
      logger: Pick<Logger, 'warn'>;
    },
    private readonly settings: Pick<DeliverySettings, 'leaseMs'>,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.renewing ??= this.renewOnce()
        .catch((error: unknown) =>
          this.ports.logger.warn(
            { err: error },
            'could not renew delivery leases; retrying before they run out',
          ),
        )
        .finally(() => (this.renewing = undefined));
    }, this.settings.leaseMs / LEASE_RENEWALS_PER_PERIOD);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.renewing;
  }

  /** Renews every held lease once; returns how many the store confirmed. */
  async renewOnce(): Promise<number> {
    const { store, dispatcher, clock } = this.ports;
    const held = dispatcher.held();
    if (held.length === 0) return 0;
    const now = clock.now();
    const until = new Date(now + this.settings.leaseMs);
    const asked = held.map((task) => ({ task, leases: leasesOf(task) }));
    for (const task of held) noteLeaseAsked(task, until);
    const renewed = await store.renewLeases(
      asked.map(({ task, leases }) => ({ id: task.deliveryId, leases })),
      until,
      new Date(now),
    );
    for (const task of held) if (renewed.has(task.deliveryId)) leaseRenewed(task, until);
    return renewed.size;
  }
}
