import { Injectable } from '@nestjs/common';
import { appendOutbox, OutboxMessage } from '@gatehouse/persistence';
import type { Transaction } from '../ports/transaction';
import { OutboxWriter } from '../ports/outbox.writer';
import { entityManagerOf } from './typeorm-transaction';

@Injectable()
export class TypeOrmOutboxWriter extends OutboxWriter {
  append(tx: Transaction, message: OutboxMessage): Promise<void> {
    return appendOutbox(entityManagerOf(tx), message);
  }
}
