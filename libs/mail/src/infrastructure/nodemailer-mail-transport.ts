import type { Transporter } from 'nodemailer';
import type { MailMessage } from '../mail-message';
import { MailTransport } from '../ports/mail-transport';

/**
 * Sends over SMTP with nodemailer, from `GATEHOUSE_SMTP_URL` (`smtp://user:pass@host:587`,
 * STARTTLS when the server offers it; `smtps://…:465` for TLS from the start). Connections are
 * pooled; the URL's credentials are never part of `description`. nodemailer loads with the first
 * message, not when the process starts: a service that sends none keeps none of its code resident.
 */
export class NodemailerMailTransport extends MailTransport {
  readonly description: string;
  private transporter: Promise<Transporter> | undefined;

  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
  ) {
    super();
    const url = new URL(smtpUrl);
    this.description = `${url.protocol}//${url.host}`;
  }

  async send(message: MailMessage): Promise<void> {
    this.transporter ??= import('nodemailer').then(({ createTransport }) =>
      createTransport({
        url: this.smtpUrl,
        pool: true,
        maxConnections: 2,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    );
    const transporter = await this.transporter;
    await transporter.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      messageId: `<${message.id}@gatehouse>`,
    });
  }

  async close(): Promise<void> {
    const transporter = this.transporter;
    this.transporter = undefined;
    (await transporter)?.close();
  }
}
