import { TypeOrmTransactionRunner } from '@gatehouse/identity/testing';
import { createMigratedTestDatabase, MigratedTestDatabase } from '@gatehouse/testing';
import { describeServiceAccountStoreContract } from '../ports/service-account.store.contract';
import { TypeOrmServiceAccountStore } from './typeorm-service-account.store';

let database: MigratedTestDatabase;

afterAll(async () => {
  await database?.drop();
});

describeServiceAccountStoreContract('TypeOrmServiceAccountStore on PostgreSQL', async () => {
  database = await createMigratedTestDatabase({ prefix: 'gatehouse_service_accounts' });
  const { dataSource } = database;
  return {
    store: new TypeOrmServiceAccountStore(dataSource),
    transactions: new TypeOrmTransactionRunner(dataSource),
    addOrganization: async (id, name) => {
      await dataSource.query(
        'INSERT INTO organizations (id, name, fullname, plan) VALUES ($1, $2, $3, $4)',
        [id, name, name, 'enterprise'],
      );
    },
  };
});
