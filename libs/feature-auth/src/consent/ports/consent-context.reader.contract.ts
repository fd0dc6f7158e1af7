import type { MembershipRecord } from '@gatehouse/identity';
import type { OrgRole } from '@gatehouse/domain';
import type {
  AuthorizingAppRecord,
  ConsentContextReader,
  ConsentingUserRecord,
} from './consent-context.reader';
import type { RememberedConsents } from './remembered-consents';

/** A user without a second factor in no organization that requires one. */
const NO_FACTOR_REQUIRED = { secondFactor: false, twoFactorOrgIds: [] };

/** The consent stores, and how to store what they read. */
export interface ConsentStoresSubject {
  contexts: ConsentContextReader;
  remembered: RememberedConsents;
  addUser(user: ConsentingUserRecord): Promise<void>;
  addMembership(userId: string, organization: OrganizationRecord, role: OrgRole): Promise<void>;
  /** A registered app; `secretHash` null for a public one. */
  addApp(
    app: Omit<AuthorizingAppRecord, 'hasSecret'> & { secretHash: string | null },
  ): Promise<void>;
}

type OrganizationRecord = MembershipRecord['organization'];

const AT = new Date(Date.UTC(2026, 0, 1, 12));

let counter = 0;
function nextId(): string {
  counter += 1;
  return `65f1${String(Date.now() % 1e8).padStart(8, '0')}${counter.toString(16).padStart(12, '0')}`;
}

/**
 * What the consent stores promise (in memory in the unit tier, one SQL statement on PostgreSQL in
 * the integration tier): the context of an app and a user is read whole, with what is missing as
 * null or empty, the memberships in the order of their organizations' names, and the consent the
 * remembered-consents store last saved for that user and app.
 */
export function describeConsentStoresContract(
  name: string,
  open: () => Promise<ConsentStoresSubject>,
): void {
  describe(`${name} (ConsentContextReader and RememberedConsents contract)`, () => {
    let subject: ConsentStoresSubject;

    beforeAll(async () => {
      subject = await open();
    });

    async function addUser(
      fields: Partial<ConsentingUserRecord> = {},
    ): Promise<ConsentingUserRecord> {
      const id = nextId();
      const user: ConsentingUserRecord = {
        id,
        username: `u${id}`,
        fullname: `User ${id}`,
        email: `u${id}@example.com`,
        avatarUrl: null,
        isPro: false,
        disabled: false,
        emailConfirmed: true,
        ...fields,
      };
      await subject.addUser(user);
      return user;
    }

    async function addMembership(
      userId: string,
      name: string,
      role: OrgRole,
    ): Promise<MembershipRecord> {
      const id = nextId();
      const organization: OrganizationRecord = {
        id,
        name: `${name}-${id}`,
        fullname: `${name} ${id}`,
        plan: 'team',
        avatarUrl: `https://avatars.example/${id}.png`,
      };
      await subject.addMembership(userId, organization, role);
      return { organization, role };
    }

    async function addApp(secretHash: string | null = null): Promise<AuthorizingAppRecord> {
      const clientId = `app-${nextId()}`;
      const app = {
        clientId,
        name: `App ${clientId}`,
        redirectUris: ['https://app.example/callback'],
        scopes: ['openid', 'profile'],
      };
      await subject.addApp({ ...app, secretHash });
      return { ...app, hasSecret: secretHash !== null };
    }

    it('reads the app, the user, the memberships by organization name and the remembered consent together', async () => {
      const app = await addApp('s'.repeat(64));
      const user = await addUser({ avatarUrl: 'https://avatars.example/u.png', isPro: true });
      const beta = await addMembership(user.id, 'beta', 'read');
      const acme = await addMembership(user.id, 'acme', 'admin');
      await subject.remembered.save(
        user.id,
        app.clientId,
        { scopes: ['openid', 'read-repos'], orgIds: [acme.organization.id] },
        AT,
      );
      expect(await subject.contexts.read(app.clientId, user.id)).toEqual({
        app,
        user,
        memberships: [acme, beta],
        remembered: { scopes: ['openid', 'read-repos'], orgIds: [acme.organization.id] },
        twoFactor: NO_FACTOR_REQUIRED,
      });
    });

    it('answers what is missing as null or empty: an unknown app, no user, a user gone, no consent', async () => {
      const app = await addApp();
      const user = await addUser();
      expect(await subject.contexts.read(`unknown-${nextId()}`, user.id)).toEqual({
        app: null,
        user,
        memberships: [],
        remembered: null,
        twoFactor: NO_FACTOR_REQUIRED,
      });
      expect(await subject.contexts.read(app.clientId, null)).toEqual({
        app,
        user: null,
        memberships: [],
        remembered: null,
        twoFactor: NO_FACTOR_REQUIRED,
      });
      expect(await subject.contexts.read(app.clientId, nextId())).toEqual({
        app,
        user: null,
        memberships: [],
        remembered: null,
        twoFactor: NO_FACTOR_REQUIRED,
      });
    });

    it('says whether the user is disabled', async () => {
      const app = await addApp();
      const user = await addUser({ disabled: true });
      expect((await subject.contexts.read(app.clientId, user.id)).user).toEqual({
        ...user,
        disabled: true,
      });
    });

    it('says whether the user has confirmed their address', async () => {
      const app = await addApp();
      const user = await addUser({ emailConfirmed: false });
      expect((await subject.contexts.read(app.clientId, user.id)).user).toEqual({
        ...user,
        emailConfirmed: false,
      });
    });

    it('keeps one consent per user and app, the last saved, apart from other apps and users', async () => {
      const [app, other] = [await addApp(), await addApp()];
      const [user, someoneElse] = [await addUser(), await addUser()];
      await subject.remembered.save(user.id, app.clientId, { scopes: ['openid'], orgIds: [] }, AT);
      await subject.remembered.save(
        user.id,
        app.clientId,
        { scopes: ['openid', 'email'], orgIds: ['o1'] },
        AT,
      );
      await subject.remembered.save(
        user.id,
        other.clientId,
        { scopes: ['profile'], orgIds: [] },
        AT,
      );
      expect(await subject.remembered.find(user.id, app.clientId)).toEqual({
        scopes: ['openid', 'email'],
        orgIds: ['o1'],
      });
      expect((await subject.contexts.read(app.clientId, user.id)).remembered).toEqual({
        scopes: ['openid', 'email'],
        orgIds: ['o1'],
      });
      expect(await subject.remembered.find(someoneElse.id, app.clientId)).toBeNull();
    });
  });
}
