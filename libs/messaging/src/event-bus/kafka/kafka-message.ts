import { IHeaders, KafkaMessage, Message } from 'kafkajs';
import { IncomingMessage, OutgoingMessage } from '../event-bus';

export function toKafkaMessage(message: OutgoingMessage): Message {
  return {
    key: message.key,
    value: message.value,
    headers: message.headers ? { ...message.headers } : undefined,
  };
}

export function toIncomingMessage(
  topic: string,
  partition: number,
  message: KafkaMessage,
): IncomingMessage {
  return {
    topic,
    partition,
    offset: message.offset,
    key: message.key?.toString('utf8') ?? '',
    value: message.value?.toString('utf8') ?? '',
    headers: headersToStrings(message.headers),
    timestamp: Number(message.timestamp),
  };
}

/** The offset a group commits after handling `offset`: Kafka commits the next position to read. */
export function nextOffset(offset: string): string {
  return (BigInt(offset) + 1n).toString();
}

function headersToStrings(headers: IHeaders | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) result[name] = first.toString();
  }
  return result;
}
