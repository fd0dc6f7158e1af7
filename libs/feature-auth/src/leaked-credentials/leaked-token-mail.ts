import { htmlMail, type MailMessage } from '@gatehouse/mail';
import type { tokenLeakedEvent } from '@gatehouse/messaging';
import type { z } from 'zod';

type LeakedToken = z.output<typeof tokenLeakedEvent.schema>;

/**
 * The message telling an owner that a token of theirs was reported leaked and revoked: which
 * token (its name, never its value), when, and where to read more and make a new one. The
 * message id is the notice's, so the notice's event handled twice is the same message.
 */
export function leakedTokenMail(
  notice: LeakedToken,
  owner: { email: string; username: string },
  issuer: string,
): MailMessage {
  const what =
    notice.kind === 'personal'
      ? `your access token ${notice.tokenName ? `"${notice.tokenName}"` : 'without a name'}`
      : `a token you gave the app ${notice.tokenName ? `"${notice.tokenName}"` : (notice.clientId ?? '')}`;
  const settings = `${issuer}/settings/tokens`;
  const paragraphs = [
    `Hello ${owner.username},`,
    `On ${notice.reportedAt} someone reported ${what} as published where others can see it (a public repository, a log, a paste). Gatehouse revoked it at ${notice.revokedAt}: it no longer works.`,
    notice.kind === 'personal'
      ? 'If a script or a service used it, create a new token and give it the new one. Keep tokens out of code and notebooks you share; read them from an environment variable or a secret store.'
      : 'The app will ask you to sign in again. If you did not expect this, check which apps you have connected.',
  ];
  return {
    id: `leaked-token-${notice.noticeId}`,
    to: owner.email,
    subject: 'A token of yours was reported leaked and has been revoked',
    text: `${paragraphs.join('\n\n')}\n\nYour tokens: ${settings}\n`,
    html: htmlMail({
      title: 'A token of yours was revoked',
      paragraphs,
      link: { href: settings, label: 'Review your tokens' },
    }),
  };
}
