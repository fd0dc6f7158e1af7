import { Injectable } from '@nestjs/common';
import type { WebhookView } from '@gatehouse/domain';
import type { Principal } from '@gatehouse/identity';
import { WebhookRepository } from './ports/webhook.repository';
import { assertWebhookIdShape, webhookNotFound, webhookOwnerOf } from './webhook-owner';
import { WebhookPresenter } from './webhook-presenter';

/** `GET /api/settings/webhooks/{id}`: one of the caller's own webhooks (anyone else's: 404). */
@Injectable()
export class GetWebhook {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly presenter: WebhookPresenter,
  ) {}

  async execute(principal: Principal, id: string): Promise<WebhookView> {
    const ownerId = webhookOwnerOf(principal);
    assertWebhookIdShape(id);
    const webhook = await this.webhooks.findOwned(ownerId, id);
    if (!webhook) throw webhookNotFound();
    return this.presenter.view(webhook, principal);
  }
}
