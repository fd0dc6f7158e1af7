import type { OrgRole } from '@gatehouse/domain';
import type { Transaction } from '@gatehouse/identity';
import type {
  AdminAuditRecord,
  AdminMemberRecord,
  AdminOrganizationRecord,
  AdminUserRecord,
  NewAdminUser,
  UserQuery,
} from './admin-records';

/**
 * The accounts (users of kind `user`, organizations, memberships) as the admin API changes them,
 * and its audit log. Writes take the caller's transaction; the audit entry goes in the same one.
 */
export abstract class AdminAccountStore {
  /** By id, username or e-mail address (without case). */
  abstract findUser(key: string, tx?: Transaction): Promise<AdminUserRecord | null>;
  /** Ordered by username (without case). */
  abstract listUsers(query: UserQuery): Promise<AdminUserRecord[]>;
  /** False when the username or e-mail address is taken (without case). */
  abstract createUser(tx: Transaction, user: NewAdminUser): Promise<boolean>;
  abstract setDisabledAt(tx: Transaction, userId: string, at: Date | null): Promise<void>;
  abstract setEmailConfirmedAt(tx: Transaction, userId: string, at: Date | null): Promise<void>;
  /** Removes the user and, by cascade, every token, consent, membership and app of theirs. */
  abstract deleteUser(tx: Transaction, userId: string): Promise<void>;
  /** Organizations whose only administrator the user is, by name. */
  abstract organizationsOnlyAdministeredBy(tx: Transaction, userId: string): Promise<string[]>;

  /** By name, without case. */
  abstract findOrganization(
    name: string,
    tx?: Transaction,
  ): Promise<AdminOrganizationRecord | null>;
  /** False when the name is taken (without case). */
  abstract createOrganization(tx: Transaction, org: AdminOrganizationRecord): Promise<boolean>;
  /** Ordered by username. */
  abstract membersOf(orgId: string, tx?: Transaction): Promise<AdminMemberRecord[]>;
  /** Adds the membership or changes its role; returns the role it had, null when it was new. */
  abstract putMembership(
    tx: Transaction,
    orgId: string,
    userId: string,
    role: OrgRole,
  ): Promise<OrgRole | null>;
  /** False when there was no such membership. */
  abstract removeMembership(tx: Transaction, orgId: string, userId: string): Promise<boolean>;
  /** Locks the organization's memberships until commit and counts its administrators. */
  abstract lockAdminCount(tx: Transaction, orgId: string): Promise<number>;

  abstract appendAudit(tx: Transaction, entry: AdminAuditRecord): Promise<void>;
}
