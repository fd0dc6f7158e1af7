import { SqlMigration } from './sql-migration';

/**
 * The token a Job webhook asks for at each launch (docs/settings-api.md "Webhooks", `jobToken`):
 * `none` (every existing webhook), `read` or `write` on the repository of the event.
 */
export class WebhookJobToken1767225600750 extends SqlMigration {
  readonly name = 'WebhookJobToken1767225600750';

  protected readonly upStatements = [
    `ALTER TABLE webhooks
       ADD COLUMN job_token text NOT NULL DEFAULT 'none',
       ADD CONSTRAINT webhooks_job_token_check CHECK (job_token IN ('none', 'read', 'write'))`,
  ];

  protected readonly downStatements = [
    `ALTER TABLE webhooks DROP CONSTRAINT webhooks_job_token_check, DROP COLUMN job_token`,
  ];
}
