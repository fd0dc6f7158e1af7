import { Controller, Inject, Optional } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { FlowStore } from '@gatehouse/flow-state';
import { AccountReader } from '@gatehouse/identity';
import { MailTransport, sendOnce } from '@gatehouse/mail';
import {
  ConsumerGroups,
  headerEventType,
  type IncomingMessage,
  Topics,
  webhookNoticeRaisedEvent,
} from '@gatehouse/messaging';
import { type EventConsumerOptions, FLOW_STORE, LOGGER } from '@gatehouse/platform';
import type { Logger } from 'pino';
import { webhookNoticeMail, webhookNoticeMailId } from './webhook-notice-mail';

/** Where the message's link points: the public base URL (GATEHOUSE_PUBLIC_URL). */
export interface WebhookNoticeMailOptions {
  issuer: string;
}

export const WEBHOOK_NOTICE_MAIL_OPTIONS = Symbol('gatehouse.auth.webhookNoticeMailOptions');

/**
 * Tells the owner of a webhook by e-mail that it started failing, still fails, or was disabled:
 * the `webhook.notice_raised` events the delivery worker writes through its outbox
 * (Topics.webhookNotices, group `gatehouse.webhook-notice-mailer`). The address is read when the
 * message is sent; an owner without one, or gone, is skipped. Sent once per notice (sendOnce).
 */
@Controller()
export class WebhookNoticeMailConsumer {
  constructor(
    private readonly accounts: AccountReader,
    @Inject(MailTransport) private readonly mail: MailTransport,
    @Inject(FLOW_STORE) private readonly flow: FlowStore,
    @Inject(WEBHOOK_NOTICE_MAIL_OPTIONS) private readonly options: WebhookNoticeMailOptions,
    @Optional() @Inject(LOGGER) private readonly logger?: Logger,
  ) {}

  // From the beginning: a notice raised before this group first joined is still told. Nothing is
  // told twice: the topic keeps 7 days, and sendOnce remembers a sent message as long.
  @EventPattern(Topics.webhookNotices, {
    group: ConsumerGroups.webhookNoticeMailer,
    fromBeginning: true,
  } satisfies EventConsumerOptions)
  async handle(@Payload() message: IncomingMessage): Promise<void> {
    if (headerEventType(message) !== webhookNoticeRaisedEvent.type) return;
    const { data } = webhookNoticeRaisedEvent.decode(message);
    const mail = await sendOnce(
      { flow: this.flow, mail: this.mail },
      webhookNoticeMailId(data),
      async () => {
        const owner = await this.accounts.findUser(data.ownerId);
        if (owner?.email) return webhookNoticeMail(data, owner, this.options.issuer);
        this.logger?.info({ noticeId: data.noticeId }, 'webhook notice: no address to tell');
        return null;
      },
    );
    if (!mail) return;
    this.logger?.info({ mailId: mail.id, notice: data.notice }, 'webhook notice: owner told');
  }
}
