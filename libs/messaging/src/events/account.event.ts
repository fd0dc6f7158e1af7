import { z } from 'zod';
import { defineEvent } from './event-definition';

/**
 * account.signed_out v1, on Topics.accountEvents, key: user id. Written by `auth` through its
 * outbox whenever a browser session of the user ends (sign-out, RP-initiated logout, the sessions
 * page) or every one does (sign out everywhere); `auth`'s back-channel logout consumer tells each
 * app the user granted that registered a `backchannel_logout_uri` (docs/oauth.md "Logout").
 */
export const accountSignedOutEvent = defineEvent({
  type: 'account.signed_out',
  version: 1,
  schema: z.object({
    /** Unique per sign-out: the consumer tells each app once per event. */
    eventId: z.string().regex(/^[0-9a-f]{24}$/),
    userId: z.string().min(1),
    /** The public ids (`sid`) of the sessions that ended. */
    sessionIds: z.array(z.string().min(1)),
    /** Every session of the user ended (sign out everywhere), listed or not. */
    everySession: z.boolean(),
    signedOutAt: z.iso.datetime({ offset: true }),
  }),
});

export type AccountSignedOutData = z.output<typeof accountSignedOutEvent.schema>;

/**
 * account.deleted v1, on Topics.accountEvents, key: user id. Written by `auth` through its outbox
 * in the transaction that deleted the account (its owner's request once the grace period ended,
 * or an administrator): every token, consent, session, webhook and app of the user is gone from
 * Gatehouse's database by then. For the platform's other services, which drop what they keep of
 * the user.
 */
export const accountDeletedEvent = defineEvent({
  type: 'account.deleted',
  version: 1,
  schema: z.object({
    userId: z.string().min(1),
    username: z.string().min(1),
    /** `owner` when its owner asked, `admin` when a platform administrator deleted it. */
    deletedBy: z.enum(['owner', 'admin']),
    deletedAt: z.iso.datetime({ offset: true }),
  }),
});

export type AccountDeletedData = z.output<typeof accountDeletedEvent.schema>;
