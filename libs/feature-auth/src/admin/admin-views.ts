import type { AdminOrganizationView, AdminUserView } from '@gatehouse/settings-api';
import type { AdminOrganizationRecord, AdminUserRecord } from './ports/admin-records';

/** A user as the admin API answers it; `namedAdmin`: GATEHOUSE_PLATFORM_ADMINS names them. */
export function adminUserView(user: AdminUserRecord, namedAdmin: boolean): AdminUserView {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    fullname: user.fullname,
    emailConfirmedAt: user.emailConfirmedAt?.toISOString() ?? null,
    disabledAt: user.disabledAt?.toISOString() ?? null,
    platformAdmin: user.platformAdmin || namedAdmin,
    createdAt: user.createdAt.toISOString(),
  };
}

export function adminOrganizationView(org: AdminOrganizationRecord): AdminOrganizationView {
  return {
    id: org.id,
    name: org.name,
    fullname: org.fullname,
    plan: org.plan,
    createdAt: org.createdAt.toISOString(),
  };
}
