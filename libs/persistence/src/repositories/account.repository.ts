import { EntityManager } from 'typeorm';
import { MembershipEntity } from '../entities/accounts/membership.entity';
import { OrganizationEntity } from '../entities/accounts/organization.entity';
import { UserEntity } from '../entities/accounts/user.entity';

export interface MembershipWithOrganization {
  organization: OrganizationEntity;
  role: MembershipEntity['role'];
}

/**
 * Reads of users, organizations and memberships that several services share. Names compare
 * case-insensitively, as the unique indexes do. Pass `dataSource.manager`, or a transaction's.
 */
export class AccountRepository {
  constructor(private readonly manager: EntityManager) {}

  /** A user by username or e-mail address (the sign-in form accepts either). */
  findUserByLogin(usernameOrEmail: string): Promise<UserEntity | null> {
    const column = usernameOrEmail.includes('@') ? 'email' : 'username';
    return (
      this.manager
        .createQueryBuilder(UserEntity, 'u')
        .where(`lower(u.${column}) = lower(:login)`, { login: usernameOrEmail })
        // A service account has no password: it is no login.
        .andWhere(`u.kind = 'user'`)
        .getOne()
    );
  }

  findUserByUsername(username: string): Promise<UserEntity | null> {
    return this.manager
      .createQueryBuilder(UserEntity, 'u')
      .where('lower(u.username) = lower(:username)', { username })
      .getOne();
  }

  findUserByEmail(email: string): Promise<UserEntity | null> {
    return this.manager
      .createQueryBuilder(UserEntity, 'u')
      .where('lower(u.email) = lower(:email)', { email })
      .getOne();
  }

  findUserById(id: string): Promise<UserEntity | null> {
    return this.manager.findOneBy(UserEntity, { id });
  }

  findOrgByName(name: string): Promise<OrganizationEntity | null> {
    return this.manager
      .createQueryBuilder(OrganizationEntity, 'o')
      .where('lower(o.name) = lower(:name)', { name })
      .getOne();
  }

  findOrgById(id: string): Promise<OrganizationEntity | null> {
    return this.manager.findOneBy(OrganizationEntity, { id });
  }

  /** The user's memberships with their organizations, by organization name. */
  async membershipsOfUser(userId: string): Promise<MembershipWithOrganization[]> {
    const memberships = await this.manager.find(MembershipEntity, {
      where: { userId },
      relations: { organization: true },
      order: { organization: { name: 'ASC' } },
    });
    return memberships.map((m) => ({
      organization: m.organization as OrganizationEntity,
      role: m.role,
    }));
  }

  findMembership(orgId: string, userId: string): Promise<MembershipEntity | null> {
    return this.manager.findOneBy(MembershipEntity, { orgId, userId });
  }
}
