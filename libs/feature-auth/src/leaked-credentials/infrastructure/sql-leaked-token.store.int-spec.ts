import { TypeOrmTransactionRunner } from '@gatehouse/identity/testing';
import { createMigratedTestDatabase, MigratedTestDatabase } from '@gatehouse/testing';
import {
  CONTRACT_NOW,
  describeLeakedCredentialStoresContract,
  type StoredToken,
} from '../ports/leaked-token.store.contract';
import { SqlLeakedTokenStore } from './sql-leaked-token.store';
import { TypeOrmLeakedTokenNoticeStore } from './typeorm-leaked-token-notice.store';

const HOUR = 3600 * 1000;
const expiresAt = (token: StoredToken) =>
  new Date(CONTRACT_NOW.getTime() + (token.expired ? -HOUR : HOUR));
const revokedAt = (token: StoredToken) => (token.revoked ? CONTRACT_NOW : null);

let database: MigratedTestDatabase;

afterAll(async () => {
  await database?.drop();
});

describeLeakedCredentialStoresContract(
  'SqlLeakedTokenStore and TypeOrmLeakedTokenNoticeStore on PostgreSQL',
  async () => {
    database = await createMigratedTestDatabase({ prefix: 'gatehouse_leaked_credentials' });
    const { dataSource } = database;
    return {
      tokens: new SqlLeakedTokenStore(dataSource),
      notices: new TypeOrmLeakedTokenNoticeStore(dataSource),
      transactions: new TypeOrmTransactionRunner(dataSource),
      addUser: async (id) => {
        await dataSource.query(
          'INSERT INTO users (id, username, email, fullname, password_hash) VALUES ($1, $2, $3, $2, $4)',
          [id, `u${id}`, `u${id}@example.com`, 'x'],
        );
      },
      addApp: async (clientId, name, ownerUserId) => {
        await dataSource.query(
          'INSERT INTO oauth_apps (id, client_id, name, owner_user_id) VALUES ($1, $2, $3, $4)',
          [clientId.slice(-24), clientId, name, ownerUserId],
        );
      },
      addPersonalToken: async (token) => {
        await dataSource.query(
          `INSERT INTO personal_access_tokens (id, token_hash, user_id, name, role, revoked_at)
           VALUES ($1, $2, $3, $4, 'read', $5)`,
          [token.id, token.tokenHash, token.userId, token.name ?? 'token', revokedAt(token)],
        );
      },
      addAccessToken: async (token) => {
        await dataSource.query(
          `INSERT INTO access_tokens (id, token_hash, kind, user_id, client_id, expires_at, revoked_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [
            token.id,
            token.tokenHash,
            token.userId === null ? 'trusted_publisher' : 'oauth',
            token.userId,
            token.clientId ?? null,
            expiresAt(token),
            revokedAt(token),
          ],
        );
      },
      addRefreshToken: async (token) => {
        await dataSource.query(
          `INSERT INTO refresh_tokens (id, token_hash, family_id, client_id, user_id, auth_time, expires_at, used_at, revoked_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            token.id,
            token.tokenHash,
            token.familyId,
            token.clientId,
            token.userId,
            CONTRACT_NOW,
            expiresAt(token),
            token.used ? CONTRACT_NOW : null,
            revokedAt(token),
          ],
        );
      },
    };
  },
);
