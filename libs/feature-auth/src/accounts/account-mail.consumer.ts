import { Controller, Inject, Optional } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { FlowStore } from '@gatehouse/flow-state';
import { MailTransport, renderMail, sendOnce } from '@gatehouse/mail';
import {
  type AccountMailRequestedData,
  accountMailRequestedEvent,
  type AccountMailTemplate,
  ConsumerGroups,
  headerEventType,
  type IncomingMessage,
  Topics,
} from '@gatehouse/messaging';
import { type EventConsumerOptions, FLOW_STORE, LOGGER } from '@gatehouse/platform';
import type { Logger } from 'pino';
import { AccountMailRequests } from './account-mail-requests';
import { ACCOUNT_MAIL_TEMPLATES } from './account-mail-templates';
import { ACCOUNTS_OPTIONS, type AccountsOptions } from './accounts-options';

/** Where each message's link leads; its secret is the `token` (or `invitation`) parameter. */
const LINK_PATHS: Partial<Record<AccountMailTemplate, (token: string) => string>> = {
  confirm_email: (token) => `/oauth/confirm-email?token=${token}`,
  confirm_new_email: (token) => `/oauth/confirm-email?token=${token}`,
  reset_password: (token) => `/oauth/reset-password?token=${token}`,
  invitation: (token) => `/oauth/signup?invitation=${token}`,
};

/**
 * Sends the account messages written through the outbox (Topics.accountMail, group
 * `gatehouse.account-mailer`): rendered from their template, with the link's secret unsealed only here.
 * Idempotent by mail id (sendOnce): the id is the Message-ID, and an event read again sends nothing.
 */
@Controller()
export class AccountMailConsumer {
  constructor(
    private readonly requests: AccountMailRequests,
    @Inject(MailTransport) private readonly mail: MailTransport,
    @Inject(FLOW_STORE) private readonly flow: FlowStore,
    @Inject(ACCOUNTS_OPTIONS) private readonly options: AccountsOptions,
    @Optional() @Inject(LOGGER) private readonly logger?: Logger,
  ) {}

  // From the beginning: a message queued before this group first joined (a sign-up in the first
  // seconds of a new deployment) is still sent; sendOnce sends none twice.
  @EventPattern(Topics.accountMail, {
    group: ConsumerGroups.accountMailer,
    fromBeginning: true,
  } satisfies EventConsumerOptions)
  async handle(@Payload() message: IncomingMessage): Promise<void> {
    if (headerEventType(message) !== accountMailRequestedEvent.type) return;
    const { data } = accountMailRequestedEvent.decode(message);
    const mailId = `account-${data.mailId}`;
    const mail = await sendOnce({ flow: this.flow, mail: this.mail }, mailId, () =>
      renderMail(
        ACCOUNT_MAIL_TEMPLATES[data.template],
        {
          username: data.username,
          to: data.to,
          issuer: this.options.issuer,
          link: this.linkOf(data),
        },
        { id: mailId, to: data.to },
      ),
    );
    if (!mail) return;
    this.logger?.info({ mailId: mail.id, template: data.template }, 'account mail sent');
  }

  private linkOf(data: AccountMailRequestedData): string {
    const path = LINK_PATHS[data.template];
    const token = this.requests.openToken(data);
    return path && token !== null ? `${this.options.issuer}${path(token)}` : '';
  }
}
