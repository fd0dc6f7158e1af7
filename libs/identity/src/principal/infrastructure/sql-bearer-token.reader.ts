import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  USER_COLUMNS,
  type UserColumns,
  userRecordOf,
} from '../../accounts/infrastructure/user-columns';
import type { MembershipRecord } from '../../accounts/ports/account-records';
import {
  AccessTokenGrant,
  BearerTokenReader,
  OrgTokenRule,
  PersonalTokenGrant,
} from '../ports/bearer-token.reader';

/** SQL: the account `userColumn` has a confirmed authenticator app or a passkey. */
export const HAS_SECOND_FACTOR = (userColumn: string) =>
  `(EXISTS (SELECT 1 FROM totp_factors f WHERE f.user_id = ${userColumn} AND f.confirmed_at IS NOT NULL)
    OR EXISTS (SELECT 1 FROM passkeys k WHERE k.user_id = ${userColumn}))`;

/** Whether the user has a second factor, and their organizations that require one (token-exchange's policies). */
const TWO_FACTOR_STANDING = (userColumn: string) => `ARRAY(
  SELECT m.org_id FROM memberships m JOIN organization_token_policies p ON p.org_id = m.org_id
  WHERE m.user_id = ${userColumn} AND p.require_two_factor) AS two_factor_org_ids,
  ${HAS_SECOND_FACTOR(userColumn)} AS second_factor`;

/** The user's memberships with their organizations as one JSON array, by organization name. */
const MEMBERSHIPS_OF = (userColumn: string) => `COALESCE((
  SELECT json_agg(json_build_object(
    'id', o.id, 'name', o.name, 'fullname', o.fullname, 'plan', o.plan, 'avatarUrl', o.avatar_url, 'role', m.role
  ) ORDER BY o.name)
  FROM memberships m JOIN organizations o ON o.id = m.org_id
  WHERE m.user_id = ${userColumn}), '[]'::json) AS memberships`;

const ACCESS_TOKEN = `SELECT t.id, t.kind, t.user_id, t.client_id, t.scopes, t.org_ids, t.bound_org_id, t.role, t.repo,
  t.expires_at, t.revoked_at, t.created_at, a.name AS app_name, ${USER_COLUMNS}, ${MEMBERSHIPS_OF('t.user_id')},
  ${TWO_FACTOR_STANDING('t.user_id')}
FROM access_tokens t
LEFT JOIN users u ON u.id = t.user_id
LEFT JOIN oauth_apps a ON a.client_id = t.client_id
WHERE t.token_hash = $1`;

/** The token policies of the user's organizations that have one, with their decision about the token. */
const ORG_TOKEN_RULES = `COALESCE((
  SELECT json_agg(json_build_object(
    'orgId', m.org_id, 'policy', COALESCE(p.policy, 'allow_all'),
    'approvalRequiredSince', p.approval_required_since, 'decision', a.state))
  FROM memberships m
  LEFT JOIN organization_token_policies p ON p.org_id = m.org_id
  LEFT JOIN token_approvals a ON a.org_id = m.org_id AND a.token_id = t.id
  WHERE m.user_id = t.user_id AND (p.org_id IS NOT NULL OR a.org_id IS NOT NULL)), '[]'::json) AS org_token_rules`;

const PERSONAL_TOKEN = `SELECT t.id, t.user_id, t.name, t.role, t.fine_grained, t.expires_at, t.preview,
  t.last_used_at, t.last_used_address, t.last_used_client, t.created_at, t.revoked_at,
  ${USER_COLUMNS}, ${MEMBERSHIPS_OF('t.user_id')}, ${ORG_TOKEN_RULES}, ${TWO_FACTOR_STANDING('t.user_id')}
FROM personal_access_tokens t
JOIN users u ON u.id = t.user_id
WHERE t.token_hash = $1`;

interface MembershipJson {
  id: string;
  name: string;
  fullname: string;
  plan: MembershipRecord['organization']['plan'];
  avatarUrl: string | null;
  role: MembershipRecord['role'];
}

interface TwoFactorColumns {
  second_factor: boolean;
  two_factor_org_ids: string[];
}

type AccessTokenRow = UserColumns &
  TwoFactorColumns & {
    id: string;
    kind: AccessTokenGrant['token']['kind'];
    user_id: string | null;
    client_id: string | null;
    scopes: string[];
    org_ids: string[];
    bound_org_id: string | null;
    role: string | null;
    repo: AccessTokenGrant['token']['repo'];
    expires_at: Date;
    revoked_at: Date | null;
    created_at: Date;
    app_name: string | null;
    memberships: MembershipJson[];
  };

type PersonalTokenRow = UserColumns &
  TwoFactorColumns & {
    id: string;
    user_id: string;
    name: string;
    role: PersonalTokenGrant['token']['role'];
    fine_grained: PersonalTokenGrant['token']['fineGrained'];
    expires_at: Date | null;
    preview: string | null;
    last_used_at: Date | null;
    last_used_address: string | null;
    last_used_client: string | null;
    created_at: Date;
    revoked_at: Date | null;
    memberships: MembershipJson[];
    org_token_rules: Array<{
      orgId: string;
      policy: OrgTokenRule['policy'];
      approvalRequiredSince: string | null;
      decision: OrgTokenRule['decision'];
    }>;
  };

/**
 * BearerTokenReader in plain SQL: one statement per token, the user and memberships joined in
 * (the query builder and entity hydration cost more CPU than the lookup itself).
 */
@Injectable()
export class SqlBearerTokenReader extends BearerTokenReader {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async accessToken(tokenHash: string): Promise<AccessTokenGrant | null> {
    const [row]: AccessTokenRow[] = await this.dataSource.query(ACCESS_TOKEN, [tokenHash]);
    if (!row) return null;
    return {
      token: {
        id: row.id,
        kind: row.kind,
        userId: row.user_id,
        clientId: row.client_id,
        scopes: row.scopes,
        orgIds: row.org_ids,
        boundOrgId: row.bound_org_id,
        role: row.role,
        repo: row.repo,
        expiresAt: row.expires_at,
        revokedAt: row.revoked_at,
        createdAt: row.created_at,
      },
      user: userRecordOf(row),
      memberships: row.memberships.map(membershipOf),
      appName: row.app_name,
      secondFactor: row.second_factor,
      twoFactorOrgIds: row.two_factor_org_ids,
    };
  }

  async personalToken(tokenHash: string): Promise<PersonalTokenGrant | null> {
    const [row]: PersonalTokenRow[] = await this.dataSource.query(PERSONAL_TOKEN, [tokenHash]);
    const user = row ? userRecordOf(row) : null;
    if (!row || !user) return null;
    return {
      token: {
        id: row.id,
        userId: row.user_id,
        name: row.name,
        role: row.role,
        fineGrained: row.fine_grained,
        expiresAt: row.expires_at,
        preview: row.preview,
        lastUsedAt: row.last_used_at,
        lastUsedAddress: row.last_used_address,
        lastUsedClient: row.last_used_client,
        createdAt: row.created_at,
        revokedAt: row.revoked_at,
      },
      user,
      memberships: row.memberships.map(membershipOf),
      orgTokenRules: row.org_token_rules.map((rule) => ({
        orgId: rule.orgId,
        policy: rule.policy,
        approvalRequiredSince:
          rule.approvalRequiredSince === null ? null : new Date(rule.approvalRequiredSince),
        decision: rule.decision,
      })),
      secondFactor: row.second_factor,
      twoFactorOrgIds: row.two_factor_org_ids,
    };
  }

  async accessTokenHash(tokenId: string): Promise<string | null> {
    const [row]: Array<{ token_hash: string }> = await this.dataSource.query(
      'SELECT token_hash FROM access_tokens WHERE id = $1',
      [tokenId],
    );
    return row?.token_hash ?? null;
  }

  async liveTokenHashesOf(userId: string): Promise<string[]> {
    const rows: Array<{ token_hash: string }> = await this.dataSource.query(
      `SELECT token_hash FROM access_tokens WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
       UNION ALL SELECT token_hash FROM personal_access_tokens WHERE user_id = $1 AND revoked_at IS NULL
         AND (expires_at IS NULL OR expires_at > now())`,
      [userId],
    );
    return rows.map((row) => row.token_hash);
  }

  async livePersonalTokenHashesOfMembers(orgId: string): Promise<string[]> {
    const rows: Array<{ token_hash: string }> = await this.dataSource.query(
      `SELECT t.token_hash FROM personal_access_tokens t JOIN memberships m ON m.user_id = t.user_id
       WHERE m.org_id = $1 AND t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > now())`,
      [orgId],
    );
    return rows.map((row) => row.token_hash);
  }

  async liveTokenHashesOfMembers(orgId: string): Promise<string[]> {
    const rows: Array<{ token_hash: string }> = await this.dataSource.query(
      `SELECT t.token_hash FROM access_tokens t JOIN memberships m ON m.user_id = t.user_id
       WHERE m.org_id = $1 AND t.revoked_at IS NULL AND t.expires_at > now()
       UNION ALL SELECT t.token_hash FROM personal_access_tokens t JOIN memberships m ON m.user_id = t.user_id
       WHERE m.org_id = $1 AND t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > now())`,
      [orgId],
    );
    return rows.map((row) => row.token_hash);
  }
}

function membershipOf(json: MembershipJson): MembershipRecord {
  return {
    organization: {
      id: json.id,
      name: json.name,
      fullname: json.fullname,
      plan: json.plan,
      avatarUrl: json.avatarUrl,
    },
    role: json.role,
  };
}
