import { Injectable } from '@nestjs/common';
import { entityManagerOf, type PersonalTokenRecord, type Transaction } from '@gatehouse/identity';
import {
  appendOutbox,
  type OutboxMessage,
  PersonalAccessTokenEntity,
} from '@gatehouse/persistence';
import { JobTokenStore } from '../ports/job-token.store';

@Injectable()
export class TypeOrmJobTokenStore extends JobTokenStore {
  async insert(
    tx: Transaction,
    row: PersonalTokenRecord,
    event: OutboxMessage | null,
  ): Promise<void> {
    const manager = entityManagerOf(tx);
    await manager.insert(PersonalAccessTokenEntity, row);
    if (event) await appendOutbox(manager, event);
  }
}
