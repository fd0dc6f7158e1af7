import { z } from 'zod';
import { defineEvent } from './event-definition';

/**
 * oauth_app.changed v1, on Topics.appEvents, key: client id. Written by `auth` through its outbox
 * in the transaction that created, changed (its client secret included) or deleted an OAuth app;
 * every process that authenticates clients forgets its cached copy of the app
 * (docs/architecture.md "Client cache").
 */
export const oauthAppChangedEvent = defineEvent({
  type: 'oauth_app.changed',
  version: 1,
  schema: z.object({
    clientId: z.string().min(1),
    change: z.enum(['created', 'updated', 'deleted']),
    changedAt: z.iso.datetime({ offset: true }),
  }),
});
