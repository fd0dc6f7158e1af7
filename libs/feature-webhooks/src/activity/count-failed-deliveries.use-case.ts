import { Injectable } from '@nestjs/common';
import type { Principal } from '@gatehouse/identity';
import { DeliveryActivityReader } from './ports/delivery-activity.reader';
import { WebhookRepository } from '../webhooks/ports/webhook.repository';
import { assertWebhookIdShape, webhookNotFound, webhookOwnerOf } from '../webhooks/webhook-owner';
import { MAX_BULK_REPLAY } from './replay-failed-deliveries.use-case';

export interface FailedSinceCount {
  webhookId: string;
  since: string;
  /** Failed deliveries since then not replayed yet (at most the most one bulk replay queues). */
  failed: number;
}

/**
 * `GET …/activity/replay-failed?since=`: how many deliveries "Replay all failed since …" would
 * replay (ReplayFailedDeliveries), for the confirmation before it starts.
 */
@Injectable()
export class CountFailedDeliveries {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly deliveries: DeliveryActivityReader,
  ) {}

  async execute(principal: Principal, id: string, since: Date): Promise<FailedSinceCount> {
    const ownerId = webhookOwnerOf(principal);
    assertWebhookIdShape(id);
    if (!(await this.webhooks.findOwned(ownerId, id))) throw webhookNotFound();
    const failed = await this.deliveries.failedUnreplayedSince(id, since, MAX_BULK_REPLAY);
    return { webhookId: id, since: since.toISOString(), failed: failed.length };
  }
}
