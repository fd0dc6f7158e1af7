import type {
  MembershipRole,
  MembershipWithOrganization,
  OrganizationEntity,
  OrganizationPlan,
  UserEntity,
} from '@gatehouse/persistence';
import { AccountReader } from '../store/account-reader';

/** Test double of AccountReader, with builders for users and memberships. */
export class InMemoryAccounts extends AccountReader {
  readonly users: UserEntity[] = [];
  readonly memberships: Array<{ userId: string; organization: OrganizationEntity; role: MembershipRole }> = [];

  addUser(fields: Partial<UserEntity> & Pick<UserEntity, 'id' | 'username'>): UserEntity {
    const user: UserEntity = {
      email: `${fields.username}@example.com`,
      fullname: fields.username.toUpperCase(),
      passwordHash: 'not-a-hash',
      isPro: false,
      avatarUrl: null,
      disabledAt: null,
      createdAt: new Date(Date.UTC(2025, 0, 1)),
      ...fields,
    };
    this.users.push(user);
    return user;
  }

  addMembership(userId: string, org: { id: string; name: string; plan?: OrganizationPlan }, role: MembershipRole): void {
    const organization: OrganizationEntity = {
      id: org.id,
      name: org.name,
      fullname: org.name.toUpperCase(),
      plan: org.plan ?? 'free',
      avatarUrl: null,
      createdAt: new Date(Date.UTC(2025, 0, 1)),
    };
    this.memberships.push({ userId, organization, role });
  }

  async findUser(id: string): Promise<UserEntity | null> {
    const user = this.users.find((candidate) => candidate.id === id);
    return user ? { ...user } : null;
  }

  async membershipsOf(userId: string): Promise<MembershipWithOrganization[]> {
    return this.memberships
      .filter((membership) => membership.userId === userId)
      .sort((a, b) => a.organization.name.localeCompare(b.organization.name))
      .map(({ organization, role }) => ({ organization, role }));
  }
}
