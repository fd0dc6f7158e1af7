import type { OrgRole } from '@gatehouse/domain';
import type { TransactionRunner } from '../../transactions/ports/transaction-runner';
import type { AccountReader } from './account.reader';
import type { OrganizationRecord, UserRecord } from './account-records';

/** An account reader, and how to store what it reads. */
export interface AccountReaderSubject {
  reader: AccountReader;
  transactions: TransactionRunner;
  addUser(user: UserRecord): Promise<void>;
  addOrganization(organization: OrganizationRecord): Promise<void>;
  addMembership(userId: string, orgId: string, role: OrgRole): Promise<void>;
}

let counter = 0;
function nextId(): string {
  counter += 1;
  return `65d0${String(Date.now() % 1e8).padStart(8, '0')}${counter.toString(16).padStart(12, '0')}`;
}

/**
 * What every AccountReader promises (in memory in the unit tier, TypeORM on PostgreSQL in the
 * integration tier): users as records without their password hash, memberships by organization
 * name, the same inside a transaction as outside.
 */
export function describeAccountReaderContract(
  name: string,
  open: () => Promise<AccountReaderSubject>,
): void {
  describe(`${name} (AccountReader contract)`, () => {
    let subject: AccountReaderSubject;

    beforeAll(async () => {
      subject = await open();
    });

    async function addUser(fields: Partial<UserRecord> = {}): Promise<UserRecord> {
      const id = nextId();
      const user: UserRecord = {
        id,
        username: `u${id}`,
        email: `u${id}@example.com`,
        fullname: 'Ada L.',
        isPro: false,
        avatarUrl: null,
        disabledAt: null,
        ...fields,
      };
      await subject.addUser(user);
      return user;
    }

    async function addOrganization(name: string): Promise<OrganizationRecord> {
      const organization: OrganizationRecord = {
        id: nextId(),
        name: `${name}-${counter}`,
        fullname: `${name} Inc`,
        plan: 'team',
        avatarUrl: `https://cdn.example/${name}.png`,
      };
      await subject.addOrganization(organization);
      return organization;
    }

    it('reads a user as its record; null for an unknown id', async () => {
      const user = await addUser({
        isPro: true,
        avatarUrl: 'https://cdn.example/ada.png',
        disabledAt: new Date(Date.UTC(2026, 0, 2)),
      });
      expect(await subject.reader.findUser(user.id)).toEqual(user);
      expect(await subject.reader.findUser(nextId())).toBeNull();
    });

    it('lists a user’s memberships with their organizations, by organization name', async () => {
      const user = await addUser();
      const other = await addUser();
      const zeta = await addOrganization('zeta');
      const alpha = await addOrganization('alpha');
      await subject.addMembership(user.id, zeta.id, 'read');
      await subject.addMembership(user.id, alpha.id, 'admin');
      await subject.addMembership(other.id, zeta.id, 'write');
      expect(await subject.reader.membershipsOf(user.id)).toEqual([
        { organization: alpha, role: 'admin' },
        { organization: zeta, role: 'read' },
      ]);
      expect(await subject.reader.membershipsOf(nextId())).toEqual([]);
    });

    it('reads the same inside a transaction', async () => {
      const user = await addUser();
      const org = await addOrganization('acme');
      await subject.addMembership(user.id, org.id, 'contributor');
      const read = await subject.transactions.run(async (tx) => ({
        user: await subject.reader.findUser(user.id, tx),
        memberships: await subject.reader.membershipsOf(user.id, tx),
      }));
      expect(read).toEqual({ user, memberships: [{ organization: org, role: 'contributor' }] });
    });
  });
}
