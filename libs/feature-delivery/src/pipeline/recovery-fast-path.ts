import type { Logger } from 'pino';
import { DeliveryStore } from './ports/delivery.store';

/** Retries brought forward go out one every this many milliseconds per webhook, oldest first. */
const HASTENED_SPACING_MS = 10;
/** A webhook's retries are brought forward at most this often, whatever succeeds meanwhile. */
const MIN_INTERVAL_MS = 5_000;
/** Webhooks remembered as failing by one process; the oldest are forgotten first. */
const MAX_TRACKED = 10_000;

/**
 * Recovery without waiting out the schedule: once a delivery to a webhook succeeds again after
 * failures (a retry that succeeded, or a success of a webhook this process saw fail), the
 * webhook's deliveries waiting in back-off are made due now, in the order they were created and
 * spaced out (DeliveryStore.hastenRetries), so the retry scheduler sends them within seconds
 * instead of minutes or hours later. Only deliveries waiting beyond any lease are moved, never one
 * a worker holds. The lanes still send one request at a time per webhook and repository.
 */
export class RecoveryFastPath {
  private readonly failing = new Map<string, number>();
  private readonly hastenedAt = new Map<string, number>();

  constructor(
    private readonly ports: {
      store: DeliveryStore;
      logger: Pick<Logger, 'info' | 'warn'>;
    },
    private readonly leaseMs: number,
  ) {}

  /** An attempt to the webhook failed at `now`. */
  failed(webhookId: string, now: number): void {
    remember(this.failing, webhookId, now);
  }

  /** An attempt to the webhook succeeded at `now`; `retry`: it was not the delivery's first. */
  async succeeded(webhookId: string, retry: boolean, now: number): Promise<void> {
    const sawFailing = this.failing.delete(webhookId);
    if (!retry && !sawFailing) return;
    const last = this.hastenedAt.get(webhookId);
    if (last !== undefined && now - last < MIN_INTERVAL_MS) return;
    remember(this.hastenedAt, webhookId, now);
    try {
      const hastened = await this.ports.store.hastenRetries(
        webhookId,
        new Date(now),
        new Date(now + this.leaseMs),
        HASTENED_SPACING_MS,
      );
      if (hastened > 0)
        this.ports.logger.info(
          { webhookId, hastened },
          'receiver answering again: its waiting retries brought forward',
        );
    } catch (error) {
      // They stay on their schedule: the next success of the webhook tries again.
      this.hastenedAt.delete(webhookId);
      this.ports.logger.warn({ err: error, webhookId }, 'could not bring retries forward');
    }
  }
}

function remember(map: Map<string, number>, key: string, value: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_TRACKED) map.delete(map.keys().next().value!);
}
