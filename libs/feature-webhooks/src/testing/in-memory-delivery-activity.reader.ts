import type { TriggerCount } from '@gatehouse/domain';
import type { DeliveryRecord } from '../activity/ports/delivery-activity';
import {
  DeliveryActivityReader,
  type DeliveryFilter,
  type DeliveryPosition,
  OUTCOME_STATUSES,
} from '../activity/ports/delivery-activity.reader';

export class InMemoryDeliveryActivity extends DeliveryActivityReader {
  readonly deliveries: DeliveryRecord[] = [];

  add(delivery: DeliveryRecord): void {
    this.deliveries.push(delivery);
  }

  async recentDeliveries(
    webhookId: string,
    limit: number,
    before?: DeliveryPosition,
    filter: DeliveryFilter = {},
  ): Promise<DeliveryRecord[]> {
    return this.deliveries
      .filter((delivery) => delivery.webhookId === webhookId && matches(delivery, filter))
      .filter(
        (delivery) =>
          !before ||
          delivery.createdAt.getTime() < before.createdAt.getTime() ||
          (delivery.createdAt.getTime() === before.createdAt.getTime() && delivery.id < before.id),
      )
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
      .slice(0, limit);
  }

  async findDelivery(webhookId: string, deliveryId: string): Promise<DeliveryRecord | null> {
    return (
      this.deliveries.find(
        (delivery) => delivery.webhookId === webhookId && delivery.id === deliveryId,
      ) ?? null
    );
  }

  async failedUnreplayedSince(webhookId: string, since: Date, limit: number): Promise<string[]> {
    return this.deliveries
      .filter(
        (delivery) =>
          delivery.webhookId === webhookId &&
          delivery.createdAt >= since &&
          OUTCOME_STATUSES.failed.includes(delivery.status) &&
          !this.deliveries.some((other) => other.replayOf === delivery.id),
      )
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      .slice(0, limit)
      .map((delivery) => delivery.id);
  }

  async triggerCounts(webhookId: string, since: Date, bucketMs: number): Promise<TriggerCount[]> {
    const counts = new Map<number, number>();
    for (const delivery of this.deliveries) {
      if (
        delivery.webhookId !== webhookId ||
        delivery.createdAt < since ||
        delivery.status === 'rate_limited'
      )
        continue;
      const bucket = Math.floor(delivery.createdAt.getTime() / bucketMs) * bucketMs;
      counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
    }
    return [...counts].map(([bucketStart, count]) => ({ bucketStart, count }));
  }
}

function matches(delivery: DeliveryRecord, filter: DeliveryFilter): boolean {
  const event = delivery.payload.event as { scope?: unknown } | undefined;
  const repo = delivery.payload.repo as { name?: unknown } | undefined;
  const scope = typeof event?.scope === 'string' ? event.scope : null;
  return (
    (!filter.outcome || OUTCOME_STATUSES[filter.outcome].includes(delivery.status)) &&
    (!filter.scope ||
      (scope !== null && (scope === filter.scope || scope.startsWith(`${filter.scope}.`)))) &&
    (!filter.repo || repo?.name === filter.repo) &&
    (!filter.since || delivery.createdAt >= filter.since) &&
    (!filter.until || delivery.createdAt < filter.until)
  );
}
