import { DynamicModule, Module } from '@nestjs/common';
import { SecretBox } from '@gatehouse/crypto';
import { CreateWebhook } from './application/create-webhook.use-case';
import { DeleteWebhook } from './application/delete-webhook.use-case';
import { ReadWebhooks } from './application/read-webhooks.use-case';
import { ReplayDelivery } from './application/replay-delivery.use-case';
import { SetWebhookDisabled } from './application/set-webhook-disabled.use-case';
import { UpdateWebhook } from './application/update-webhook.use-case';
import { WebhookActivity } from './application/webhook-activity.use-case';
import { WebhookDeliveryDetail } from './application/webhook-delivery-detail.use-case';
import { WebhookPresenter } from './application/webhook-presenter';
import { WebhookUrlChecker } from './application/webhook-url-checker';
import { WebhookActivityController } from './http/webhook-activity.controller';
import { WebhooksController } from './http/webhooks.controller';
import { DnsHostResolver } from './infrastructure/dns-host-resolver';
import { ObjectIdGenerator } from './infrastructure/object-id.generator';
import { TypeOrmDeliveryActivityReader } from './infrastructure/typeorm-delivery-activity.reader';
import { TypeOrmSourceJobReader } from './infrastructure/typeorm-source-job.reader';
import { TypeOrmWebhookRepository } from './infrastructure/typeorm-webhook.repository';
import { DeliveryActivityReader } from './ports/delivery-activity-reader';
import { HostResolver } from './ports/host-resolver';
import { IdGenerator } from './ports/id-generator';
import { SourceJobReader } from './ports/source-job-reader';
import { WebhookRepository } from './ports/webhook-repository';
import { WEBHOOKS_SETTINGS, type WebhooksModuleOptions, webhooksSettingsOf } from './webhooks-module-options';

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
        { provide: SecretBox, useFactory: () => SecretBox.fromBase64Key(options.encryptionKey) },
        { provide: WebhookRepository, useClass: TypeOrmWebhookRepository },
        { provide: SourceJobReader, useClass: TypeOrmSourceJobReader },
        { provide: DeliveryActivityReader, useClass: TypeOrmDeliveryActivityReader },
        options.hostResolver ? { provide: HostResolver, useValue: options.hostResolver } : { provide: HostResolver, useClass: DnsHostResolver },
        { provide: IdGenerator, useClass: ObjectIdGenerator },
        WebhookUrlChecker,
        WebhookPresenter,
        ReadWebhooks,
        CreateWebhook,
        UpdateWebhook,
        SetWebhookDisabled,
        DeleteWebhook,
        WebhookActivity,
        WebhookDeliveryDetail,
        ReplayDelivery,
      ],
    };
  }
}
