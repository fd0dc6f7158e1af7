/** What AdminModule is configured with (docs/admin-api.md). */
export interface AdminOptions {
  /** GATEHOUSE_PLATFORM_ADMINS: usernames (compared without case) of platform administrators. */
  platformAdmins: readonly string[];
}

export const ADMIN_OPTIONS = Symbol('gatehouse.auth.adminOptions');
