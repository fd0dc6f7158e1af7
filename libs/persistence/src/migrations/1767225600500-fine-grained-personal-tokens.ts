import { SqlMigration } from './sql-migration';

/**
 * Fine-grained personal tokens and the personal-token lifecycle (docs/settings-api.md "Access
 * tokens"): the grant of a `fineGrained` token, an optional expiry, the masked preview kept at
 * creation (null for tokens created before it), and where the token was last used, coarsely.
 */
export class FineGrainedPersonalTokens1767225600500 extends SqlMigration {
  readonly name = 'FineGrainedPersonalTokens1767225600500';

  protected readonly upStatements = [
    `ALTER TABLE personal_access_tokens DROP CONSTRAINT personal_access_tokens_role_check`,
    `ALTER TABLE personal_access_tokens
       ADD COLUMN fine_grained jsonb,
       ADD COLUMN expires_at timestamptz,
       ADD COLUMN preview text,
       ADD COLUMN last_used_address text,
       ADD COLUMN last_used_client text,
       ADD CONSTRAINT personal_access_tokens_role_check CHECK (role IN ('read', 'write', 'fineGrained')),
       ADD CONSTRAINT personal_access_tokens_fine_grained_check CHECK ((role = 'fineGrained') = (fine_grained IS NOT NULL))`,
  ];

  protected readonly downStatements = [
    `DELETE FROM personal_access_tokens WHERE role = 'fineGrained'`,
    `ALTER TABLE personal_access_tokens
       DROP CONSTRAINT personal_access_tokens_fine_grained_check,
       DROP CONSTRAINT personal_access_tokens_role_check,
       DROP COLUMN last_used_client,
       DROP COLUMN last_used_address,
       DROP COLUMN preview,
       DROP COLUMN expires_at,
       DROP COLUMN fine_grained`,
    `ALTER TABLE personal_access_tokens ADD CONSTRAINT personal_access_tokens_role_check CHECK (role IN ('read', 'write'))`,
  ];
}
