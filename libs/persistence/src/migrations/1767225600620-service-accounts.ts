import { SqlMigration } from './sql-migration';

/**
 * Organization service accounts (docs/settings-api.md "Service accounts"): a `users` row of kind
 * `service_account`, owned by one organization (gone with it), never signed in with a password.
 * Its personal tokens and its membership are the ordinary rows, so the principal reader and the
 * access policy read it as any user.
 */
export class ServiceAccounts1767225600620 extends SqlMigration {
  readonly name = 'ServiceAccounts1767225600620';

  protected readonly upStatements = [
    `ALTER TABLE users
       ADD COLUMN kind text NOT NULL DEFAULT 'user',
       ADD COLUMN owner_org_id char(24),
       ADD CONSTRAINT users_kind_check CHECK (kind IN ('user', 'service_account')),
       ADD CONSTRAINT users_owner_org_check CHECK ((kind = 'service_account') = (owner_org_id IS NOT NULL)),
       ADD CONSTRAINT users_owner_org_id_fkey FOREIGN KEY (owner_org_id) REFERENCES organizations (id) ON DELETE CASCADE`,
    `CREATE INDEX users_owner_org_id_idx ON users (owner_org_id) WHERE owner_org_id IS NOT NULL`,
  ];

  protected readonly downStatements = [
    `DELETE FROM users WHERE kind = 'service_account'`,
    `DROP INDEX users_owner_org_id_idx`,
    `ALTER TABLE users
       DROP CONSTRAINT users_owner_org_id_fkey,
       DROP CONSTRAINT users_owner_org_check,
       DROP CONSTRAINT users_kind_check,
       DROP COLUMN owner_org_id,
       DROP COLUMN kind`,
  ];
}
