import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ZodQuery } from '@gatehouse/platform';
import {
  CurrentPrincipal,
  type Principal,
  RequirePermission,
  RequireScopes,
  RequireWriteAccess,
} from '@gatehouse/identity';
import type { DeliveryDetailView, WebhookActivityView } from '@gatehouse/settings-api';
import { GetWebhookActivity } from './get-webhook-activity.use-case';
import { type ReplayAccepted, ReplayDelivery } from './replay-delivery.use-case';
import { GetDeliveryDetail } from './get-delivery-detail.use-case';
import {
  type ActivityQuery,
  activityQuerySchema,
  deliveryFilterOf,
  type ReplayFailedQuery,
  replayFailedQuerySchema,
} from './delivery-filter-query';
import {
  type BulkReplayAccepted,
  ReplayFailedDeliveries,
} from './replay-failed-deliveries.use-case';
import { CountFailedDeliveries, type FailedSinceCount } from './count-failed-deliveries.use-case';

/** The activity view (recent deliveries and trigger usage) and replay (docs/hf-clients.md "Delivery"). */
@Controller('api/settings/webhooks/:id/activity')
@RequireScopes('webhooks')
@RequirePermission('user.webhooks.read')
export class WebhookActivityController {
  constructor(
    private readonly activity: GetWebhookActivity,
    private readonly replays: ReplayDelivery,
    private readonly details: GetDeliveryDetail,
    private readonly failedCounts: CountFailedDeliveries,
    private readonly bulkReplays: ReplayFailedDeliveries,
  ) {}

  @Get()
  list(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @ZodQuery(activityQuerySchema) query: ActivityQuery,
  ): Promise<WebhookActivityView> {
    return this.activity.execute(principal, id, query.limit, query.cursor, deliveryFilterOf(query));
  }

  // Before `:deliveryId`, which would otherwise take `replay-failed` for a delivery id.
  @Get('replay-failed')
  failedSince(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @ZodQuery(replayFailedQuerySchema) query: ReplayFailedQuery,
  ): Promise<FailedSinceCount> {
    return this.failedCounts.execute(principal, id, query.since);
  }

  @Post('replay-failed')
  @HttpCode(202)
  @RequireWriteAccess()
  @RequirePermission('user.webhooks.write')
  replayFailed(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @ZodQuery(replayFailedQuerySchema) query: ReplayFailedQuery,
  ): Promise<BulkReplayAccepted> {
    return this.bulkReplays.execute(principal, id, query.since);
  }

  @Get(':deliveryId')
  detail(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<DeliveryDetailView> {
    return this.details.execute(principal, id, deliveryId);
  }

  @Post(':deliveryId/replay')
  @HttpCode(202)
  @RequireWriteAccess()
  @RequirePermission('user.webhooks.write')
  replay(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<ReplayAccepted> {
    return this.replays.execute(principal, id, deliveryId);
  }
}
