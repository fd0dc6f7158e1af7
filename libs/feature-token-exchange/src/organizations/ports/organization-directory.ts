import type { Transaction } from '@gatehouse/identity';
import type { OrgRole, OrganizationPlan } from '@gatehouse/domain';

export interface DirectoryOrganization {
  id: string;
  name: string;
  plan: OrganizationPlan;
}

/** A user with the profile an exchange's id_token carries, so the exchange reads it only once. */
export interface DirectoryUser {
  id: string;
  username: string;
  email: string;
  fullname: string;
  avatarUrl: string | null;
  isPro: boolean;
  disabledAt: Date | null;
}

/** An app with the token-exchange privilege, as its organization's settings read and change it. */
export interface TokenExchangeAppRecord {
  id: string;
  clientId: string;
  name: string;
  scopes: string[];
  /** Null: the default lifetime. */
  tokenExchangeTtlSeconds: number | null;
  /** Null: a public app. */
  clientSecretHash: string | null;
  updatedAt: Date;
}

/** What `updateApp` may change. */
export type TokenExchangeAppChanges = Partial<
  Pick<TokenExchangeAppRecord, 'tokenExchangeTtlSeconds' | 'clientSecretHash' | 'updatedAt'>
>;

/** What an e-mail exchange reads before its transaction, in one statement where the store allows. */
export interface ExchangeParties {
  organization: DirectoryOrganization | null;
  /** The user with the e-mail (case-insensitive); null without e-mail or without such user. */
  user: DirectoryUser | null;
  /** The user's role in the organization; null when either is missing or the user is not a member. */
  role: OrgRole | null;
  /** The organization requires two factors and the user has none (no authenticator app, no passkey). */
  twoFactorMissing: boolean;
}

/** Whether an organization requires two factors of its members, and whether one person has one. */
export interface TwoFactorStanding {
  required: boolean;
  hasFactor: boolean;
}

/** What token exchange and the organization settings read and change about accounts and apps. */
export abstract class OrganizationDirectory {
  /** Case-insensitive, as organization names are unique. */
  abstract findOrganizationByName(name: string): Promise<DirectoryOrganization | null>;
  abstract membershipRole(orgId: string, userId: string): Promise<OrgRole | null>;
  /** The account with this username or e-mail (case-insensitive), or null. */
  abstract findAccount(
    usernameOrEmail: string,
  ): Promise<{ id: string; username: string; email: string } | null>;
  /**
   * The organization, the person with `email` (case-insensitive, as addresses are unique; a service
   * account's placeholder address matches nobody) and the person's role in it, read together.
   */
  abstract exchangeParties(orgId: string, email: string | null): Promise<ExchangeParties>;
  abstract twoFactorStanding(orgId: string, userId: string): Promise<TwoFactorStanding>;
  /** Sets whether the organization requires two factors of its members, in the caller's transaction. */
  abstract setTwoFactorRequired(
    tx: Transaction,
    orgId: string,
    required: boolean,
    change: { by: string | null; at: Date },
  ): Promise<void>;
  /** The apps with the token-exchange privilege bound to the organization, by name. */
  abstract tokenExchangeApps(orgId: string): Promise<TokenExchangeAppRecord[]>;
  /** Changes one app in the caller's transaction; resolves to the app as it now is. */
  abstract updateApp(
    tx: Transaction,
    appId: string,
    changes: TokenExchangeAppChanges,
  ): Promise<TokenExchangeAppRecord>;
}
