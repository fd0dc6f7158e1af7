import { Injectable } from '@nestjs/common';
import { appendOutbox, OutboxMessage } from '@gatehouse/persistence';
import type { EntityManager } from 'typeorm';
import { OutboxWriter } from './outbox-writer';

@Injectable()
export class TypeOrmOutboxWriter extends OutboxWriter {
  append(manager: EntityManager, message: OutboxMessage): Promise<void> {
    return appendOutbox(manager, message);
  }
}
