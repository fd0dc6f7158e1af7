import { EntityManager } from 'typeorm';
import { OrganizationEntity } from '../../entities/accounts/organization.entity';
import { UserEntity } from '../../entities/accounts/user.entity';
import { AccountRepository } from '../../repositories/account.repository';
import { SeedError } from '../seed.error';
import { SeedDeps } from '../seed-deps';
import { SeedReport } from '../seed-report';

/** What every section applier shares: the transaction, the ports, one timestamp, the report. */
export class SeedContext {
  readonly accounts: AccountRepository;

  constructor(
    readonly manager: EntityManager,
    readonly deps: SeedDeps,
    readonly now: Date,
    readonly report: SeedReport,
  ) {
    this.accounts = new AccountRepository(manager);
  }

  /** A user the seed refers to, declared in it or already stored. */
  async requireUser(username: string, path: string): Promise<UserEntity> {
    const user = await this.accounts.findUserByUsername(username);
    if (!user) throw SeedError.at(path, `No user "${username}" in the seed or the database`);
    return user;
  }

  async requireOrganization(name: string, path: string): Promise<OrganizationEntity> {
    const organization = await this.accounts.findOrgByName(name);
    if (!organization)
      throw SeedError.at(path, `No organization "${name}" in the seed or the database`);
    return organization;
  }
}
