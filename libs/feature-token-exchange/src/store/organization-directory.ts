import type { MembershipRole, OAuthAppEntity, OrganizationEntity, UserEntity } from '@gatehouse/persistence';
import type { EntityManager } from 'typeorm';

export type DirectoryOrganization = Pick<OrganizationEntity, 'id' | 'name' | 'plan'>;
export type DirectoryUser = Pick<UserEntity, 'id' | 'username' | 'email' | 'disabledAt'>;

/** What an e-mail exchange reads before its transaction, in one statement where the store allows. */
export interface ExchangeParties {
  organization: DirectoryOrganization | null;
  /** The user with the e-mail (case-insensitive); null without e-mail or without such user. */
  user: DirectoryUser | null;
  /** The user's role in the organization; null when either is missing or the user is not a member. */
  role: MembershipRole | null;
}

/** What token exchange and the organization settings read and change about accounts and apps. */
export abstract class OrganizationDirectory {
  /** Case-insensitive, as organization names are unique. */
  abstract findOrganizationByName(name: string): Promise<DirectoryOrganization | null>;
  abstract membershipRole(orgId: string, userId: string): Promise<MembershipRole | null>;
  /** The organization, the user with `email` (case-insensitive, as addresses are unique) and the user's role in it, read together. */
  abstract exchangeParties(orgId: string, email: string | null): Promise<ExchangeParties>;
  /** The apps with the token-exchange privilege bound to the organization, by name. */
  abstract tokenExchangeApps(orgId: string): Promise<OAuthAppEntity[]>;
  /** Changes one app in the caller's transaction; resolves to the app as it now is. */
  abstract updateApp(
    manager: EntityManager,
    appId: string,
    changes: Partial<Pick<OAuthAppEntity, 'tokenExchangeTtlSeconds' | 'clientSecretHash' | 'updatedAt'>>,
  ): Promise<OAuthAppEntity>;
}
