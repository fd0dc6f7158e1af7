import { z } from 'zod';
import { defineEvent } from './event-definition';

/**
 * webhook.notice_raised v1, on Topics.webhookNotices, key: the webhook id. The delivery worker
 * writes it through the outbox in the transaction that stores the webhook's new health
 * (docs/settings.md "When a webhook fails"); the mailer tells the owner once per `noticeId`,
 * which is stable for one transition of one run of failures.
 */
export const webhookNoticeRaisedEvent = defineEvent({
  type: 'webhook.notice_raised',
  version: 1,
  schema: z.object({
    noticeId: z.string().min(1),
    webhookId: z.string().min(1),
    ownerId: z.string().min(1),
    notice: z.enum(['started_failing', 'still_failing', 'disabled']),
    /** The webhook's URL, or the Job it starts, as its owner knows it. */
    target: z.string(),
    failingSince: z.iso.datetime({ offset: true }),
    lastError: z.string().nullable(),
    raisedAt: z.iso.datetime({ offset: true }),
  }),
});

export type WebhookNoticeRaisedData = z.output<typeof webhookNoticeRaisedEvent.schema>;
