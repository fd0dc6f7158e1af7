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
