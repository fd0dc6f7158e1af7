import type { TriggerCount } from '@gatehouse/domain';
import type { DeliveryRecord } from '../activity/ports/delivery-activity';
import {
  DeliveryActivityReader,
  type DeliveryPosition,
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
  ): Promise<DeliveryRecord[]> {
    return this.deliveries
      .filter((delivery) => delivery.webhookId === webhookId)
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
