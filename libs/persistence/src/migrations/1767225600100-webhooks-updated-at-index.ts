import { SqlMigration } from './sql-migration';

export class WebhooksUpdatedAtIndex1767225600100 extends SqlMigration {
  readonly name = 'WebhooksUpdatedAtIndex1767225600100';

  protected readonly upStatements = [
    // The delivery worker reads the recently changed webhooks before matching an event newer than its index.
    `CREATE INDEX webhooks_updated_at_idx ON webhooks (updated_at)`,
  ];

  protected readonly downStatements = [`DROP INDEX webhooks_updated_at_idx`];
}
