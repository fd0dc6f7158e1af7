import { Inject, Injectable } from '@nestjs/common';
import type { Clock, WebhookView } from '@gatehouse/domain';
import type { Principal } from '@gatehouse/identity';
import { Topics } from '@gatehouse/messaging';
import { CLOCK } from '@gatehouse/platform';
import { WebhookRepository } from './ports/webhook.repository';
import { webhookUpsertedMessage } from './webhook-changed-messages';
import { assertWebhookIdShape, webhookNotFound, webhookOwnerOf } from './webhook-owner';
import { WebhookPresenter } from './webhook-presenter';

/**
 * `POST .../{id}/enable` and `.../{id}/disable`. A disabled webhook is kept but gets
 * no deliveries; enabling also clears the reason of an automatic disable and the webhook's health
 * (its notices end; the next failure starts a new run). Asking for the state
 * the webhook is already in changes nothing and answers it as is.
 */
@Injectable()
export class SetWebhookDisabled {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly presenter: WebhookPresenter,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, id: string, disabled: boolean): Promise<WebhookView> {
    const ownerId = webhookOwnerOf(principal);
    assertWebhookIdShape(id);
    const now = new Date(this.clock.now());
    const webhook = await this.webhooks.transaction(async (tx) => {
      const locked = await tx.findOwnedForUpdate(ownerId, id);
      if (!locked) throw webhookNotFound();
      if (locked.disabled === disabled) return locked;
      const next = {
        ...locked,
        disabled,
        disabledReason: null,
        revision: locked.revision + 1,
        updatedAt: now,
      };
      await tx.update(next);
      if (!disabled) await tx.clearHealth(id);
      await tx.publish(Topics.webhookChanged, webhookUpsertedMessage(next, now));
      return next;
    });
    return this.presenter.view(webhook, principal);
  }
}
