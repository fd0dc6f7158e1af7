import { Injectable } from '@nestjs/common';
import type { Principal } from '@gatehouse/identity';
import type { WebhookNoticesPage } from '@gatehouse/settings-api';
import { webhookOwnerOf } from '../webhooks/webhook-owner';
import { WebhookHealthReader } from './ports/webhook-health.reader';
import { webhookHealthView } from './webhook-health-view';

/** `GET /api/settings/webhooks/notices`: the caller's failing or disabled webhooks, for the settings home. */
@Injectable()
export class ListWebhookNotices {
  constructor(private readonly health: WebhookHealthReader) {}

  async execute(principal: Principal): Promise<WebhookNoticesPage> {
    const records = await this.health.listOwnedUnhealthy(webhookOwnerOf(principal));
    return { notices: records.map(webhookHealthView) };
  }
}
