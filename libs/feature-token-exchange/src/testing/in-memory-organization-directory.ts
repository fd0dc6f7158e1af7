import type { Transaction } from '@gatehouse/identity';
import type { OAuthAppEntity } from '@gatehouse/persistence';
import type { OrgRole, OrganizationPlan } from '@gatehouse/domain';
import {
  DirectoryOrganization,
  DirectoryUser,
  ExchangeParties,
  OrganizationDirectory,
  TokenExchangeAppChanges,
  TokenExchangeAppRecord,
  TwoFactorStanding,
} from '../organizations/ports/organization-directory';

/** Test double of OrganizationDirectory; its apps are the given list (share InMemoryClientLookup's). */
export class InMemoryOrganizationDirectory extends OrganizationDirectory {
  readonly organizations: DirectoryOrganization[] = [];
  readonly users: DirectoryUser[] = [];
  readonly memberships: Array<{ orgId: string; userId: string; role: OrgRole }> = [];
  /** Organizations that require two factors of their members. */
  readonly twoFactorRequired = new Set<string>();
  /** Accounts with a second factor. */
  readonly withSecondFactor = new Set<string>();

  constructor(private readonly apps: OAuthAppEntity[]) {
    super();
  }

  addOrganization(
    id: string,
    name: string,
    plan: OrganizationPlan = 'enterprise',
  ): DirectoryOrganization {
    const org = { id, name, plan };
    this.organizations.push(org);
    return org;
  }

  addUser(id: string, username: string, fields: Partial<DirectoryUser> = {}): DirectoryUser {
    const user = {
      id,
      username,
      email: `${username}@example.com`,
      fullname: username.toUpperCase(),
      avatarUrl: null,
      isPro: false,
      disabledAt: null,
      ...fields,
    };
    this.users.push(user);
    return user;
  }

  addMembership(orgId: string, userId: string, role: OrgRole): void {
    this.memberships.push({ orgId, userId, role });
  }

  async findOrganizationByName(name: string): Promise<DirectoryOrganization | null> {
    return this.organizations.find((org) => org.name.toLowerCase() === name.toLowerCase()) ?? null;
  }

  async membershipRole(orgId: string, userId: string): Promise<OrgRole | null> {
    return this.memberships.find((m) => m.orgId === orgId && m.userId === userId)?.role ?? null;
  }

  async findAccount(
    usernameOrEmail: string,
  ): Promise<{ id: string; username: string; email: string } | null> {
    const wanted = usernameOrEmail.toLowerCase();
    const user = this.users.find(
      (candidate) =>
        candidate.username.toLowerCase() === wanted || candidate.email.toLowerCase() === wanted,
    );
    return user ? { id: user.id, username: user.username, email: user.email } : null;
  }

  async exchangeParties(orgId: string, email: string | null): Promise<ExchangeParties> {
    const organization = this.organizations.find((org) => org.id === orgId) ?? null;
    if (!organization)
      return { organization: null, user: null, role: null, twoFactorMissing: false };
    const user =
      email === null
        ? null
        : (this.users.find((candidate) => candidate.email.toLowerCase() === email.toLowerCase()) ??
          null);
    const role = user ? await this.membershipRole(orgId, user.id) : null;
    const twoFactorMissing =
      user !== null && this.twoFactorRequired.has(orgId) && !this.withSecondFactor.has(user.id);
    return { organization, user, role, twoFactorMissing };
  }

  async twoFactorStanding(orgId: string, userId: string): Promise<TwoFactorStanding> {
    return {
      required: this.twoFactorRequired.has(orgId),
      hasFactor: this.withSecondFactor.has(userId),
    };
  }

  async setTwoFactorRequired(_tx: Transaction, orgId: string, required: boolean): Promise<void> {
    if (required) this.twoFactorRequired.add(orgId);
    else this.twoFactorRequired.delete(orgId);
  }

  async tokenExchangeApps(orgId: string): Promise<TokenExchangeAppRecord[]> {
    return this.apps
      .filter((app) => app.boundOrgId === orgId && app.tokenExchange)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(tokenExchangeAppOf);
  }

  async updateApp(
    _tx: Transaction,
    appId: string,
    changes: TokenExchangeAppChanges,
  ): Promise<TokenExchangeAppRecord> {
    const app = this.apps.find((candidate) => candidate.id === appId);
    if (!app) throw new Error(`no app ${appId}`);
    Object.assign(app, changes);
    return tokenExchangeAppOf(app);
  }
}

function tokenExchangeAppOf({
  id,
  clientId,
  name,
  scopes,
  tokenExchangeTtlSeconds,
  clientSecretHash,
  updatedAt,
}: OAuthAppEntity): TokenExchangeAppRecord {
  return {
    id,
    clientId,
    name,
    scopes: [...scopes],
    tokenExchangeTtlSeconds,
    clientSecretHash,
    updatedAt,
  };
}
