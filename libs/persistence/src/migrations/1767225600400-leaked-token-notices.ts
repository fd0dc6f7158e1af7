import { SqlMigration } from './sql-migration';

/**
 * The notices of tokens reported leaked (`POST /api/credentials/revoke`) and revoked, one per
 * token, which the owner's tokens page lists until dismissed.
 */
export class LeakedTokenNotices1767225600400 extends SqlMigration {
  readonly name = 'LeakedTokenNotices1767225600400';

  protected readonly upStatements = [
    `CREATE TABLE leaked_token_notices (
       id char(24) PRIMARY KEY,
       user_id char(24) NOT NULL,
       token_kind text NOT NULL,
       token_id char(24) NOT NULL,
       token_name text,
       client_id text,
       reported_at timestamptz NOT NULL,
       revoked_at timestamptz NOT NULL,
       dismissed_at timestamptz,
       CONSTRAINT leaked_token_notices_token_key UNIQUE (token_kind, token_id),
       CONSTRAINT leaked_token_notices_token_kind_check CHECK (token_kind IN ('personal', 'access', 'refresh')),
       CONSTRAINT leaked_token_notices_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
     )`,
    `CREATE INDEX leaked_token_notices_user_id_idx ON leaked_token_notices (user_id)`,
  ];

  protected readonly downStatements = [`DROP TABLE leaked_token_notices`];
}
