import { Injectable } from '@nestjs/common';
import { AccountRepository, MembershipRole, OAuthAppEntity, OrganizationPlan } from '@gatehouse/persistence';
import { DataSource, EntityManager } from 'typeorm';
import { DirectoryOrganization, ExchangeParties, OrganizationDirectory } from './organization-directory';

interface ExchangePartiesRow {
  org_id: string;
  org_name: string;
  org_plan: OrganizationPlan;
  user_id: string | null;
  username: string | null;
  email: string | null;
  disabled_at: Date | null;
  role: MembershipRole | null;
}

@Injectable()
export class TypeOrmOrganizationDirectory extends OrganizationDirectory {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private get accounts(): AccountRepository {
    return new AccountRepository(this.dataSource.manager);
  }

  findOrganizationByName(name: string): Promise<DirectoryOrganization | null> {
    return this.accounts.findOrgByName(name);
  }

  async membershipRole(orgId: string, userId: string): Promise<MembershipRole | null> {
    return (await this.accounts.findMembership(orgId, userId))?.role ?? null;
  }

  /** One statement (docs/benchmarks.md "Token exchange"); the e-mail match is AccountRepository.findUserByEmail's. */
  async exchangeParties(orgId: string, email: string | null): Promise<ExchangeParties> {
    const rows = (await this.dataSource.query(
      `SELECT o.id AS org_id, o.name AS org_name, o.plan AS org_plan,
              u.id AS user_id, u.username, u.email, u.disabled_at, m.role
         FROM organizations o
         LEFT JOIN users u ON lower(u.email) = lower($2)
         LEFT JOIN memberships m ON m.org_id = o.id AND m.user_id = u.id
        WHERE o.id = $1`,
      [orgId, email],
    )) as ExchangePartiesRow[];
    const row = rows[0];
    if (!row) return { organization: null, user: null, role: null };
    const user = row.user_id === null ? null : { id: row.user_id, username: row.username!, email: row.email!, disabledAt: row.disabled_at };
    return { organization: { id: row.org_id, name: row.org_name, plan: row.org_plan }, user, role: row.role };
  }

  tokenExchangeApps(orgId: string): Promise<OAuthAppEntity[]> {
    return this.dataSource.manager.find(OAuthAppEntity, { where: { boundOrgId: orgId, tokenExchange: true }, order: { name: 'ASC' } });
  }

  async updateApp(
    manager: EntityManager,
    appId: string,
    changes: Partial<Pick<OAuthAppEntity, 'tokenExchangeTtlSeconds' | 'clientSecretHash' | 'updatedAt'>>,
  ): Promise<OAuthAppEntity> {
    await manager.update(OAuthAppEntity, { id: appId }, changes);
    return manager.findOneByOrFail(OAuthAppEntity, { id: appId });
  }
}
