import type { Logger } from 'pino';
import type { MailMessage } from './mail-message';
import { MailTransport } from './ports/mail-transport';

/**
 * A service with no SMTP server configured: each message is dropped with a log line naming its
 * id and subject (never its recipient or body), so an operator sees what went unsent.
 */
export class DisabledMailTransport extends MailTransport {
  readonly description = 'off (no GATEHOUSE_SMTP_URL)';

  constructor(private readonly logger: Pick<Logger, 'warn'>) {
    super();
  }

  async send(message: MailMessage): Promise<void> {
    this.logger.warn(
      { mailId: message.id, subject: message.subject },
      'mail not sent: no SMTP server configured (GATEHOUSE_SMTP_URL)',
    );
  }

  async close(): Promise<void> {}
}
