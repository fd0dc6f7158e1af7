import { SqlMigration } from './sql-migration';

/**
 * An organization may require two factors of its members (docs/security.md "Organizations that
 * require two factors"): a flag beside its token policy, read with it by the organization's
 * settings and token exchange. No row, or false: not required.
 */
export class OrganizationTwoFactor1767225600990 extends SqlMigration {
  readonly name = 'OrganizationTwoFactor1767225600990';

  protected readonly upStatements = [
    `ALTER TABLE organization_token_policies ADD COLUMN require_two_factor boolean NOT NULL DEFAULT false`,
  ];

  protected readonly downStatements = [
    `ALTER TABLE organization_token_policies DROP COLUMN require_two_factor`,
  ];
}
