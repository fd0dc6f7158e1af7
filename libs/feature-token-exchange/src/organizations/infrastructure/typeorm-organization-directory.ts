import { Injectable } from '@nestjs/common';
import { entityManagerOf, HAS_SECOND_FACTOR, type Transaction } from '@gatehouse/identity';
import { AccountRepository, OAuthAppEntity } from '@gatehouse/persistence';
import type { OrgRole, OrganizationPlan } from '@gatehouse/domain';
import { DataSource } from 'typeorm';
import {
  DirectoryOrganization,
  ExchangeParties,
  OrganizationDirectory,
  TokenExchangeAppChanges,
  TokenExchangeAppRecord,
  TwoFactorStanding,
} from '../ports/organization-directory';

interface ExchangePartiesRow {
  org_id: string;
  org_name: string;
  org_plan: OrganizationPlan;
  user_id: string | null;
  username: string | null;
  email: string | null;
  fullname: string | null;
  avatar_url: string | null;
  is_pro: boolean | null;
  disabled_at: Date | null;
  role: OrgRole | null;
  two_factor_missing: boolean;
}

@Injectable()
export class TypeOrmOrganizationDirectory extends OrganizationDirectory {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private get accounts(): AccountRepository {
    return new AccountRepository(this.dataSource.manager);
  }

  async findOrganizationByName(name: string): Promise<DirectoryOrganization | null> {
    const org = await this.accounts.findOrgByName(name);
    return org ? { id: org.id, name: org.name, plan: org.plan } : null;
  }

  async membershipRole(orgId: string, userId: string): Promise<OrgRole | null> {
    return (await this.accounts.findMembership(orgId, userId))?.role ?? null;
  }

  /** One statement (docs/benchmarks.md "Token exchange"); the e-mail match is AccountRepository.findUserByEmail's. */
  async findAccount(
    usernameOrEmail: string,
  ): Promise<{ id: string; username: string; email: string } | null> {
    const [row] = (await this.dataSource.query(
      `SELECT id, username, email FROM users
        WHERE lower(username) = lower($1) OR lower(email) = lower($1)
        ORDER BY lower(username) = lower($1) DESC
        LIMIT 1`,
      [usernameOrEmail],
    )) as Array<{ id: string; username: string; email: string }>;
    return row ?? null;
  }

  async exchangeParties(orgId: string, email: string | null): Promise<ExchangeParties> {
    const rows = (await this.dataSource.query(
      `SELECT o.id AS org_id, o.name AS org_name, o.plan AS org_plan,
              u.id AS user_id, u.username, u.email, u.fullname, u.avatar_url, u.is_pro, u.disabled_at, m.role,
              (u.id IS NOT NULL
                AND COALESCE((SELECT p.require_two_factor FROM organization_token_policies p WHERE p.org_id = o.id), false)
                AND NOT ${HAS_SECOND_FACTOR('u.id')}) AS two_factor_missing
         FROM organizations o
         LEFT JOIN users u ON lower(u.email) = lower($2) AND u.kind = 'user'
         LEFT JOIN memberships m ON m.org_id = o.id AND m.user_id = u.id
        WHERE o.id = $1`,
      [orgId, email],
    )) as ExchangePartiesRow[];
    const row = rows[0];
    if (!row) return { organization: null, user: null, role: null, twoFactorMissing: false };
    const user =
      row.user_id === null
        ? null
        : {
            id: row.user_id,
            username: row.username!,
            email: row.email!,
            fullname: row.fullname!,
            avatarUrl: row.avatar_url,
            isPro: row.is_pro!,
            disabledAt: row.disabled_at,
          };
    return {
      organization: { id: row.org_id, name: row.org_name, plan: row.org_plan },
      user,
      role: row.role,
      twoFactorMissing: row.two_factor_missing,
    };
  }

  async twoFactorStanding(orgId: string, userId: string): Promise<TwoFactorStanding> {
    const [row] = (await this.dataSource.query(
      `SELECT COALESCE((SELECT require_two_factor FROM organization_token_policies WHERE org_id = $1), false) AS required,
              ${HAS_SECOND_FACTOR('$2')} AS has_factor`,
      [orgId, userId],
    )) as [{ required: boolean; has_factor: boolean }];
    return { required: row.required, hasFactor: row.has_factor };
  }

  async setTwoFactorRequired(
    tx: Transaction,
    orgId: string,
    required: boolean,
    change: { by: string | null; at: Date },
  ): Promise<void> {
    await entityManagerOf(tx).query(
      `INSERT INTO organization_token_policies (org_id, policy, require_two_factor, updated_by, updated_at)
       VALUES ($1, 'allow_all', $2, $3, $4)
       ON CONFLICT (org_id) DO UPDATE SET require_two_factor = EXCLUDED.require_two_factor,
         updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
      [orgId, required, change.by, change.at],
    );
  }

  async tokenExchangeApps(orgId: string): Promise<TokenExchangeAppRecord[]> {
    const apps = await this.dataSource.manager.find(OAuthAppEntity, {
      where: { boundOrgId: orgId, tokenExchange: true },
      order: { name: 'ASC' },
    });
    return apps.map(tokenExchangeAppOf);
  }

  async updateApp(
    tx: Transaction,
    appId: string,
    changes: TokenExchangeAppChanges,
  ): Promise<TokenExchangeAppRecord> {
    const manager = entityManagerOf(tx);
    await manager.update(OAuthAppEntity, { id: appId }, changes);
    return tokenExchangeAppOf(await manager.findOneByOrFail(OAuthAppEntity, { id: appId }));
  }
}

function tokenExchangeAppOf(app: OAuthAppEntity): TokenExchangeAppRecord {
  const { id, clientId, name, scopes, tokenExchangeTtlSeconds, clientSecretHash, updatedAt } = app;
  return { id, clientId, name, scopes, tokenExchangeTtlSeconds, clientSecretHash, updatedAt };
}
