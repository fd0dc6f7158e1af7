import type { OrgRole, OrganizationPlan } from '@gatehouse/domain';
import { AccountReader } from '../accounts/ports/account.reader';
import type {
  MembershipRecord,
  OrganizationRecord,
  UserRecord,
} from '../accounts/ports/account-records';

/** Test double of AccountReader, with builders for users and memberships. */
export class InMemoryAccounts extends AccountReader {
  readonly users: UserRecord[] = [];
  readonly memberships: Array<{ userId: string; organization: OrganizationRecord; role: OrgRole }> =
    [];

  addUser(fields: Partial<UserRecord> & Pick<UserRecord, 'id' | 'username'>): UserRecord {
    const user: UserRecord = {
      email: `${fields.username}@example.com`,
      fullname: fields.username.toUpperCase(),
      isPro: false,
      avatarUrl: null,
      disabledAt: null,
      ...fields,
    };
    this.users.push(user);
    return user;
  }

  addMembership(
    userId: string,
    org: { id: string; name: string; plan?: OrganizationPlan },
    role: OrgRole,
  ): void {
    const organization: OrganizationRecord = {
      id: org.id,
      name: org.name,
      fullname: org.name.toUpperCase(),
      plan: org.plan ?? 'free',
      avatarUrl: null,
    };
    this.memberships.push({ userId, organization, role });
  }

  async findUser(id: string): Promise<UserRecord | null> {
    const user = this.users.find((candidate) => candidate.id === id);
    return user ? { ...user } : null;
  }

  async membershipsOf(userId: string): Promise<MembershipRecord[]> {
    return this.memberships
      .filter((membership) => membership.userId === userId)
      .sort((a, b) => a.organization.name.localeCompare(b.organization.name))
      .map(({ organization, role }) => ({ organization: { ...organization }, role }));
  }
}
