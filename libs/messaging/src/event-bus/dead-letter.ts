import { deadLetterTopic } from '../topics';
import { IncomingMessage, OutgoingMessage } from './event-bus';

/** Headers a dead-lettered message carries besides its own, saying where it came from and why. */
export const DEAD_LETTER_HEADERS = {
  originalTopic: 'gatehouse-dlq-original-topic',
  originalPartition: 'gatehouse-dlq-original-partition',
  originalOffset: 'gatehouse-dlq-original-offset',
  groupId: 'gatehouse-dlq-group-id',
  attempts: 'gatehouse-dlq-attempts',
  errorName: 'gatehouse-dlq-error-name',
  errorMessage: 'gatehouse-dlq-error-message',
  failedAt: 'gatehouse-dlq-failed-at',
} as const;

export interface DeadLetter {
  topic: string;
  message: OutgoingMessage;
}

/** The message to publish to `<topic>.dlq` once `message` has failed `attempts` times. */
export function deadLetterFor(
  message: IncomingMessage,
  failure: { error: unknown; attempts: number; groupId: string; failedAt: Date },
): DeadLetter {
  const error = failure.error instanceof Error ? failure.error : new Error(String(failure.error));
  return {
    topic: deadLetterTopic(message.topic),
    message: {
      key: message.key,
      value: message.value,
      headers: {
        ...message.headers,
        [DEAD_LETTER_HEADERS.originalTopic]: message.topic,
        [DEAD_LETTER_HEADERS.originalPartition]: String(message.partition),
        [DEAD_LETTER_HEADERS.originalOffset]: message.offset,
        [DEAD_LETTER_HEADERS.groupId]: failure.groupId,
        [DEAD_LETTER_HEADERS.attempts]: String(failure.attempts),
        [DEAD_LETTER_HEADERS.errorName]: error.name,
        [DEAD_LETTER_HEADERS.errorMessage]: error.message.slice(0, 1000),
        [DEAD_LETTER_HEADERS.failedAt]: failure.failedAt.toISOString(),
      },
    },
  };
}
