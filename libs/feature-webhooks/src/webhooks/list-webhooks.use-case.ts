import { Injectable } from '@nestjs/common';
import type { WebhookView } from '@gatehouse/domain';
import type { Principal } from '@gatehouse/identity';
import { WebhookRepository } from './ports/webhook.repository';
import { webhookOwnerOf } from './webhook-owner';
import { WebhookPresenter } from './webhook-presenter';

/** `GET /api/settings/webhooks`: the caller's own webhooks only. */
@Injectable()
export class ListWebhooks {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly presenter: WebhookPresenter,
  ) {}

  async execute(principal: Principal): Promise<WebhookView[]> {
    const webhooks = await this.webhooks.listOwned(webhookOwnerOf(principal));
    return webhooks.map((webhook) => this.presenter.view(webhook, principal));
  }
}
