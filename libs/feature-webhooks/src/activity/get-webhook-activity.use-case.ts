import { Inject, Injectable } from '@nestjs/common';
import {
  ApiError,
  checkTriggerLimit,
  type Clock,
  isObjectId,
  triggerWindowStart,
} from '@gatehouse/domain';
import type { Principal } from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import {
  DeliveryActivityReader,
  type DeliveryFilter,
  type DeliveryPosition,
} from './ports/delivery-activity.reader';
import { WebhookRepository } from '../webhooks/ports/webhook.repository';
import { WEBHOOKS_SETTINGS, type WebhooksSettings } from '../webhooks-module-options';
import type { WebhookActivityView } from '@gatehouse/settings-api';
import { toDeliveryView } from './webhook-activity-view';
import { assertWebhookIdShape, webhookNotFound, webhookOwnerOf } from '../webhooks/webhook-owner';

const DEFAULT_ACTIVITY_LIMIT = 50;
const MAX_ACTIVITY_LIMIT = 100;

/**
 * `GET /api/settings/webhooks/{id}/activity[?limit=N][&cursor=C]`: the most recent deliveries,
 * newest first, a page at a time (`nextCursor` names the next page, null on the last), narrowed by
 * `filter` (outcome, event scope, repository, time range; the trigger usage is never filtered), and how much of the trigger limit (hub-docs: 1,000 per 24 h by default) the webhook has used.
 */
@Injectable()
export class GetWebhookActivity {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly deliveries: DeliveryActivityReader,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(WEBHOOKS_SETTINGS) private readonly settings: WebhooksSettings,
  ) {}

  async execute(
    principal: Principal,
    id: string,
    limitParam?: string,
    cursor?: string,
    filter: DeliveryFilter = {},
  ): Promise<WebhookActivityView> {
    const ownerId = webhookOwnerOf(principal);
    assertWebhookIdShape(id);
    const limit = parseLimit(limitParam);
    const webhook = await this.webhooks.findOwned(ownerId, id);
    if (!webhook) throw webhookNotFound();

    const now = this.clock.now();
    const policy = this.settings.triggerLimit;
    const before = await this.positionOf(id, cursor);
    const [page, counts] = await Promise.all([
      this.deliveries.recentDeliveries(id, limit + 1, before, filter),
      this.deliveries.triggerCounts(id, new Date(triggerWindowStart(now, policy)), policy.bucketMs),
    ]);
    const usage = checkTriggerLimit(counts, now, policy);
    const recent = page.slice(0, limit);
    return {
      webhookId: webhook.id,
      disabled: webhook.disabled,
      disabledReason: webhook.disabledReason,
      triggers: {
        limit: usage.limit,
        used: usage.used,
        remaining: usage.remaining,
        windowHours: policy.windowMs / 3_600_000,
        retryAt: usage.retryAt === null ? null : new Date(usage.retryAt).toISOString(),
      },
      deliveries: recent.map(toDeliveryView),
      nextCursor: page.length > limit ? recent.at(-1)!.id : null,
    };
  }

  /** A cursor is the id of the last delivery of the previous page; one of another webhook is refused. */
  private async positionOf(
    webhookId: string,
    cursor: string | undefined,
  ): Promise<DeliveryPosition | undefined> {
    if (cursor === undefined || cursor === '') return undefined;
    const delivery = isObjectId(cursor)
      ? await this.deliveries.findDelivery(webhookId, cursor)
      : null;
    if (!delivery)
      throw ApiError.badRequest(
        'cursor: not a delivery of this webhook; use the nextCursor of the previous page',
        'cursor',
      );
    return { createdAt: delivery.createdAt, id: delivery.id };
  }
}

function parseLimit(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_ACTIVITY_LIMIT;
  if (!/^[0-9]+$/.test(value) || Number(value) < 1 || Number(value) > MAX_ACTIVITY_LIMIT) {
    throw ApiError.badRequest(
      `limit: must be a whole number from 1 to ${MAX_ACTIVITY_LIMIT}`,
      'limit',
    );
  }
  return Number(value);
}
