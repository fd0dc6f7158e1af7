import { htmlMail, type MailMessage } from '@gatehouse/mail';
import type { WebhookNoticeRaisedData } from '@gatehouse/messaging';

const SUBJECTS: Record<WebhookNoticeRaisedData['notice'], string> = {
  started_failing: 'A webhook of yours started failing',
  still_failing: 'A webhook of yours is still failing',
  disabled: 'A webhook of yours was disabled',
};

/** The message id of a notice: one per transition of one run of failures. */
export function webhookNoticeMailId(notice: Pick<WebhookNoticeRaisedData, 'noticeId'>): string {
  return `webhook-notice-${notice.noticeId}`;
}

/**
 * The message telling an owner that a webhook of theirs started failing, still fails, or was
 * disabled (docs/settings.md "When a webhook fails"): which webhook, since when, the last error,
 * and a link to its page (where a disabled one is enabled again in one click).
 */
export function webhookNoticeMail(
  notice: WebhookNoticeRaisedData,
  owner: { email: string; username: string },
  issuer: string,
): MailMessage {
  const page = `${issuer}/settings/webhooks/${notice.webhookId}`;
  const error = notice.lastError ? ` The last error: ${notice.lastError}.` : '';
  const what: Record<WebhookNoticeRaisedData['notice'], string> = {
    started_failing: `Your webhook to ${notice.target} started failing at ${notice.failingSince}.${error} Gatehouse keeps trying on its retry schedule; nothing is lost yet.`,
    still_failing: `Your webhook to ${notice.target} has failed without a success since ${notice.failingSince}.${error} If it keeps failing, Gatehouse disables it.`,
    disabled: `Gatehouse disabled your webhook to ${notice.target}: its deliveries have failed since ${notice.failingSince}.${error} It gets no deliveries until you enable it again.`,
  };
  const paragraphs = [
    `Hello ${owner.username},`,
    what[notice.notice],
    notice.notice === 'disabled'
      ? 'Once the receiver answers again, open the webhook and choose Re-enable; replay what it missed from its activity.'
      : "Check that the receiver is up and answers 2xx; the webhook's activity shows every attempt and its answer.",
  ];
  return {
    id: webhookNoticeMailId(notice),
    to: owner.email,
    subject: SUBJECTS[notice.notice],
    text: `${paragraphs.join('\n\n')}\n\nYour webhook: ${page}\n`,
    html: htmlMail({
      title: SUBJECTS[notice.notice],
      paragraphs,
      link: { href: page, label: 'Open the webhook' },
    }),
  };
}
