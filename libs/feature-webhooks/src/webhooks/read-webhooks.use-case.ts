import { Injectable } from '@nestjs/common';
import type { WebhookView } from '@gatehouse/domain';
import type { Principal } from '@gatehouse/identity';
import { WebhookRepository } from './ports/webhook-repository';
import { assertWebhookIdShape, webhookNotFound, webhookOwnerOf } from './webhook-owner';
import { WebhookPresenter } from './webhook-presenter';

/** `GET /api/settings/webhooks` and `GET .../{id}`: the caller's own webhooks only (others': 404). */
@Injectable()
export class ReadWebhooks {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly presenter: WebhookPresenter,
  ) {}

  async list(principal: Principal): Promise<WebhookView[]> {
    const webhooks = await this.webhooks.listOwned(webhookOwnerOf(principal));
    return webhooks.map((webhook) => this.presenter.view(webhook, principal));
  }

  async get(principal: Principal, id: string): Promise<WebhookView> {
    const ownerId = webhookOwnerOf(principal);
    assertWebhookIdShape(id);
    const webhook = await this.webhooks.findOwned(ownerId, id);
    if (!webhook) throw webhookNotFound();
    return this.presenter.view(webhook, principal);
  }
}
