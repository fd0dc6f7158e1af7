import { SqlMigration } from './sql-migration';

/**
 * Organization token governance (docs/settings-api.md "Organization tokens"), owned by
 * token-exchange: each organization's token policy (no row: `allow_all`) and the administrators'
 * approvals and denials of fine-grained tokens scoped to it, one row per organization and token.
 */
export class OrganizationTokenGovernance1767225600650 extends SqlMigration {
  readonly name = 'OrganizationTokenGovernance1767225600650';

  protected readonly upStatements = [
    `CREATE TABLE organization_token_policies (
       org_id char(24) PRIMARY KEY,
       policy text NOT NULL,
       approval_required_since timestamptz,
       updated_by char(24),
       updated_at timestamptz NOT NULL,
       CONSTRAINT organization_token_policies_policy_check CHECK (policy IN ('allow_all', 'fine_grained_only', 'require_approval')),
       CONSTRAINT organization_token_policies_org_id_fkey FOREIGN KEY (org_id) REFERENCES organizations (id) ON DELETE CASCADE
     )`,
    `CREATE TABLE token_approvals (
       org_id char(24) NOT NULL,
       token_id char(24) NOT NULL,
       state text NOT NULL,
       decided_by char(24),
       decided_at timestamptz NOT NULL,
       PRIMARY KEY (org_id, token_id),
       CONSTRAINT token_approvals_state_check CHECK (state IN ('approved', 'denied')),
       CONSTRAINT token_approvals_org_id_fkey FOREIGN KEY (org_id) REFERENCES organizations (id) ON DELETE CASCADE,
       CONSTRAINT token_approvals_token_id_fkey FOREIGN KEY (token_id) REFERENCES personal_access_tokens (id) ON DELETE CASCADE
     )`,
    `CREATE INDEX token_approvals_token_id_idx ON token_approvals (token_id)`,
  ];

  protected readonly downStatements = [
    `DROP TABLE token_approvals`,
    `DROP TABLE organization_token_policies`,
  ];
}
