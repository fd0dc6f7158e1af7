import { SqlMigration } from './sql-migration';

/**
 * Trusted publishers and the audit log. The audit log is append-only: UPDATE, DELETE and
 * TRUNCATE are refused by triggers, and it has no foreign keys so nothing cascades into it.
 */
export class TokenExchange1767225600002 extends SqlMigration {
  readonly name = 'TokenExchange1767225600002';

  protected readonly upStatements = [
    `CREATE TABLE trusted_publishers (
       id char(24) PRIMARY KEY,
       issuer text NOT NULL,
       jwks_uri text NOT NULL,
       audience text NOT NULL,
       conditions jsonb NOT NULL DEFAULT '{}',
       repo_type text NOT NULL,
       repo_name text NOT NULL,
       created_at timestamptz NOT NULL DEFAULT now(),
       CONSTRAINT trusted_publishers_issuer_repo_key UNIQUE (issuer, repo_type, repo_name)
     )`,
    `CREATE TABLE audit_log (
       id bigserial PRIMARY KEY,
       org_id char(24) NOT NULL,
       seq bigint NOT NULL,
       action text NOT NULL,
       outcome text NOT NULL,
       error_code text,
       client_id text,
       actor_user_id char(24),
       subject text,
       detail jsonb NOT NULL DEFAULT '{}',
       created_at timestamptz NOT NULL DEFAULT now(),
       prev_hash char(64),
       hash char(64) NOT NULL,
       CONSTRAINT audit_log_org_id_seq_key UNIQUE (org_id, seq),
       CONSTRAINT audit_log_outcome_check CHECK (outcome IN ('success', 'failure'))
     )`,
    `CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
     END
     $$`,
    `CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
       FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change()`,
    `CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
       FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change()`,
  ];

  protected readonly downStatements = [
    `DROP TABLE audit_log`,
    `DROP FUNCTION audit_log_refuse_change()`,
    `DROP TABLE trusted_publishers`,
  ];
}
