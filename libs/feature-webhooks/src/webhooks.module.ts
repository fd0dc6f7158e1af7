import { DynamicModule, Module } from '@nestjs/common';
import { SecretBox } from '@gatehouse/crypto';
import { CreateWebhook } from './webhooks/create-webhook.use-case';
import { DeleteWebhook } from './webhooks/delete-webhook.use-case';
import { GetWebhook } from './webhooks/get-webhook.use-case';
import { ListWebhooks } from './webhooks/list-webhooks.use-case';
import { ListSourceJobs } from './source-jobs/list-source-jobs.use-case';
import { ReplayDelivery } from './activity/replay-delivery.use-case';
import { ReplayFailedDeliveries } from './activity/replay-failed-deliveries.use-case';
import { CountFailedDeliveries } from './activity/count-failed-deliveries.use-case';
import { SendTestEvent } from './activity/send-test-event.use-case';
import { RotateWebhookSecret } from './webhooks/rotate-webhook-secret.use-case';
import { SetWebhookDisabled } from './webhooks/set-webhook-disabled.use-case';
import { UpdateWebhook } from './webhooks/update-webhook.use-case';
import { GetWebhookActivity } from './activity/get-webhook-activity.use-case';
import { GetDeliveryDetail } from './activity/get-delivery-detail.use-case';
import { WebhookPresenter } from './webhooks/webhook-presenter';
import { WebhookUrlChecker } from './webhooks/webhook-url-checker';
import { WebhookActivityController } from './activity/webhook-activity.controller';
import { WebhooksController } from './webhooks/webhooks.controller';
import { DnsHostResolver } from './webhooks/infrastructure/dns-host-resolver';
import { ObjectIdGenerator } from './webhooks/infrastructure/crypto-id-generator';
import { TypeOrmDeliveryActivityReader } from './activity/infrastructure/typeorm-delivery-activity.reader';
import { TypeOrmSourceJobReader } from './source-jobs/infrastructure/typeorm-source-job.reader';
import { TypeOrmWebhookRepository } from './webhooks/infrastructure/typeorm-webhook.repository';
import { DeliveryActivityReader } from './activity/ports/delivery-activity.reader';
import { HostResolver } from './webhooks/ports/host-resolver';
import { IdGenerator } from './webhooks/ports/id-generator';
import { SourceJobReader } from './source-jobs/ports/source-job.reader';
import { WebhookRepository } from './webhooks/ports/webhook.repository';
import { WebhookHealthReader } from './health/ports/webhook-health.reader';
import { SqlWebhookHealthReader } from './health/infrastructure/sql-webhook-health.reader';
import { GetWebhookHealth } from './health/get-webhook-health.use-case';
import { ListWebhookNotices } from './health/list-webhook-notices.use-case';
import {
  WEBHOOKS_SETTINGS,
  type WebhooksModuleOptions,
  webhooksSettingsOf,
} from './webhooks-module-options';

/**
 * Webhook management (`/api/settings/webhooks...`), the webhook-management service's feature.
 * Needs the platform's DataSource (DatabaseModule) and CLOCK, and IdentityModule for bearer
 * authentication. Set `outboxRelay` on MessagingModule so the webhook-changed and replay events
 * it writes to the outbox get published.
 */
@Module({})
export class WebhooksModule {
  static forRoot(options: WebhooksModuleOptions): DynamicModule {
    return {
      module: WebhooksModule,
      controllers: [WebhooksController, WebhookActivityController],
      providers: [
        { provide: WEBHOOKS_SETTINGS, useValue: webhooksSettingsOf(options) },
        { provide: SecretBox, useFactory: () => SecretBox.fromKeyRing(options.encryptionKey) },
        { provide: WebhookRepository, useClass: TypeOrmWebhookRepository },
        { provide: SourceJobReader, useClass: TypeOrmSourceJobReader },
        { provide: DeliveryActivityReader, useClass: TypeOrmDeliveryActivityReader },
        { provide: WebhookHealthReader, useClass: SqlWebhookHealthReader },
        options.hostResolver
          ? { provide: HostResolver, useValue: options.hostResolver }
          : { provide: HostResolver, useClass: DnsHostResolver },
        { provide: IdGenerator, useClass: ObjectIdGenerator },
        WebhookUrlChecker,
        WebhookPresenter,
        ListWebhooks,
        ListSourceJobs,
        GetWebhook,
        CreateWebhook,
        UpdateWebhook,
        SetWebhookDisabled,
        RotateWebhookSecret,
        DeleteWebhook,
        GetWebhookActivity,
        GetDeliveryDetail,
        ReplayDelivery,
        ReplayFailedDeliveries,
        CountFailedDeliveries,
        GetWebhookHealth,
        SendTestEvent,
        ListWebhookNotices,
      ],
    };
  }
}
