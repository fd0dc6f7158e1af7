import { SqlMigration } from './sql-migration';

/**
 * A webhook secret rotated with an overlap (docs/settings-api.md "Rotate a webhook secret"): the
 * secret it replaced, sealed like the current one, and the end of the overlap. Both null outside
 * an overlap, both set inside one.
 */
export class WebhookSecretOverlap1767225600800 extends SqlMigration {
  readonly name = 'WebhookSecretOverlap1767225600800';

  protected readonly upStatements = [
    `ALTER TABLE webhooks
       ADD COLUMN previous_secret_encrypted text,
       ADD COLUMN previous_secret_until timestamptz,
       ADD CONSTRAINT webhooks_previous_secret_check
         CHECK (num_nonnulls(previous_secret_encrypted, previous_secret_until) IN (0, 2))`,
  ];

  protected readonly downStatements = [
    `ALTER TABLE webhooks
       DROP CONSTRAINT webhooks_previous_secret_check,
       DROP COLUMN previous_secret_until,
       DROP COLUMN previous_secret_encrypted`,
  ];
}
