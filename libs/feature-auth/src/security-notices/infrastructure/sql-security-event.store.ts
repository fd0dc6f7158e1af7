import { Injectable } from '@nestjs/common';
import { entityManagerOf, type Transaction } from '@gatehouse/identity';
import { DataSource } from 'typeorm';
import { type SecurityEventRecord, SecurityEventStore } from '../ports/security-event.store';

@Injectable()
export class SqlSecurityEventStore extends SecurityEventStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async add(tx: Transaction, event: SecurityEventRecord): Promise<boolean> {
    const inserted = (await entityManagerOf(tx).query(
      // An account deleted meanwhile gets no event (nor its mail).
      `INSERT INTO security_events (id, user_id, kind, details, created_at)
       SELECT $1::bpchar, $2::bpchar, $3::text, $4::jsonb, $5::timestamptz
        WHERE EXISTS (SELECT 1 FROM users WHERE id = $2::bpchar)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [event.id, event.userId, event.kind, JSON.stringify(event.details), event.createdAt],
    )) as unknown[];
    return inserted.length > 0;
  }

  async latestOf(userId: string, limit: number): Promise<SecurityEventRecord[]> {
    return (await this.dataSource.query(
      `SELECT id, user_id AS "userId", kind, details, created_at AS "createdAt"
         FROM security_events WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [userId, limit],
    )) as SecurityEventRecord[];
  }
}
