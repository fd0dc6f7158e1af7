import { SqlMigration } from './sql-migration';

/**
 * Seals the audit log with a key the database does not hold (libs/feature-token-exchange
 * AuditSeal): each entry's `mac`, null on entries written before, and one sealed head row per
 * organization, replaced on every append, so a cut end of the log is detected.
 */
export class AuditSeal1767225600101 extends SqlMigration {
  readonly name = 'AuditSeal1767225600101';

  protected readonly upStatements = [
    // Adding a column is not an UPDATE: the append-only triggers do not fire.
    `ALTER TABLE audit_log ADD COLUMN mac char(64)`,
    `CREATE TABLE audit_heads (
       org_id char(24) PRIMARY KEY,
       seq bigint NOT NULL,
       hash char(64) NOT NULL,
       mac char(64) NOT NULL
     )`,
  ];

  protected readonly downStatements = [
    `DROP TABLE audit_heads`,
    `ALTER TABLE audit_log DROP COLUMN mac`,
  ];
}
