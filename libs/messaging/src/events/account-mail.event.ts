import { z } from 'zod';
import { defineEvent } from './event-definition';

/** The messages about an account that Gatehouse sends, each rendered by the mailer's template of that name. */
const ACCOUNT_MAIL_TEMPLATES = [
  'confirm_email',
  'confirm_new_email',
  'reset_password',
  'password_changed',
  'email_changed',
  'account_exists',
  'username_taken',
  'invitation',
  'new_browser_sign_in',
  'factor_added',
  'factor_removed',
  'token_revoked_by_organization',
] as const;

export type AccountMailTemplate = (typeof ACCOUNT_MAIL_TEMPLATES)[number];

/**
 * account.mail_requested v1, on Topics.accountMail, key: the mail id. Written through the outbox
 * in the transaction of the change it tells about, so a message exists if and only if the change
 * was committed; the mailer sends it once per `mailId` (its Message-ID). A link's secret travels
 * sealed (SecretBox of GATEHOUSE_ENCRYPTION_KEY, bound to the mail id): neither the outbox table
 * nor Kafka holds a usable link.
 */
export const accountMailRequestedEvent = defineEvent({
  type: 'account.mail_requested',
  version: 1,
  schema: z.object({
    mailId: z.string().min(1),
    template: z.enum(ACCOUNT_MAIL_TEMPLATES),
    /** Null when there is no account yet (an invitation, a sign-up refused). */
    userId: z.string().min(1).nullable(),
    /** The account's username; for `username_taken`, the username asked for. */
    username: z.string().nullable(),
    to: z.string().min(3),
    /** The sealed secret of the message's link; null for a notice without one. */
    sealedToken: z.string().min(1).nullable(),
    requestedAt: z.iso.datetime({ offset: true }),
  }),
});

export type AccountMailRequestedData = z.output<typeof accountMailRequestedEvent.schema>;
