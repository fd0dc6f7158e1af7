import { Injectable } from '@nestjs/common';
import { AccountRepository, MembershipRole, OAuthAppEntity } from '@gatehouse/persistence';
import { DataSource, EntityManager } from 'typeorm';
import { DirectoryOrganization, DirectoryUser, OrganizationDirectory } from './organization-directory';

@Injectable()
export class TypeOrmOrganizationDirectory extends OrganizationDirectory {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private get accounts(): AccountRepository {
    return new AccountRepository(this.dataSource.manager);
  }

  findOrganizationById(id: string): Promise<DirectoryOrganization | null> {
    return this.accounts.findOrgById(id);
  }

  findOrganizationByName(name: string): Promise<DirectoryOrganization | null> {
    return this.accounts.findOrgByName(name);
  }

  findUserByEmail(email: string): Promise<DirectoryUser | null> {
    return this.accounts.findUserByEmail(email);
  }

  async membershipRole(orgId: string, userId: string): Promise<MembershipRole | null> {
    return (await this.accounts.findMembership(orgId, userId))?.role ?? null;
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
