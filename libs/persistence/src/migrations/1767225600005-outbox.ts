import { SqlMigration } from './sql-migration';

export class Outbox1767225600005 extends SqlMigration {
  readonly name = 'Outbox1767225600005';

  protected readonly upStatements = [
    `CREATE TABLE outbox (
       id bigserial PRIMARY KEY,
       topic text NOT NULL,
       key text NOT NULL,
       value text NOT NULL,
       headers jsonb NOT NULL DEFAULT '{}',
       created_at timestamptz NOT NULL DEFAULT now(),
       sent_at timestamptz
     )`,
    // The relay only ever scans unsent rows.
    `CREATE INDEX outbox_unsent_idx ON outbox (id) WHERE sent_at IS NULL`,
  ];

  protected readonly downStatements = [`DROP TABLE outbox`];
}
