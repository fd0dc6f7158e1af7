import { htmlMail, type MailMessage } from './mail-message';

/**
 * One kind of message, written once and rendered twice: as plain text and as HTML. Paragraphs are
 * plain text (escaped for HTML); the link, when there is one, is the message's one action, shown
 * as a button in HTML and as its bare address in text, where mail clients make it clickable.
 */
export interface MailTemplate<TVars> {
  subject(vars: TVars): string;
  paragraphs(vars: TVars): readonly string[];
  link?(vars: TVars): { href: string; label: string };
}

/** Declares a template; the identity function that gives `vars` its type at the call site. */
export function defineMailTemplate<TVars>(template: MailTemplate<TVars>): MailTemplate<TVars> {
  return template;
}

/** The message of `template` for `vars`, to `to`, under the id a retry keeps (MailMessage.id). */
export function renderMail<TVars>(
  template: MailTemplate<TVars>,
  vars: TVars,
  envelope: { id: string; to: string },
): MailMessage {
  const subject = template.subject(vars);
  const paragraphs = template.paragraphs(vars);
  const link = template.link?.(vars);
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.href}`] : [])].join('\n\n');
  return {
    id: envelope.id,
    to: envelope.to,
    subject,
    text: `${text}\n\n-- \nSent by Gatehouse. You get this message because of your account; you cannot reply to it.\n`,
    html: htmlMail({ title: subject, paragraphs, link }),
  };
}
