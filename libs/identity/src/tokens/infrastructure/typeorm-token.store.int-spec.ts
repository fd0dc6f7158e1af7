import type { OutboxMessage } from '@gatehouse/persistence';
import { createMigratedTestDatabase, MigratedTestDatabase } from '@gatehouse/testing';
import {
  entityManagerOf,
  TypeOrmTransaction,
} from '../../transactions/infrastructure/typeorm-transaction';
import { TypeOrmTransactionRunner } from '../../transactions/infrastructure/typeorm-transaction-runner';
import type { Transaction } from '../../transactions/ports/transaction';
import { describeTokenStoreContract } from '../ports/token.store.contract';
import { SqlIssuedTokenWriter } from './sql-issued-token.writer';
import { TypeOrmTokenStore } from './typeorm-token.store';

let database: MigratedTestDatabase;

afterAll(async () => {
  await database?.drop();
});

describeTokenStoreContract(
  'TypeOrmTokenStore with SqlIssuedTokenWriter on PostgreSQL',
  async () => {
    database = await createMigratedTestDatabase({ prefix: 'gatehouse_token_store' });
    const { dataSource } = database;
    return {
      store: new TypeOrmTokenStore(dataSource),
      writer: new SqlIssuedTokenWriter(),
      transactions: new TypeOrmTransactionRunner(dataSource),
      addUser: async (user) => {
        await dataSource.query(
          'INSERT INTO users (id, username, email, fullname, password_hash, is_pro, avatar_url, disabled_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
          [
            user.id,
            user.username,
            user.email,
            user.fullname,
            'x',
            user.isPro,
            user.avatarUrl,
            user.disabledAt,
          ],
        );
      },
      addPersonalToken: async (row) => {
        await dataSource.query(
          'INSERT INTO personal_access_tokens (id, token_hash, user_id, name, role, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
          [row.id, row.tokenHash, row.userId, row.name, row.role, row.createdAt],
        );
      },
      personalTokenRevokedAt: async (id) => {
        const [row]: Array<{ revoked_at: Date | null }> = await dataSource.query(
          'SELECT revoked_at FROM personal_access_tokens WHERE id = $1',
          [id],
        );
        return row?.revoked_at ?? null;
      },
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
  },
);

describe('a TypeORM transaction handle', () => {
  it('is refused once its transaction has ended, so a write through it cannot commit on its own', async () => {
    const { dataSource } = database;
    let kept: Transaction | undefined;
    await new TypeOrmTransactionRunner(dataSource).run(async (tx) => {
      expect(entityManagerOf(tx)).toBe((tx as TypeOrmTransaction).manager);
      kept = tx;
    });
    expect(() => entityManagerOf(kept!)).toThrow(
      'A TypeORM adapter was given a transaction that has ended',
    );
  });

  it('may run each statement alone, but not for an adapter whose lock must last until COMMIT', async () => {
    const { dataSource } = database;
    const runner = new TypeOrmTransactionRunner(dataSource);
    const [{ answer }] = await runner.runEachStatementAlone((tx) =>
      entityManagerOf(tx).query('SELECT 42 AS answer'),
    );
    expect(answer).toBe(42);
    await expect(
      runner.runEachStatementAlone(async (tx) => entityManagerOf(tx, { holdsLocks: true })),
    ).rejects.toThrow(
      'An adapter that locks until COMMIT was given a handle whose statements commit alone',
    );
    await runner.run(async (tx) =>
      expect(entityManagerOf(tx, { holdsLocks: true })).toBe((tx as TypeOrmTransaction).manager),
    );
  });
});
