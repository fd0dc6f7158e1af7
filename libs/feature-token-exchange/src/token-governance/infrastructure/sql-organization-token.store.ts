import { Injectable } from '@nestjs/common';
import { entityManagerOf, type Transaction } from '@gatehouse/identity';
import { DataSource } from 'typeorm';
import {
  OrganizationTokenLookup,
  OrganizationTokenPolicyRecord,
  OrganizationTokenRecord,
  OrganizationTokenStore,
  TokenDecisionRecord,
} from '../ports/organization-token.store';

/**
 * A member's live personal token that reaches the organization ($1 its id, $2 its name): `read`
 * and `write` tokens, and fine-grained ones naming it or one of its repositories (`<org>/…`), as
 * grantTouchesOrg (libs/domain) decides.
 */
const TOKENS_OF = `SELECT t.id, t.token_hash, t.name, t.role, t.fine_grained, t.preview, t.created_at,
  t.expires_at, t.last_used_at, u.id AS owner_id, u.username, u.fullname, m.role AS owner_role,
  a.state, d.username AS decided_by, a.decided_at
FROM personal_access_tokens t
JOIN memberships m ON m.user_id = t.user_id AND m.org_id = $1
JOIN users u ON u.id = t.user_id
LEFT JOIN token_approvals a ON a.org_id = $1 AND a.token_id = t.id
LEFT JOIN users d ON d.id = a.decided_by
WHERE t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > now())
  AND u.disabled_at IS NULL
  AND (t.role IN ('read', 'write') OR EXISTS (
    SELECT 1 FROM jsonb_array_elements(t.fine_grained -> 'scoped') AS e(entry)
    WHERE (e.entry -> 'entity' ->> 'type' = 'org' AND e.entry -> 'entity' ->> 'id' = $1)
       OR (e.entry -> 'entity' ->> 'type' IN ('model', 'dataset', 'space')
           AND left(lower(e.entry -> 'entity' ->> 'name'), length($2) + 1) = lower($2) || '/')))`;

interface TokenRow {
  id: string;
  token_hash: string;
  name: string;
  role: OrganizationTokenRecord['role'];
  fine_grained: OrganizationTokenRecord['fineGrained'];
  preview: string | null;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  owner_id: string;
  username: string;
  fullname: string;
  owner_role: OrganizationTokenRecord['owner']['role'];
  state: 'approved' | 'denied' | null;
  decided_by: string | null;
  decided_at: Date | null;
}

interface PolicyRow {
  policy: OrganizationTokenPolicyRecord['policy'];
  approval_required_since: Date | null;
  updated_by: string | null;
  updated_at: Date;
}

/** OrganizationTokenStore in plain SQL (a JSON condition the query builder does not express). */
@Injectable()
export class SqlOrganizationTokenStore extends OrganizationTokenStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async policyOf(orgId: string): Promise<OrganizationTokenPolicyRecord> {
    const [row]: PolicyRow[] = await this.dataSource.query(
      'SELECT policy, approval_required_since, updated_by, updated_at FROM organization_token_policies WHERE org_id = $1',
      [orgId],
    );
    if (!row)
      return {
        orgId,
        policy: 'allow_all',
        approvalRequiredSince: null,
        updatedBy: null,
        updatedAt: null,
      };
    return {
      orgId,
      policy: row.policy,
      approvalRequiredSince: row.approval_required_since,
      updatedBy: row.updated_by,
      updatedAt: row.updated_at,
    };
  }

  async savePolicy(
    tx: Transaction,
    record: OrganizationTokenPolicyRecord & { updatedAt: Date },
  ): Promise<void> {
    await entityManagerOf(tx).query(
      `INSERT INTO organization_token_policies (org_id, policy, approval_required_since, updated_by, updated_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (org_id) DO UPDATE SET policy = EXCLUDED.policy,
         approval_required_since = EXCLUDED.approval_required_since,
         updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
      [
        record.orgId,
        record.policy,
        record.approvalRequiredSince,
        record.updatedBy,
        record.updatedAt,
      ],
    );
  }

  async tokensOf(
    org: { id: string; name: string },
    page: { limit: number; before: string | null },
  ): Promise<OrganizationTokenRecord[]> {
    const rows: TokenRow[] = await this.dataSource.query(
      `${TOKENS_OF} AND ($3::char(24) IS NULL OR (t.created_at, t.id) <
         (SELECT c.created_at, c.id FROM personal_access_tokens c WHERE c.id = $3))
       ORDER BY t.created_at DESC, t.id DESC LIMIT $4`,
      [org.id, org.name, page.before, page.limit],
    );
    return rows.map(recordOf);
  }

  async findToken(
    org: { id: string; name: string },
    lookup: OrganizationTokenLookup,
  ): Promise<OrganizationTokenRecord | null> {
    const [column, value] =
      'id' in lookup ? ['t.id', lookup.id] : ['t.token_hash', lookup.tokenHash];
    const [row]: TokenRow[] = await this.dataSource.query(`${TOKENS_OF} AND ${column} = $3`, [
      org.id,
      org.name,
      value,
    ]);
    return row ? recordOf(row) : null;
  }

  async saveDecision(tx: Transaction, decision: TokenDecisionRecord): Promise<void> {
    await entityManagerOf(tx).query(
      `INSERT INTO token_approvals (org_id, token_id, state, decided_by, decided_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (org_id, token_id) DO UPDATE SET state = EXCLUDED.state,
         decided_by = EXCLUDED.decided_by, decided_at = EXCLUDED.decided_at`,
      [decision.orgId, decision.tokenId, decision.state, decision.decidedBy, decision.decidedAt],
    );
  }
}

function recordOf(row: TokenRow): OrganizationTokenRecord {
  return {
    id: row.id,
    tokenHash: row.token_hash,
    name: row.name,
    role: row.role,
    fineGrained: row.fine_grained,
    preview: row.preview,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    owner: {
      id: row.owner_id,
      username: row.username,
      fullname: row.fullname,
      role: row.owner_role,
    },
    decision:
      row.state && row.decided_at
        ? { state: row.state, decidedBy: row.decided_by, decidedAt: row.decided_at }
        : null,
  };
}
