import { oauthAppChangedEvent, Topics } from '@gatehouse/messaging';
import type { OutboxMessage } from '@gatehouse/persistence';

/** oauth_app.changed for the outbox, keyed by client id (AppChangeConsumer reads it). */
export function appChangedMessage(
  clientId: string,
  change: 'created' | 'updated' | 'deleted',
  at: Date,
): OutboxMessage {
  const message = oauthAppChangedEvent.encode(
    { clientId, change, changedAt: at.toISOString() },
    { key: clientId, time: at },
  );
  return { topic: Topics.appEvents, ...message };
}
