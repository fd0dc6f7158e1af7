import { deliveryReplayRequestedEvent, Topics } from '@gatehouse/messaging';
import { Inject, Injectable } from '@nestjs/common';
import { ApiError, type Clock } from '@gatehouse/domain';
import type { Principal } from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import { DeliveryActivityReader } from './ports/delivery-activity.reader';
import { IdGenerator } from '../webhooks/ports/id-generator';
import { WebhookRepository } from '../webhooks/ports/webhook.repository';
import { assertWebhookIdShape, webhookNotFound, webhookOwnerOf } from '../webhooks/webhook-owner';

/** The most failed deliveries one "replay all failed" queues; the trigger limit applies to each. */
export const MAX_BULK_REPLAY = 1000;

export interface BulkReplayAccepted {
  webhookId: string;
  since: string;
  /** How many replays were queued, each a new delivery in the activity. */
  queued: number;
}

/**
 * "Replay all failed since …": `POST …/activity/replay-failed?since=` queues a replay of each of the
 * webhook's failed deliveries since then that no delivery replays yet (CountFailedDeliveries
 * counts them), oldest first, through the outbox as a single replay is (the worker applies the
 * trigger limit to each).
 */
@Injectable()
export class ReplayFailedDeliveries {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly deliveries: DeliveryActivityReader,
    private readonly ids: IdGenerator,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, id: string, since: Date): Promise<BulkReplayAccepted> {
    const ownerId = webhookOwnerOf(principal);
    assertWebhookIdShape(id);
    const now = new Date(this.clock.now());
    // Read before the transaction (see ReplayDelivery): nothing is revealed before the ownership check.
    const failed = await this.deliveries.failedUnreplayedSince(id, since, MAX_BULK_REPLAY);
    await this.webhooks.transaction(async (tx) => {
      const webhook = await tx.findOwnedForUpdate(ownerId, id);
      if (!webhook) throw webhookNotFound();
      if (webhook.disabled)
        throw ApiError.conflict('The webhook is disabled; enable it to replay its deliveries');
      for (const deliveryId of failed) {
        const replayId = this.ids.newId();
        await tx.publish(
          Topics.deliveryReplay,
          deliveryReplayRequestedEvent.encode(
            {
              replayId,
              webhookId: id,
              deliveryId,
              requestedBy: ownerId,
              requestedAt: now.toISOString(),
            },
            { key: id, id: replayId, time: now },
          ),
        );
      }
    });
    return { webhookId: id, since: since.toISOString(), queued: failed.length };
  }
}
