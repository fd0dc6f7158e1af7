import type { OrgRole, OrganizationPlan } from '@gatehouse/domain';
import type { PrincipalUser } from '../../principal/principal';

/** A user as the services read it: the principal's fields, and whether the account is disabled. */
export interface UserRecord extends PrincipalUser {
  disabledAt: Date | null;
}

export interface OrganizationRecord {
  id: string;
  name: string;
  fullname: string;
  plan: OrganizationPlan;
  avatarUrl: string | null;
}

/** A user's membership of one organization. */
export interface MembershipRecord {
  organization: OrganizationRecord;
  role: OrgRole;
}
