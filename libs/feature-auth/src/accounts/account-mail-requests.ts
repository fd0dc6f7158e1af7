import { Inject, Injectable } from '@nestjs/common';
import { SecretBox } from '@gatehouse/crypto';
import type { Clock } from '@gatehouse/domain';
import {
  IDENTITY_OPTIONS,
  type IdentityOptions,
  OutboxWriter,
  RandomSource,
  type Transaction,
} from '@gatehouse/identity';
import {
  type AccountMailRequestedData,
  accountMailRequestedEvent,
  type AccountMailTemplate,
  Topics,
} from '@gatehouse/messaging';
import { CLOCK } from '@gatehouse/platform';

export interface AccountMailRequest {
  template: AccountMailTemplate;
  userId: string | null;
  username: string | null;
  to: string;
  /** The secret of the message's link, sealed before it reaches the outbox. */
  token?: string;
}

/** The SecretBox context of a link's secret: bound to its message, so it opens for no other. */
function tokenContext(mailId: string): string {
  return `account-mail:${mailId}`;
}

/**
 * Writes an account message to the outbox in the caller's transaction (Topics.accountMail): the
 * mailer sends it once that transaction commits, never if it rolls back. A link's secret is sealed
 * (GATEHOUSE_ENCRYPTION_KEY) so neither the outbox nor Kafka holds a working link.
 */
@Injectable()
export class AccountMailRequests {
  private readonly box: SecretBox;

  constructor(
    private readonly outbox: OutboxWriter,
    private readonly random: RandomSource,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDENTITY_OPTIONS) identity: IdentityOptions,
  ) {
    this.box = SecretBox.fromKeyRing(identity.encryptionKey);
  }

  async request(tx: Transaction, mail: AccountMailRequest): Promise<void> {
    const now = this.clock.now();
    const mailId = this.random.id(now);
    const message = accountMailRequestedEvent.encode(
      {
        mailId,
        template: mail.template,
        userId: mail.userId,
        username: mail.username,
        to: mail.to,
        sealedToken:
          mail.token === undefined ? null : this.box.encrypt(mail.token, tokenContext(mailId)),
        requestedAt: new Date(now).toISOString(),
      },
      { key: mailId, time: new Date(now) },
    );
    await this.outbox.append(tx, { topic: Topics.accountMail, ...message });
  }

  /** The link's secret of a requested message; null for a notice. */
  openToken(data: AccountMailRequestedData): string | null {
    return data.sealedToken === null
      ? null
      : this.box.decrypt(data.sealedToken, tokenContext(data.mailId));
  }
}
