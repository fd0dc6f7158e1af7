import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@gatehouse/domain';
import type { Principal } from '@gatehouse/identity';
import { Topics } from '@gatehouse/messaging';
import { CLOCK } from '@gatehouse/platform';
import { WebhookRepository } from './ports/webhook.repository';
import { webhookDeletedMessage } from './webhook-changed-messages';
import { assertWebhookIdShape, webhookNotFound, webhookOwnerOf } from './webhook-owner';

/**
 * `DELETE /api/settings/webhooks/{id}`: permanent. The webhook's delivery records go
 * with it, and the `deleted` event makes the worker drop it and cancel its pending retries.
 */
@Injectable()
export class DeleteWebhook {
  constructor(
    private readonly webhooks: WebhookRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, id: string): Promise<void> {
    const ownerId = webhookOwnerOf(principal);
    assertWebhookIdShape(id);
    const now = new Date(this.clock.now());
    await this.webhooks.transaction(async (tx) => {
      const locked = await tx.findOwnedForUpdate(ownerId, id);
      if (!locked) throw webhookNotFound();
      await tx.delete(id);
      await tx.publish(
        Topics.webhookChanged,
        webhookDeletedMessage(locked, locked.revision + 1, now),
      );
    });
  }
}
