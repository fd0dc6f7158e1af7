import { Injectable } from '@nestjs/common';
import { ApiError, deliveryHeaders, isObjectId, payloadBody } from '@gatehouse/domain';
import type { Principal } from '@gatehouse/identity';
import type { DeliveryRecord } from './ports/delivery-activity';
import { type StoredWebhook, webhookKind } from '../webhooks/ports/stored-webhook';
import { DeliveryActivityReader } from './ports/delivery-activity.reader';
import { WebhookRepository } from '../webhooks/ports/webhook.repository';
import type { DeliveryDetailView, DeliveryRequestView } from '@gatehouse/settings-api';
import { toDeliveryView } from './webhook-activity-view';
import { assertWebhookIdShape, webhookNotFound, webhookOwnerOf } from '../webhooks/webhook-owner';

/** Stands for the secret and the signature made with it: the activity view never shows either. */
const MASKED = '********';

/**
 * `GET /api/settings/webhooks/{id}/activity/{deliveryId}`: one delivery with its payload, the
 * request's headers as the delivery worker builds them (`deliveryHeaders`, the same function) with
 * the secret and signature masked, the body exactly as signed, and every attempt with the start of its answer. The timestamp
 * header is the last attempt's; the worker stamps each attempt anew.
 */
@Injectable()
export class GetDeliveryDetail {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly deliveries: DeliveryActivityReader,
  ) {}

  async execute(principal: Principal, id: string, deliveryId: string): Promise<DeliveryDetailView> {
    const ownerId = webhookOwnerOf(principal);
    assertWebhookIdShape(id);
    const webhook = await this.webhooks.findOwned(ownerId, id);
    if (!webhook) throw webhookNotFound();
    const delivery = isObjectId(deliveryId)
      ? await this.deliveries.findDelivery(id, deliveryId)
      : null;
    if (!delivery) throw ApiError.notFound('Delivery not found');
    return { ...toDeliveryView(delivery), request: requestOf(webhook, delivery) };
  }
}

function requestOf(webhook: StoredWebhook, delivery: DeliveryRecord): DeliveryRequestView | null {
  if (webhookKind(webhook) === 'job' || webhook.url === null) return null;
  const stampedAt = delivery.attemptLog.at(-1)?.startedAt ?? delivery.createdAt;
  // The bytes the worker signs: the stored payload in the payload's key order, not the jsonb's.
  const body = payloadBody(delivery.payload);
  const headers = deliveryHeaders({
    messageId: delivery.id,
    timestampSeconds: Math.floor(stampedAt.getTime() / 1000),
    body,
    secret: webhook.sealedSecret === null ? null : MASKED,
    // A rotation's overlap running at that attempt: two signatures went out, one per secret.
    previousSecret:
      webhook.previousSecret && stampedAt < webhook.previousSecret.until ? MASKED : null,
    userAgent: MASKED,
  });
  delete headers['user-agent'];
  const signatures = headers['webhook-signature'];
  if (signatures !== undefined)
    headers['webhook-signature'] = signatures
      .split(' ')
      .map(() => `v1,${MASKED}`)
      .join(' ');
  return { method: 'POST', url: webhook.url, headers, body };
}
