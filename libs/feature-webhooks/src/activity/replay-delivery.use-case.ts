import { deliveryReplayRequestedEvent, Topics } from '@gatehouse/messaging';
import { Inject, Injectable } from '@nestjs/common';
import { ApiError, type Clock, isObjectId } from '@gatehouse/domain';
import type { Principal } from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import { DeliveryActivityReader } from './ports/delivery-activity.reader';
import { IdGenerator } from '../webhooks/ports/id-generator';
import { WebhookRepository } from '../webhooks/ports/webhook.repository';
import { assertWebhookIdShape, webhookNotFound, webhookOwnerOf } from '../webhooks/webhook-owner';

export interface ReplayAccepted {
  /** Id of the new delivery the worker records for the replay. */
  id: string;
  replayOf: string;
  webhookId: string;
  status: 'queued';
}

/**
 * `POST .../{id}/activity/{deliveryId}/replay`: the delivery's payload is sent again to the
 * webhook's current URL and secret (docs/hf-clients.md "Delivery"). The request goes to the
 * delivery worker through the outbox; the answer (202) names the delivery it will record.
 * A disabled webhook gets no deliveries, replays included: enable it first.
 */
@Injectable()
export class ReplayDelivery {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly deliveries: DeliveryActivityReader,
    private readonly ids: IdGenerator,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, id: string, deliveryId: string): Promise<ReplayAccepted> {
    const ownerId = webhookOwnerOf(principal);
    assertWebhookIdShape(id);
    const replayId = this.ids.newId();
    const now = new Date(this.clock.now());
    // Read before the transaction opens: the reader has its own connection, and the all-in-one's
    // embedded database has only one, which the transaction holds. Nothing of it is revealed
    // before the ownership check below.
    const original = isObjectId(deliveryId)
      ? await this.deliveries.findDelivery(id, deliveryId)
      : null;
    await this.webhooks.transaction(async (tx) => {
      const webhook = await tx.findOwnedForUpdate(ownerId, id);
      if (!webhook) throw webhookNotFound();
      if (!original) throw ApiError.notFound('Delivery not found');
      if (webhook.disabled)
        throw ApiError.conflict('The webhook is disabled; enable it to replay a delivery');
      const message = deliveryReplayRequestedEvent.encode(
        {
          replayId,
          webhookId: id,
          deliveryId,
          requestedBy: ownerId,
          requestedAt: now.toISOString(),
        },
        { key: id, id: replayId, time: now },
      );
      await tx.publish(Topics.deliveryReplay, message);
    });
    return { id: replayId, replayOf: deliveryId, webhookId: id, status: 'queued' };
  }
}
