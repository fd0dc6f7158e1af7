import type { TransactionRunner } from '@gatehouse/identity';
import type { OrgRole } from '@gatehouse/domain';
import type {
  DirectoryOrganization,
  DirectoryUser,
  OrganizationDirectory,
  TokenExchangeAppRecord,
} from './organization-directory';

/** An app as the contract stores it: the record, where it is bound, and whether it may exchange. */
interface DirectoryApp extends TokenExchangeAppRecord {
  boundOrgId: string | null;
  tokenExchange: boolean;
}

/** An organization directory, and how to store what it reads. */
export interface OrganizationDirectorySubject {
  directory: OrganizationDirectory;
  transactions: TransactionRunner;
  addOrganization(organization: DirectoryOrganization): Promise<void>;
  addUser(user: DirectoryUser): Promise<void>;
  addMembership(orgId: string, userId: string, role: OrgRole): Promise<void>;
  addApp(app: DirectoryApp): Promise<void>;
}

const AT = new Date(Date.UTC(2026, 0, 1, 12));

let counter = 0;
function nextId(): string {
  counter += 1;
  return `65f0${String(Date.now() % 1e8).padStart(8, '0')}${counter.toString(16).padStart(12, '0')}`;
}

/**
 * What every OrganizationDirectory promises (in memory in the unit tier, TypeORM on PostgreSQL in
 * the integration tier): names and e-mail addresses match case-insensitively, and only an
 * organization's own token-exchange apps are listed or changed.
 */
export function describeOrganizationDirectoryContract(
  name: string,
  open: () => Promise<OrganizationDirectorySubject>,
): void {
  describe(`${name} (OrganizationDirectory contract)`, () => {
    let subject: OrganizationDirectorySubject;

    beforeAll(async () => {
      subject = await open();
    });

    async function addOrganization(): Promise<DirectoryOrganization> {
      const id = nextId();
      const organization: DirectoryOrganization = { id, name: `Acme-${id}`, plan: 'enterprise' };
      await subject.addOrganization(organization);
      return organization;
    }

    async function addUser(fields: Partial<DirectoryUser> = {}): Promise<DirectoryUser> {
      const id = nextId();
      const user: DirectoryUser = {
        id,
        username: `u${id}`,
        email: `Member.${id}@Example.com`,
        fullname: `Member ${id}`,
        avatarUrl: null,
        isPro: false,
        disabledAt: null,
        ...fields,
      };
      await subject.addUser(user);
      return user;
    }

    async function addApp(
      boundOrgId: string | null,
      fields: Partial<DirectoryApp> = {},
    ): Promise<DirectoryApp> {
      const id = nextId();
      const app: DirectoryApp = {
        id,
        clientId: `app-${id}`,
        name: `App ${id}`,
        scopes: ['openid', 'read-repos'],
        tokenExchangeTtlSeconds: null,
        clientSecretHash: 'c'.repeat(64),
        updatedAt: AT,
        boundOrgId,
        tokenExchange: true,
        ...fields,
      };
      await subject.addApp(app);
      return app;
    }

    const record = ({
      boundOrgId: _bound,
      tokenExchange: _exchange,
      ...app
    }: DirectoryApp): TokenExchangeAppRecord => app;

    it('finds an organization by name, whatever its case', async () => {
      const org = await addOrganization();
      expect(await subject.directory.findOrganizationByName(org.name.toUpperCase())).toEqual(org);
      expect(await subject.directory.findOrganizationByName(`${org.name}-not`)).toBeNull();
    });

    it('reads a member’s role; null for a user who is not a member', async () => {
      const org = await addOrganization();
      const member = await addUser();
      const outsider = await addUser();
      await subject.addMembership(org.id, member.id, 'write');
      expect(await subject.directory.membershipRole(org.id, member.id)).toBe('write');
      expect(await subject.directory.membershipRole(org.id, outsider.id)).toBeNull();
    });

    it('finds an account by username or e-mail, whatever its case; null for neither', async () => {
      const user = await addUser();
      const account = { id: user.id, username: user.username, email: user.email };
      expect(await subject.directory.findAccount(user.username.toUpperCase())).toEqual(account);
      expect(await subject.directory.findAccount(user.email.toLowerCase())).toEqual(account);
      expect(await subject.directory.findAccount(`${user.username}-not`)).toBeNull();
    });

    it('reads the parties of an exchange together, matching the e-mail whatever its case', async () => {
      const org = await addOrganization();
      const member = await addUser({ disabledAt: new Date(Date.UTC(2026, 0, 2)) });
      const outsider = await addUser();
      await subject.addMembership(org.id, member.id, 'contributor');
      expect(await subject.directory.exchangeParties(org.id, member.email.toLowerCase())).toEqual({
        organization: org,
        user: member,
        role: 'contributor',
        twoFactorMissing: false,
      });
      expect(await subject.directory.exchangeParties(org.id, outsider.email)).toEqual({
        organization: org,
        user: outsider,
        role: null,
        twoFactorMissing: false,
      });
      expect(await subject.directory.exchangeParties(org.id, 'nobody@example.com')).toEqual({
        organization: org,
        user: null,
        role: null,
        twoFactorMissing: false,
      });
      expect(await subject.directory.exchangeParties(org.id, null)).toEqual({
        organization: org,
        user: null,
        role: null,
        twoFactorMissing: false,
      });
      expect(await subject.directory.exchangeParties(nextId(), member.email)).toEqual({
        organization: null,
        user: null,
        role: null,
        twoFactorMissing: false,
      });
    });

    it('requires two factors of an organization’s members once set, and of no other organization’s', async () => {
      const org = await addOrganization();
      const other = await addOrganization();
      const member = await addUser();
      await subject.addMembership(org.id, member.id, 'read');
      expect(await subject.directory.twoFactorStanding(org.id, member.id)).toEqual({
        required: false,
        hasFactor: false,
      });
      await subject.transactions.run((tx) =>
        subject.directory.setTwoFactorRequired(tx, org.id, true, { by: member.id, at: AT }),
      );
      expect(await subject.directory.twoFactorStanding(org.id, member.id)).toEqual({
        required: true,
        hasFactor: false,
      });
      expect(await subject.directory.exchangeParties(org.id, member.email)).toMatchObject({
        role: 'read',
        twoFactorMissing: true,
      });
      expect(await subject.directory.exchangeParties(org.id, null)).toMatchObject({
        twoFactorMissing: false,
      });
      expect((await subject.directory.twoFactorStanding(other.id, member.id)).required).toBe(false);
      await subject.transactions.run((tx) =>
        subject.directory.setTwoFactorRequired(tx, org.id, false, { by: member.id, at: AT }),
      );
      expect((await subject.directory.twoFactorStanding(org.id, member.id)).required).toBe(false);
    });

    it('lists the organization’s token-exchange apps by name, and no other', async () => {
      const org = await addOrganization();
      const zed = await addApp(org.id, { name: `Zed ${counter}` });
      const able = await addApp(org.id, {
        name: `Able ${counter}`,
        tokenExchangeTtlSeconds: 3600,
        clientSecretHash: null,
      });
      await addApp(org.id, { tokenExchange: false });
      await addApp((await addOrganization()).id);
      expect(await subject.directory.tokenExchangeApps(org.id)).toEqual([
        record(able),
        record(zed),
      ]);
    });

    it('changes one app in the caller’s transaction and answers it as it now is', async () => {
      const org = await addOrganization();
      const app = await addApp(org.id);
      const later = new Date(AT.getTime() + 60_000);
      const changed = await subject.transactions.run((tx) =>
        subject.directory.updateApp(tx, app.id, { tokenExchangeTtlSeconds: 600, updatedAt: later }),
      );
      expect(changed).toEqual({ ...record(app), tokenExchangeTtlSeconds: 600, updatedAt: later });
      expect(await subject.directory.tokenExchangeApps(org.id)).toEqual([changed]);
    });
  });
}
