import type { OutboxMessage } from '@gatehouse/persistence';
import { OutboxWriter } from '../transactions/ports/outbox.writer';
import type { Transaction } from '../transactions/ports/transaction';

/** Test double of OutboxWriter that keeps what was appended, with the events decoded. */
export class RecordingOutbox extends OutboxWriter {
  readonly messages: OutboxMessage[] = [];

  async append(_tx: Transaction, message: OutboxMessage): Promise<void> {
    this.messages.push(message);
  }

  /** `type` and `data` of each message's event envelope. */
  events(): Array<{ type: string; data: Record<string, unknown> }> {
    return this.messages.map((message) => {
      const envelope = JSON.parse(message.value) as { type: string; data: Record<string, unknown> };
      return { type: envelope.type, data: envelope.data };
    });
  }
}
