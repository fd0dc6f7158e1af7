import type { OrgMembership, UserAccount } from '@gatehouse/domain';
import type {
  MembershipWithOrganization,
  OrganizationEntity,
  UserEntity,
} from '@gatehouse/persistence';
import type { PrincipalUser } from '../principal/principal';

/** Shown for users and organizations without an avatar of their own (relative to the public URL). */
const DEFAULT_AVATAR_PATH = '/avatars/default.svg';

type UserFields = Pick<
  UserEntity,
  'id' | 'username' | 'fullname' | 'email' | 'avatarUrl' | 'isPro'
>;
type MembershipFields = Pick<MembershipWithOrganization, 'role'> & {
  organization: Pick<OrganizationEntity, 'id' | 'name' | 'fullname' | 'avatarUrl' | 'plan'>;
};

/**
 * A stored user as the domain's claim, userinfo and whoami builders read it. The schema has no
 * e-mail verification or billing columns yet: addresses are verified when accounts are created
 * (seed, admin), and a Pro subscription stands for "a payment method is set up".
 */
export function userAccountOf(user: UserFields): UserAccount {
  return {
    id: user.id,
    username: user.username,
    fullname: user.fullname,
    email: user.email,
    emailVerified: true,
    avatarUrl: user.avatarUrl ?? DEFAULT_AVATAR_PATH,
    websiteUrl: null,
    isPro: user.isPro,
    canPay: user.isPro,
    periodEnd: null,
  };
}

/** A membership as the domain builders read it; paid plans stand for "a payment method is set up". */
export function orgMembershipOf(membership: MembershipFields): OrgMembership {
  const { organization } = membership;
  return {
    id: organization.id,
    name: organization.name,
    fullname: organization.fullname,
    avatarUrl: organization.avatarUrl ?? DEFAULT_AVATAR_PATH,
    plan: organization.plan,
    email: null,
    canPay: organization.plan !== 'free',
    periodEnd: null,
    roleInOrg: membership.role,
  };
}

export function principalUserOf(user: UserFields): PrincipalUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    fullname: user.fullname,
    isPro: user.isPro,
    avatarUrl: user.avatarUrl,
  };
}
