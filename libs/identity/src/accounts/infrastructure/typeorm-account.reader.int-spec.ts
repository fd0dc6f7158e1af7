import { createMigratedTestDatabase, MigratedTestDatabase } from '@gatehouse/testing';
import { TypeOrmTransactionRunner } from '../../transactions/infrastructure/typeorm-transaction-runner';
import { describeAccountReaderContract } from '../ports/account.reader.contract';
import { TypeOrmAccountReader } from './typeorm-account.reader';

let database: MigratedTestDatabase;

afterAll(async () => {
  await database?.drop();
});

describeAccountReaderContract('TypeOrmAccountReader on PostgreSQL', async () => {
  database = await createMigratedTestDatabase({ prefix: 'gatehouse_account_reader' });
  const { dataSource } = database;
  return {
    reader: new TypeOrmAccountReader(dataSource),
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
    addOrganization: async (org) => {
      await dataSource.query(
        'INSERT INTO organizations (id, name, fullname, plan, avatar_url) VALUES ($1, $2, $3, $4, $5)',
        [org.id, org.name, org.fullname, org.plan, org.avatarUrl],
      );
    },
    addMembership: async (userId, orgId, role) => {
      await dataSource.query(
        'INSERT INTO memberships (org_id, user_id, role) VALUES ($1, $2, $3)',
        [orgId, userId, role],
      );
    },
  };
});
