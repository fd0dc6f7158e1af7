import { SqlMigration } from './sql-migration';

export class TokenExpiryIndexes1767225600310 extends SqlMigration {
  readonly name = 'TokenExpiryIndexes1767225600310';

  protected readonly upStatements = [
    // The token pruner deletes by expiry in batches; without these each batch scans its table.
    `CREATE INDEX access_tokens_expires_at_idx ON access_tokens (expires_at)`,
    `CREATE INDEX refresh_tokens_expires_at_idx ON refresh_tokens (expires_at)`,
  ];

  protected readonly downStatements = [
    `DROP INDEX refresh_tokens_expires_at_idx`,
    `DROP INDEX access_tokens_expires_at_idx`,
  ];
}
