import { Controller, Inject, Optional } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { FlowStore } from '@gatehouse/flow-state';
import { AccountReader } from '@gatehouse/identity';
import { MailTransport, sendOnce } from '@gatehouse/mail';
import {
  ConsumerGroups,
  headerEventType,
  type IncomingMessage,
  tokenLeakedEvent,
  Topics,
} from '@gatehouse/messaging';
import { type EventConsumerOptions, FLOW_STORE, LOGGER } from '@gatehouse/platform';
import type { Logger } from 'pino';
import { leakedTokenMail } from './leaked-token-mail';

/** Where the message's links point: the public base URL (GATEHOUSE_PUBLIC_URL). */
export interface LeakedTokenMailOptions {
  issuer: string;
}

export const LEAKED_TOKEN_MAIL_OPTIONS = Symbol('gatehouse.auth.leakedTokenMailOptions');

/**
 * Tells each owner by e-mail that a token of theirs was reported leaked and revoked: the
 * `token.leaked` events the leak consumer writes through the outbox (Topics.tokenEvents, group
 * `gatehouse.mailer`). The address is read when the message is sent (the owner's current one); an
 * owner without one, or gone, is skipped. Sent once per notice (sendOnce, by the notice's mail id).
 */
@Controller()
export class LeakedTokenMailConsumer {
  constructor(
    private readonly accounts: AccountReader,
    @Inject(MailTransport) private readonly mail: MailTransport,
    @Inject(FLOW_STORE) private readonly flow: FlowStore,
    @Inject(LEAKED_TOKEN_MAIL_OPTIONS) private readonly options: LeakedTokenMailOptions,
    @Optional() @Inject(LOGGER) private readonly logger?: Logger,
  ) {}

  // From the beginning: a message queued before this group first joined is still sent; sendOnce
  // sends none twice.
  @EventPattern(Topics.tokenEvents, {
    group: ConsumerGroups.mailer,
    fromBeginning: true,
  } satisfies EventConsumerOptions)
  async handle(@Payload() message: IncomingMessage): Promise<void> {
    if (headerEventType(message) !== tokenLeakedEvent.type) return;
    const { data } = tokenLeakedEvent.decode(message);
    const mailId = `leaked-token-${data.noticeId}`;
    const mail = await sendOnce({ flow: this.flow, mail: this.mail }, mailId, async () => {
      const owner = await this.accounts.findUser(data.userId);
      if (owner?.email) return leakedTokenMail(data, owner, this.options.issuer);
      this.logger?.info({ noticeId: data.noticeId }, 'leaked token: no address to tell');
      return null;
    });
    if (!mail) return;
    this.logger?.info({ mailId: mail.id, noticeId: data.noticeId }, 'leaked token: owner told');
  }
}
