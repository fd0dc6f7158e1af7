import { Injectable } from '@nestjs/common';
import type { Principal } from '@gatehouse/identity';
import type { WebhookHealthView } from '@gatehouse/settings-api';
import { assertWebhookIdShape, webhookNotFound, webhookOwnerOf } from '../webhooks/webhook-owner';
import { WebhookHealthReader } from './ports/webhook-health.reader';
import { webhookHealthView } from './webhook-health-view';

/** `GET /api/settings/webhooks/{id}/health`: one of the caller's webhooks (anyone else's: 404). */
@Injectable()
export class GetWebhookHealth {
  constructor(private readonly health: WebhookHealthReader) {}

  async execute(principal: Principal, id: string): Promise<WebhookHealthView> {
    const ownerId = webhookOwnerOf(principal);
    assertWebhookIdShape(id);
    const record = await this.health.ofOwned(ownerId, id);
    if (!record) throw webhookNotFound();
    return webhookHealthView(record);
  }
}
