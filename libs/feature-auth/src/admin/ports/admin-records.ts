import type { OrgRole, OrganizationPlan } from '@gatehouse/domain';

/** A person's account as the admin API reads it (service accounts are not people: never listed). */
export interface AdminUserRecord {
  id: string;
  username: string;
  email: string;
  fullname: string;
  emailConfirmedAt: Date | null;
  disabledAt: Date | null;
  /** The seed's flag; configuration may name more administrators. */
  platformAdmin: boolean;
  createdAt: Date;
}

export interface NewAdminUser {
  id: string;
  username: string;
  email: string;
  fullname: string;
  /** An unusable marker when the account was created without a password. */
  passwordHash: string;
  emailConfirmedAt: Date | null;
  createdAt: Date;
}

/** `search`: part of a username or e-mail address, without case; `after`: the last username of the previous page. */
export interface UserQuery {
  search?: string;
  after?: string;
  limit: number;
}

export interface AdminOrganizationRecord {
  id: string;
  name: string;
  fullname: string;
  plan: OrganizationPlan;
  createdAt: Date;
}

export interface AdminMemberRecord {
  userId: string;
  username: string;
  role: OrgRole;
}

/** One entry of the admin audit log (docs/admin-api.md "Audit"). */
export interface AdminAuditRecord {
  id: string;
  actor: { id: string; username: string };
  action: AdminAction;
  target: { type: 'user' | 'organization'; id: string; name: string };
  details: Record<string, unknown>;
  at: Date;
}

export type AdminAction =
  | 'user.created'
  | 'user.disabled'
  | 'user.enabled'
  | 'user.deleted'
  | 'user.sessions_ended'
  | 'user.factors_reset'
  | 'user.email_confirmation_set'
  | 'organization.created'
  | 'organization.member_added'
  | 'organization.member_removed'
  | 'organization.member_role_set';
