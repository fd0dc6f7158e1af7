import { TypeOrmTransactionRunner } from '@gatehouse/identity/testing';
import { createMigratedTestDatabase, MigratedTestDatabase } from '@gatehouse/testing';
import { describeOrganizationDirectoryContract } from '../ports/organization-directory.contract';
import { TypeOrmOrganizationDirectory } from './typeorm-organization-directory';

let database: MigratedTestDatabase;

afterAll(async () => {
  await database?.drop();
});

describeOrganizationDirectoryContract('TypeOrmOrganizationDirectory on PostgreSQL', async () => {
  database = await createMigratedTestDatabase({ prefix: 'gatehouse_organization_directory' });
  const { dataSource } = database;
  return {
    directory: new TypeOrmOrganizationDirectory(dataSource),
    transactions: new TypeOrmTransactionRunner(dataSource),
    addOrganization: async (org) => {
      await dataSource.query(
        'INSERT INTO organizations (id, name, fullname, plan) VALUES ($1, $2, $3, $4)',
        [org.id, org.name, org.name, org.plan],
      );
    },
    addUser: async (user) => {
      await dataSource.query(
        'INSERT INTO users (id, username, email, fullname, avatar_url, is_pro, password_hash, disabled_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
        [
          user.id,
          user.username,
          user.email,
          user.fullname,
          user.avatarUrl,
          user.isPro,
          'x',
          user.disabledAt,
        ],
      );
    },
    addMembership: async (orgId, userId, role) => {
      await dataSource.query(
        'INSERT INTO memberships (org_id, user_id, role) VALUES ($1, $2, $3)',
        [orgId, userId, role],
      );
    },
    addApp: async (app) => {
      await dataSource.query(
        `INSERT INTO oauth_apps (id, client_id, name, owner_org_id, client_secret_hash, scopes, token_exchange, bound_org_id, token_exchange_ttl_seconds, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
        [
          app.id,
          app.clientId,
          app.name,
          app.boundOrgId,
          app.clientSecretHash,
          app.scopes,
          app.tokenExchange,
          app.boundOrgId,
          app.tokenExchangeTtlSeconds,
          app.updatedAt,
        ],
      );
    },
  };
});
