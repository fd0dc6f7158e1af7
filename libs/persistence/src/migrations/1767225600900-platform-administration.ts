import { SqlMigration } from './sql-migration';

/**
 * The platform's admin API (docs/admin-api.md): a user flagged a platform administrator (by the
 * seed; GATEHOUSE_PLATFORM_ADMINS names others) and the log of what administrators did.
 */
export class PlatformAdministration1767225600900 extends SqlMigration {
  readonly name = 'PlatformAdministration1767225600900';

  protected readonly upStatements = [
    `ALTER TABLE users ADD COLUMN platform_admin boolean NOT NULL DEFAULT false`,
    `CREATE TABLE admin_audit_log (
       id char(24) PRIMARY KEY,
       actor_user_id char(24) NOT NULL,
       actor_username text NOT NULL,
       action text NOT NULL,
       target_type text NOT NULL,
       target_id char(24) NOT NULL,
       target_name text NOT NULL,
       details jsonb NOT NULL,
       created_at timestamptz NOT NULL DEFAULT now(),
       CONSTRAINT admin_audit_log_target_type_check CHECK (target_type IN ('user', 'organization'))
     )`,
    `CREATE INDEX admin_audit_log_created_at_idx ON admin_audit_log (created_at)`,
  ];

  protected readonly downStatements = [
    `DROP TABLE admin_audit_log`,
    `ALTER TABLE users DROP COLUMN platform_admin`,
  ];
}
