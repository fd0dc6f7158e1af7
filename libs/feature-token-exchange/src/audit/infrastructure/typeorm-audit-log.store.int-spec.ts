import { TypeOrmTransactionRunner } from '@gatehouse/identity/testing';
import type { OutboxMessage } from '@gatehouse/persistence';
import { createMigratedTestDatabase, MigratedTestDatabase } from '@gatehouse/testing';
import { describeAuditLogStoreContract } from '../ports/audit-log.store.contract';
import { TypeOrmAuditLogStore } from './typeorm-audit-log.store';

let database: MigratedTestDatabase;

afterAll(async () => {
  await database?.drop();
});

describeAuditLogStoreContract('TypeOrmAuditLogStore on PostgreSQL', async () => {
  database = await createMigratedTestDatabase({ prefix: 'gatehouse_audit_log_store' });
  const { dataSource } = database;
  return {
    store: new TypeOrmAuditLogStore(dataSource),
    transactions: new TypeOrmTransactionRunner(dataSource),
    outbox: async () => {
      const rows: Array<{
        topic: string;
        key: string;
        value: string;
        headers: Record<string, string>;
      }> = await dataSource.query('SELECT topic, key, value, headers FROM outbox ORDER BY id');
      return rows.map((row): OutboxMessage => ({
        topic: row.topic,
        key: row.key,
        value: row.value,
        headers: row.headers,
      }));
    },
  };
});
