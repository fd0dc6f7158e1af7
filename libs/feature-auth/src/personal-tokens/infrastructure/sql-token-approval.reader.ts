import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrganizationTokenRules, TokenApprovalReader } from '../ports/token-approval.reader';

const RULES_OF = `SELECT o.id, o.name, COALESCE(p.policy, 'allow_all') AS policy,
  p.approval_required_since,
  COALESCE((SELECT json_object_agg(a.token_id, a.state) FROM token_approvals a
    JOIN personal_access_tokens t ON t.id = a.token_id
    WHERE a.org_id = o.id AND t.user_id = m.user_id), '{}'::json) AS decisions
FROM memberships m
JOIN organizations o ON o.id = m.org_id
LEFT JOIN organization_token_policies p ON p.org_id = o.id
WHERE m.user_id = $1`;

interface RuleRow {
  id: string;
  name: string;
  policy: OrganizationTokenRules['policy'];
  approval_required_since: Date | null;
  decisions: OrganizationTokenRules['decisions'];
}

/** TokenApprovalReader in one statement: the user's organizations with their policy and decisions. */
@Injectable()
export class SqlTokenApprovalReader extends TokenApprovalReader {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async rulesOf(userId: string): Promise<OrganizationTokenRules[]> {
    const rows: RuleRow[] = await this.dataSource.query(RULES_OF, [userId]);
    return rows
      .filter((row) => row.policy !== 'allow_all' || Object.keys(row.decisions).length > 0)
      .map((row) => ({
        org: { id: row.id, name: row.name },
        policy: row.policy,
        approvalRequiredSince: row.approval_required_since,
        decisions: row.decisions,
      }));
  }
}
