import { SqlMigration } from './sql-migration';

/** Delivery records live exactly as long as their webhook (ON DELETE CASCADE). */
export class Delivery1767225600004 extends SqlMigration {
  readonly name = 'Delivery1767225600004';

  protected readonly upStatements = [
    `CREATE TABLE deliveries (
       id char(24) PRIMARY KEY,
       webhook_id char(24) NOT NULL,
       event_id text NOT NULL,
       payload jsonb NOT NULL,
       status text NOT NULL DEFAULT 'pending',
       attempts integer NOT NULL DEFAULT 0,
       next_attempt_at timestamptz,
       last_status_code integer,
       last_error text,
       replay_of char(24),
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       CONSTRAINT deliveries_status_check
         CHECK (status IN ('pending', 'succeeded', 'retrying', 'failed', 'rate_limited', 'cancelled')),
       CONSTRAINT deliveries_webhook_id_fkey FOREIGN KEY (webhook_id) REFERENCES webhooks (id) ON DELETE CASCADE,
       CONSTRAINT deliveries_replay_of_fkey FOREIGN KEY (replay_of) REFERENCES deliveries (id) ON DELETE CASCADE
     )`,
    // An event reaches a webhook once; replays are extra rows that point at the original.
    `CREATE UNIQUE INDEX deliveries_webhook_id_event_id_key ON deliveries (webhook_id, event_id) WHERE replay_of IS NULL`,
    `CREATE INDEX deliveries_status_next_attempt_at_idx ON deliveries (status, next_attempt_at)`,
    `CREATE INDEX deliveries_webhook_id_created_at_idx ON deliveries (webhook_id, created_at DESC)`,
    `CREATE TABLE delivery_attempts (
       id char(24) PRIMARY KEY,
       delivery_id char(24) NOT NULL,
       attempt_no integer NOT NULL,
       started_at timestamptz NOT NULL,
       duration_ms integer NOT NULL,
       status_code integer,
       error text,
       response_excerpt text,
       CONSTRAINT delivery_attempts_delivery_id_attempt_no_key UNIQUE (delivery_id, attempt_no),
       CONSTRAINT delivery_attempts_delivery_id_fkey FOREIGN KEY (delivery_id) REFERENCES deliveries (id) ON DELETE CASCADE
     )`,
    `CREATE TABLE job_runs (
       id char(24) PRIMARY KEY,
       delivery_id char(24) NOT NULL,
       webhook_id char(24) NOT NULL,
       launcher text NOT NULL,
       external_id text,
       status text NOT NULL,
       exit_code integer,
       started_at timestamptz NOT NULL,
       finished_at timestamptz,
       CONSTRAINT job_runs_delivery_id_fkey FOREIGN KEY (delivery_id) REFERENCES deliveries (id) ON DELETE CASCADE,
       CONSTRAINT job_runs_webhook_id_fkey FOREIGN KEY (webhook_id) REFERENCES webhooks (id) ON DELETE CASCADE
     )`,
    `CREATE INDEX job_runs_delivery_id_idx ON job_runs (delivery_id)`,
    `CREATE INDEX job_runs_webhook_id_idx ON job_runs (webhook_id)`,
  ];

  protected readonly downStatements = [
    `DROP TABLE job_runs`,
    `DROP TABLE delivery_attempts`,
    `DROP TABLE deliveries`,
  ];
}
