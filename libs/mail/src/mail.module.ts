import {
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { LOGGER } from '@gatehouse/platform';
import type { Logger } from 'pino';
import { DisabledMailTransport } from './disabled-mail-transport';
import { FileMailTransport } from './infrastructure/file-mail-transport';
import { NodemailerMailTransport } from './infrastructure/nodemailer-mail-transport';
import { MailboxController } from './mailbox/mailbox.controller';
import { MailTransport } from './ports/mail-transport';

export interface MailModuleOptions {
  /** GATEHOUSE_SMTP_URL: where mail goes. Without it, the mailbox, or nowhere. */
  smtpUrl?: string;
  /** GATEHOUSE_MAIL_FROM: the sender of every message. */
  from: string;
  /** The all-in-one's local mailbox, used when there is no SMTP server; served at /dev/mailbox. */
  mailboxDirectory?: string;
}

/** Says at start where mail goes, and closes the transport's connections at shutdown. */
@Injectable()
class MailTransportLifecycle implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(MailTransport) private readonly transport: MailTransport,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.logger.info({ mail: this.transport.description }, 'mail transport');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.transport.close();
  }
}

/**
 * The process's MailTransport: SMTP when `smtpUrl` is set, else the local mailbox when the app
 * keeps one (the all-in-one, which then also serves `/dev/mailbox`), else none (a log line per
 * message dropped). Global: any feature that sends mail injects `MailTransport`.
 */
@Module({})
export class MailModule {
  static forRoot(options: MailModuleOptions): DynamicModule {
    const mailbox = !options.smtpUrl && options.mailboxDirectory !== undefined;
    return {
      module: MailModule,
      global: true,
      controllers: mailbox ? [MailboxController] : [],
      providers: [
        {
          provide: MailTransport,
          useFactory: (logger: Logger): MailTransport => {
            if (options.smtpUrl) return new NodemailerMailTransport(options.smtpUrl, options.from);
            if (options.mailboxDirectory !== undefined)
              return new FileMailTransport(options.mailboxDirectory, options.from);
            return new DisabledMailTransport(logger);
          },
          inject: [LOGGER],
        },
        MailTransportLifecycle,
      ],
      exports: [MailTransport],
    };
  }
}
