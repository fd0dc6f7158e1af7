import type { MembershipRole, OAuthAppEntity, OrganizationEntity, UserEntity } from '@gatehouse/persistence';
import type { EntityManager } from 'typeorm';

export type DirectoryOrganization = Pick<OrganizationEntity, 'id' | 'name' | 'plan'>;
export type DirectoryUser = Pick<UserEntity, 'id' | 'username' | 'email' | 'disabledAt'>;

/** What token exchange and the organization settings read and change about accounts and apps. */
export abstract class OrganizationDirectory {
  abstract findOrganizationById(id: string): Promise<DirectoryOrganization | null>;
  /** Case-insensitive, as organization names are unique. */
  abstract findOrganizationByName(name: string): Promise<DirectoryOrganization | null>;
  /** Case-insensitive, as e-mail addresses are unique. */
  abstract findUserByEmail(email: string): Promise<DirectoryUser | null>;
  abstract membershipRole(orgId: string, userId: string): Promise<MembershipRole | null>;
  /** The apps with the token-exchange privilege bound to the organization, by name. */
  abstract tokenExchangeApps(orgId: string): Promise<OAuthAppEntity[]>;
  /** Changes one app in the caller's transaction; resolves to the app as it now is. */
  abstract updateApp(
    manager: EntityManager,
    appId: string,
    changes: Partial<Pick<OAuthAppEntity, 'tokenExchangeTtlSeconds' | 'clientSecretHash' | 'updatedAt'>>,
  ): Promise<OAuthAppEntity>;
}
