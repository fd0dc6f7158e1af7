import type { MailMessage } from '../mail-message';

/**
 * Where messages go: an SMTP server (NodemailerMailTransport), the all-in-one's local mailbox
 * (FileMailTransport), or nowhere (a service with no SMTP server configured). `send` resolves once
 * the message is accepted, and throws when it was not, so the caller's event is tried again.
 */
export abstract class MailTransport {
  /** What this transport is, for the start-up log line: `smtp://host:port`, the mailbox's path, `off`. */
  abstract readonly description: string;
  abstract send(message: MailMessage): Promise<void>;
  abstract close(): Promise<void>;
}
