import { type RepoChangeEvent, repoChangeEventSchema } from '@gatehouse/domain';
import type { OutgoingMessage } from '../event-bus/event-bus';
import { defineEvent } from './event-definition';

/**
 * repo.changed v1: the repo change event contract (docs/events.md), published by the platform's
 * repo services on `Topics.repoEvents`, keyed by repository id so that one repository's events
 * stay in order. The data is `RepoChangeEvent` (libs/domain `repo-change-event.ts`); the envelope
 * repeats its `id` and `time`. docs/events.md documents it for producers.
 */
export const repoChangedEvent = defineEvent({
  type: 'repo.changed',
  version: 1,
  schema: repoChangeEventSchema,
});

/** The Kafka message of one event: key = repository id, envelope id and time = the event's. */
export function repoChangedMessage(event: RepoChangeEvent): OutgoingMessage {
  return repoChangedEvent.encode(event, {
    key: event.repo.id,
    id: event.id,
    time: new Date(event.time),
  });
}
