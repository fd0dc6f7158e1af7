import { DynamicModule, Module } from '@nestjs/common';
import {
  WEBHOOK_NOTICE_MAIL_OPTIONS,
  WebhookNoticeMailConsumer,
  type WebhookNoticeMailOptions,
} from './webhook-notice-mail.consumer';

/**
 * The e-mail to the owner of a webhook that started failing, still fails, or was disabled
 * (WebhookNoticeMailConsumer). Needs IdentityModule, FLOW_STORE, a MailTransport (MailModule) and
 * the webhook notices on the bus.
 */
@Module({})
export class WebhookNoticeMailModule {
  static forRoot(options: WebhookNoticeMailOptions): DynamicModule {
    return {
      module: WebhookNoticeMailModule,
      controllers: [WebhookNoticeMailConsumer],
      providers: [{ provide: WEBHOOK_NOTICE_MAIL_OPTIONS, useValue: options }],
    };
  }
}
