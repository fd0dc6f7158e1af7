import { SqlMigration } from './sql-migration';

/**
 * The answer of a refresh-token rotation, sealed with a key only the spent token derives, kept on
 * the spent token's row by the statement that rotates it (docs/architecture.md "Refresh
 * rotation"): a concurrent retry within the reuse grace reads it with the row it waits for, so
 * the grace needs no store of its own and no second round trip.
 */
export class RefreshRotationAnswer1767225601000 extends SqlMigration {
  readonly name = 'RefreshRotationAnswer1767225601000';

  protected readonly upStatements = [`ALTER TABLE refresh_tokens ADD COLUMN rotation_answer text`];

  protected readonly downStatements = [`ALTER TABLE refresh_tokens DROP COLUMN rotation_answer`];
}
