import { envSection } from '../env-section';
import { envVariable, invalid } from '../env-variable';
import { urlWithScheme } from '../env-fields';
import { documented, type VariableDoc } from '../variable-doc';

const GATEHOUSE_SMTP_URL_DOC: VariableDoc = {
  shownDefault: 'none: the all-in-one keeps a local mailbox, a service sends nothing',
  description:
    'SMTP server for the e-mail Gatehouse sends (`smtp://user:password@host:587`, STARTTLS when offered; `smtps://…:465` for TLS). Unset: the all-in-one keeps messages in `<GATEHOUSE_DATA_DIR>/mailbox`, read at `/dev/mailbox` from the same machine; a service logs each message it could not send.',
};
const GATEHOUSE_MAIL_FROM_DOC: VariableDoc = {
  description: 'The sender of every message (`Name <address>` or an address).',
};

export interface MailConfig {
  /** Where mail goes; undefined when none is configured. Holds credentials: never logged. */
  smtpUrl?: string;
  from: string;
}

/** A sender address, bare or as `Name <address>`, on one line. */
const sender = envVariable((raw) => {
  const value = raw.trim();
  const address = /<([^<>\s]+)>$/.exec(value)?.[1] ?? value;
  return /^[^@\s<>]+@[^@\s<>]+$/.test(address) && !/[\r\n]/.test(value)
    ? value
    : invalid('must be an e-mail address, or `Name <address>`');
});

export const mailSection = envSection(
  {
    GATEHOUSE_SMTP_URL: documented(
      urlWithScheme(['smtp', 'smtps']).optional(),
      GATEHOUSE_SMTP_URL_DOC,
    ),
    GATEHOUSE_MAIL_FROM: documented(
      sender.default('Gatehouse <gatehouse@localhost>'),
      GATEHOUSE_MAIL_FROM_DOC,
    ),
  },
  (env): MailConfig => ({ smtpUrl: env.GATEHOUSE_SMTP_URL, from: env.GATEHOUSE_MAIL_FROM }),
);
