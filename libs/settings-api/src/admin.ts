/** The admin API's shapes (docs/admin-api.md): platform administrators only. */

export type AdminOrgRole = 'admin' | 'write' | 'contributor' | 'read';

/** A user as the admin API answers it. */
export interface AdminUserView {
  id: string;
  username: string;
  email: string;
  fullname: string;
  /** When the e-mail address was confirmed; null when it is not. */
  emailConfirmedAt: string | null;
  /** When the account was disabled; null when it is enabled. */
  disabledAt: string | null;
  /** Whether the user may call the admin API (the seed's flag or GATEHOUSE_PLATFORM_ADMINS). */
  platformAdmin: boolean;
  createdAt: string;
}

/** One page of `GET /api/admin/users`; `next` is the cursor of the following page, null at the end. */
export interface AdminUsersPage {
  users: AdminUserView[];
  next: string | null;
}

export interface CreateAdminUserBody {
  username: string;
  email: string;
  fullname?: string;
  /** Without one the account has no password: it signs in only once one is set (reset). */
  password?: string;
  emailConfirmed?: boolean;
}

/** What `POST /api/admin/users/{username}/sessions/end` and `/factors/reset` ended. */
export interface EndedSessionsView {
  /** Browser sessions are ended all at once; their number is not known. */
  sessionsEnded: true;
  refreshTokensRevoked: number;
  accessTokensRevoked: number;
}

export interface ResetFactorsView extends EndedSessionsView {
  /** The factors removed, by kind (each plugged-in factor store's name). */
  factorsRemoved: Record<string, number>;
}

export interface AdminOrganizationView {
  id: string;
  name: string;
  fullname: string;
  plan: 'free' | 'team' | 'enterprise';
  createdAt: string;
}

export interface CreateAdminOrganizationBody {
  name: string;
  fullname?: string;
  plan?: 'free' | 'team' | 'enterprise';
  /** The first administrator of the organization (a username). */
  admin?: string;
}

export interface AdminMemberView {
  userId: string;
  username: string;
  role: AdminOrgRole;
}
