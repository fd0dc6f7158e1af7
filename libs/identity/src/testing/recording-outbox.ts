import type { OutboxMessage } from '@gatehouse/persistence';
import type { EntityManager } from 'typeorm';
import { OutboxWriter } from '../store/outbox-writer';
import { TransactionRunner } from '../store/transaction-runner';

/** Test double of OutboxWriter that keeps what was appended, with the events decoded. */
export class RecordingOutbox extends OutboxWriter {
  readonly messages: OutboxMessage[] = [];

  async append(_manager: EntityManager, message: OutboxMessage): Promise<void> {
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

/** Test double of TransactionRunner: runs the work with a placeholder manager the in-memory ports ignore. */
export class ImmediateTransactionRunner extends TransactionRunner {
  static readonly manager = {} as EntityManager;

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return work(ImmediateTransactionRunner.manager);
  }
}
