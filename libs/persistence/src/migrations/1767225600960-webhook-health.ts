import { SqlMigration } from './sql-migration';

/**
 * What the owner of a webhook is told about its endpoint (docs/settings.md "When a webhook
 * fails"): one row per webhook that has failed at least once, written by the delivery worker,
 * read by webhook-management. No row: healthy.
 */
export class WebhookHealth1767225600960 extends SqlMigration {
  readonly name = 'WebhookHealth1767225600960';

  protected readonly upStatements = [
    `CREATE TABLE webhook_health (
       webhook_id char(24) NOT NULL,
       state text NOT NULL,
       failing_since timestamptz,
       last_error text,
       changed_at timestamptz NOT NULL,
       CONSTRAINT webhook_health_pkey PRIMARY KEY (webhook_id),
       CONSTRAINT webhook_health_state_check CHECK (state IN ('healthy', 'failing', 'failing_long', 'disabled')),
       CONSTRAINT webhook_health_webhook_id_fkey FOREIGN KEY (webhook_id) REFERENCES webhooks (id) ON DELETE CASCADE
     )`,
  ];

  protected readonly downStatements = [`DROP TABLE webhook_health`];
}
