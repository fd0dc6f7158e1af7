import { Injectable } from '@nestjs/common';
import { entityManagerOf, type Transaction } from '@gatehouse/identity';
import { DataSource } from 'typeorm';
import { type SecurityEventRecord, SecurityEventStore } from '../ports/security-event.store';

@Injectable()
export class SqlSecurityEventStore extends SecurityEventStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async add(tx: Transaction, event: SecurityEventRecord): Promise<void> {
    await entityManagerOf(tx).query(
      `INSERT INTO security_events (id, user_id, kind, details, created_at) VALUES ($1, $2, $3, $4, $5)`,
      [event.id, event.userId, event.kind, JSON.stringify(event.details), event.createdAt],
    );
  }

  async latestOf(userId: string, limit: number): Promise<SecurityEventRecord[]> {
    return (await this.dataSource.query(
      `SELECT id, user_id AS "userId", kind, details, created_at AS "createdAt"
         FROM security_events WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [userId, limit],
    )) as SecurityEventRecord[];
  }
}
