import { newObjectId } from '@gatehouse/crypto';
import { createMigratedTestDatabase, MigratedTestDatabase } from '@gatehouse/testing';
import { describeConsentStoresContract } from '../ports/consent-context.reader.contract';
import { SqlConsentContextReader } from './sql-consent-context.reader';
import { TypeOrmRememberedConsents } from './typeorm-remembered-consents';

let database: MigratedTestDatabase;

afterAll(async () => {
  await database?.drop();
});

describeConsentStoresContract(
  'SqlConsentContextReader and TypeOrmRememberedConsents on PostgreSQL',
  async () => {
    database = await createMigratedTestDatabase({ prefix: 'gatehouse_consent_stores' });
    const { dataSource } = database;
    const organizations = new Set<string>();
    return {
      contexts: new SqlConsentContextReader(dataSource),
      remembered: new TypeOrmRememberedConsents(dataSource),
      addUser: async (user) => {
        await dataSource.query(
          'INSERT INTO users (id, username, email, fullname, avatar_url, is_pro, password_hash, disabled_at, email_confirmed_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
          [
            user.id,
            user.username,
            user.email,
            user.fullname,
            user.avatarUrl,
            user.isPro,
            'x',
            user.disabled ? new Date() : null,
            user.emailConfirmed ? new Date() : null,
          ],
        );
      },
      addMembership: async (userId, organization, role) => {
        if (!organizations.has(organization.id)) {
          await dataSource.query(
            'INSERT INTO organizations (id, name, fullname, plan, avatar_url) VALUES ($1, $2, $3, $4, $5)',
            [
              organization.id,
              organization.name,
              organization.fullname,
              organization.plan,
              organization.avatarUrl,
            ],
          );
          organizations.add(organization.id);
        }
        await dataSource.query(
          'INSERT INTO memberships (org_id, user_id, role) VALUES ($1, $2, $3)',
          [organization.id, userId, role],
        );
      },
      addApp: async (app) => {
        const owner = newObjectId();
        await dataSource.query(
          "INSERT INTO organizations (id, name, fullname, plan) VALUES ($1, $2, $2, 'team')",
          [owner, `owner-${owner}`],
        );
        await dataSource.query(
          'INSERT INTO oauth_apps (id, client_id, name, owner_org_id, client_secret_hash, redirect_uris, scopes) VALUES ($1, $2, $3, $4, $5, $6, $7)',
          [
            newObjectId(),
            app.clientId,
            app.name,
            owner,
            app.secretHash,
            app.redirectUris,
            app.scopes,
          ],
        );
      },
    };
  },
);
