import { OrgMembership, UserAccount, absoluteUrl, profileUrl } from './account';

interface UserinfoOrganization {
  /** The organization id: the value apps pass as `orgIds` (docs/oauth.md "Consent"). */
  sub: string;
  name: string;
  preferred_username: string;
  picture: string;
  plan?: string;
  roleInOrg?: OrgMembership['roleInOrg'];
  canPay?: boolean;
}

export interface Userinfo {
  sub: string;
  name?: string;
  preferred_username?: string;
  picture?: string;
  profile?: string;
  website?: string;
  email?: string;
  email_verified?: boolean;
  isPro: boolean;
  canPay?: boolean;
  /** What every Hugging Face client reads (docs/hf-clients.md "OAuth and OpenID Connect"). */
  orgs: UserinfoOrganization[];
  /** Another name for the same list (docs/oauth.md "Userinfo and whoami"). */
  organizations: UserinfoOrganization[];
}

export interface UserinfoInput {
  publicUrl: string;
  user: UserAccount;
  scopes: readonly string[];
  /** All of the user's memberships; only the granted ones are shown. */
  memberships: readonly OrgMembership[];
  grantedOrgIds: readonly string[];
}

/**
 * The `/oauth/userinfo` answer (docs/oauth.md "Userinfo and whoami"): `sub` and `isPro` always; profile claims with
 * `profile`; `email`/`email_verified` with `email`; `canPay` (user and organizations) with
 * `read-billing`; the organizations the user granted this app, each with `roleInOrg` only under
 * `read-memberships`. The organization list is `[]` when none was granted, never absent.
 */
export function buildUserinfo(input: UserinfoInput): Userinfo {
  const { user, scopes, publicUrl } = input;
  const billing = scopes.includes('read-billing');
  const memberships = scopes.includes('read-memberships');
  const orgs = input.memberships
    .filter((org) => input.grantedOrgIds.includes(org.id))
    .map((org): UserinfoOrganization => {
      const entry: UserinfoOrganization = {
        sub: org.id,
        name: org.fullname,
        preferred_username: org.name,
        picture: absoluteUrl(publicUrl, org.avatarUrl),
      };
      if (org.plan) entry.plan = org.plan;
      if (memberships) entry.roleInOrg = org.roleInOrg;
      if (billing) entry.canPay = org.canPay;
      return entry;
    });

  const profile = scopes.includes('profile');
  const email = scopes.includes('email') && user.email !== null;
  return {
    sub: user.id,
    ...(profile && {
      name: user.fullname,
      preferred_username: user.username,
      picture: absoluteUrl(publicUrl, user.avatarUrl),
      profile: profileUrl(publicUrl, user.username),
      ...(user.websiteUrl ? { website: user.websiteUrl } : {}),
    }),
    ...(email && { email: user.email as string, email_verified: user.emailVerified }),
    isPro: user.isPro,
    ...(billing && { canPay: user.canPay }),
    orgs,
    organizations: orgs.map((org) => ({ ...org })),
  };
}
