import { createTransport, type Transporter } from 'nodemailer';
import type { MailMessage } from '../mail-message';
import { MailTransport } from '../ports/mail-transport';

/**
 * Sends over SMTP with nodemailer, from `GATEHOUSE_SMTP_URL` (`smtp://user:pass@host:587`,
 * STARTTLS when the server offers it; `smtps://…:465` for TLS from the start). Connections are
 * pooled; the URL's credentials are never part of `description`.
 */
export class NodemailerMailTransport extends MailTransport {
  readonly description: string;
  private readonly transporter: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    super();
    const url = new URL(smtpUrl);
    this.description = `${url.protocol}//${url.host}`;
    this.transporter = createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: 2,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transporter.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      messageId: `<${message.id}@gatehouse>`,
    });
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}
