import { SqlMigration } from './sql-migration';

export class Webhooks1767225600003 extends SqlMigration {
  readonly name = 'Webhooks1767225600003';

  protected readonly upStatements = [
    `CREATE TABLE jobs (
       id char(24) PRIMARY KEY,
       owner_user_id char(24) NOT NULL,
       command jsonb NOT NULL,
       docker_image text,
       space_id text,
       environment jsonb NOT NULL DEFAULT '{}',
       secrets_encrypted jsonb NOT NULL DEFAULT '{}',
       flavor text NOT NULL DEFAULT 'cpu-basic',
       timeout_seconds integer,
       created_at timestamptz NOT NULL DEFAULT now(),
       CONSTRAINT jobs_owner_user_id_fkey FOREIGN KEY (owner_user_id) REFERENCES users (id) ON DELETE CASCADE
     )`,
    `CREATE INDEX jobs_owner_user_id_idx ON jobs (owner_user_id)`,
    `CREATE TABLE webhooks (
       id char(24) PRIMARY KEY,
       owner_user_id char(24) NOT NULL,
       url text,
       job_source_id char(24),
       job_spec jsonb,
       watched jsonb NOT NULL DEFAULT '[]',
       domains text[] NOT NULL DEFAULT '{}',
       secret_encrypted text,
       job_secrets_encrypted jsonb NOT NULL DEFAULT '{}',
       disabled boolean NOT NULL DEFAULT false,
       disabled_reason text,
       revision integer NOT NULL DEFAULT 1,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       CONSTRAINT webhooks_one_target CHECK (num_nonnulls(url, job_spec) = 1),
       CONSTRAINT webhooks_owner_user_id_fkey FOREIGN KEY (owner_user_id) REFERENCES users (id) ON DELETE CASCADE,
       CONSTRAINT webhooks_job_source_id_fkey FOREIGN KEY (job_source_id) REFERENCES jobs (id) ON DELETE SET NULL
     )`,
    `CREATE INDEX webhooks_owner_user_id_idx ON webhooks (owner_user_id)`,
  ];

  protected readonly downStatements = [`DROP TABLE webhooks`, `DROP TABLE jobs`];
}
