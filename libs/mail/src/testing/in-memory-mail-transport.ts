import type { MailMessage } from '../mail-message';
import { MailTransport } from '../ports/mail-transport';

/** Keeps what it is sent, for tests; `failNext` makes the next sends throw, as a refusing server would. */
export class InMemoryMailTransport extends MailTransport {
  readonly description = 'in memory';
  readonly sent: MailMessage[] = [];
  failNext = 0;

  async send(message: MailMessage): Promise<void> {
    if (this.failNext > 0) {
      this.failNext -= 1;
      throw new Error('the test SMTP server refused the message');
    }
    this.sent.push(message);
  }

  async close(): Promise<void> {}
}
